/** The product picture: the current one beside the chosen one, with the browser's size and type check. */
import { useEffect, useId, useRef, useState } from 'react';
import { UPLOAD_TYPES } from '../../../shared/constants.ts';
import SafeImage from '../../lists/SafeImage.tsx';
import { checkPicture } from './product-form.ts';

interface Props {
  /** The stored picture ('' for none). */
  current: string;
  /** A product not saved yet: only the chosen picture is shown. */
  isNew: boolean;
  file: File | null;
  error: string;
  onChange: (file: File | null, error: string) => void;
}

const frame = 'flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg border border-dashed border-gray-300 bg-gray-100 text-xs text-gray-500 dark:border-white/20 dark:bg-white/5 dark:text-gray-400';

export default function ProductImageField({ current, isNew, file, error, onChange }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState('');

  useEffect(() => {
    if (!file) {
      setPreview('');
      if (input.current) input.current.value = '';
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
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
    <fieldset className="m-0 min-w-0 rounded-lg border border-gray-200 p-3 dark:border-white/10">
      <legend className="px-1 text-sm font-medium">Image</legend>
      <div className="flex flex-wrap gap-3 text-xs text-gray-600 dark:text-gray-400">
        {/* A new product has no current picture to compare with. */}
        {!isNew && (
          <figure className="m-0 w-[calc(50%-0.375rem)] max-w-32">
            <div className={frame}>
              {current ? <SafeImage src={current} alt="Current image" width={128} height={128} className="h-full w-full object-cover" sizes="128px" /> : <span>No image</span>}
            </div>
            <figcaption className="mt-1">Current</figcaption>
          </figure>
        )}
        <figure className="m-0 w-[calc(50%-0.375rem)] max-w-32">
          <div className={frame}>{preview ? <img src={preview} alt="New image preview" className="h-full w-full object-cover" /> : <span>Not chosen</span>}</div>
          <figcaption className="mt-1 truncate">{file ? `${file.name} (${(file.size / 1024 / 1024).toFixed(2)} MB)` : 'New'}</figcaption>
        </figure>
      </div>
      <label htmlFor={id} className="mt-3 block text-sm font-medium">Choose an image</label>
      <p className="m-0 text-xs text-gray-600 dark:text-gray-400">JPEG, PNG, GIF or WEBP, up to 5 MB.</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          name="image"
          type="file"
          accept={UPLOAD_TYPES.join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="block w-full min-w-0 text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-gray-200 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-900 dark:file:bg-white/10 dark:file:text-gray-100"
          onChange={(e) => choose(e.target.files)}
        />
        {file && (
          <button type="button" className="text-sm font-medium text-[var(--color-primary-ink)] underline" onClick={() => onChange(null, '')}>
            {current ? 'Keep the current one' : 'Remove'}
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="m-0 mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
