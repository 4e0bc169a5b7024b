/** A logo or icon picker: the current picture beside the chosen one, with the browser's size and type check. */
import { useEffect, useId, useRef, useState } from 'react';
import { UPLOAD_TYPES } from '../../../shared/constants.ts';
import { checkPicture } from './company-rules.ts';

interface Props {
  name: string;
  label: string;
  hint: string;
  /** The picture in use now (a URL the browser can load), or '' when there is none. */
  current: string;
  backdrop: keyof typeof FRAMES;
  file: File | null;
  error: string;
  onChange: (file: File | null, error: string) => void;
}

/** Each picture is previewed on the background it is shown on: the dark-theme logo on the dark page, and so on. */
const FRAMES = {
  light: 'border-gray-300 bg-white text-gray-500',
  dark: 'border-white/20 bg-[#0b0f14] text-gray-400',
  page: 'border-gray-300 bg-gray-100 text-gray-500 dark:border-white/20 dark:bg-white/5 dark:text-gray-400',
} as const;

export default function ImagePicker({ name, label, hint, current, backdrop, file, error, onChange }: Props) {
  const frame = `flex h-20 w-full items-center justify-center overflow-hidden rounded-lg border border-dashed p-1 ${FRAMES[backdrop]}`;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosenUrl, setChosenUrl] = useState('');

  useEffect(() => {
    if (!file) {
      setChosenUrl('');
      if (input.current) input.current.value = '';
      return;
    }
    const url = URL.createObjectURL(file);
    setChosenUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(files: FileList | null) {
    const picked = files?.[0] ?? null;
    if (!picked) return onChange(null, '');
    const problem = checkPicture(picked);
    // A refused file is never kept, so it can never be sent.
    if (problem && input.current) input.current.value = '';
    onChange(problem ? null : picked, problem ?? '');
  }

  return (
    <div className="min-w-0 rounded-lg border border-gray-200 p-3 dark:border-white/10" data-picture={name}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <p className="m-0 mt-0.5 text-xs text-gray-600 dark:text-gray-400">{hint}</p>
      <div className="mt-3 grid grid-cols-2 gap-2 text-xs text-gray-600 dark:text-gray-400">
        <figure className="m-0 min-w-0">
          <div className={frame}>{current ? <img src={current} alt={`Current ${label.toLowerCase()}`} className="max-h-16 max-w-full object-contain" /> : <span>None</span>}</div>
          <figcaption className="mt-1">Current</figcaption>
        </figure>
        <figure className="m-0 min-w-0">
          <div className={frame}>{chosenUrl ? <img src={chosenUrl} alt={`New ${label.toLowerCase()}`} className="max-h-16 max-w-full object-contain" /> : <span>Not chosen</span>}</div>
          <figcaption className="mt-1 truncate">{file ? `New: ${file.name} (${(file.size / 1024 / 1024).toFixed(2)} MB)` : 'New'}</figcaption>
        </figure>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          name={name}
          type="file"
          accept={UPLOAD_TYPES.join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="block w-full min-w-0 text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-gray-200 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-900 dark:file:bg-white/10 dark:file:text-gray-100"
          onChange={(e) => choose(e.target.files)}
        />
        {file && (
          <button type="button" className="text-sm font-medium text-[var(--color-primary-ink)] underline" onClick={() => onChange(null, '')}>
            Keep the current one
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="m-0 mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
