/** The file input of a picture field (a product's image, a company logo): the browser's size and type check, and a preview. */
import { useEffect, useRef, useState } from 'react';
import { UPLOAD_TYPES } from '../../../shared/constants.ts';
import { checkPicture } from '../company/company-rules.ts';

/** An object URL for the chosen file ('' for none), released when the file changes or the field goes away. */
export function usePreviewUrl(file: File | null): string {
  const [url, setUrl] = useState('');
  useEffect(() => {
    if (!file) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the object URL is made and released with the file: the effect owns it, the state shows it
      setUrl('');
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** '2.31 MB': the size shown under a chosen picture. */
export const megabytes = (file: File) => `${(file.size / 1024 / 1024).toFixed(2)} MB`;

interface Props {
  id: string;
  name: string;
  file: File | null;
  error: string;
  onChange: (file: File | null, error: string) => void;
  /** The button that drops the chosen file again. */
  dropLabel: string;
  /** The space above the input's row. */
  spacing?: 'mt-2' | 'mt-3';
}

/** The input, a button to drop the chosen file, and the refusal under them. */
export default function PictureInput({ id, name, file, error, onChange, dropLabel, spacing = 'mt-3' }: Props) {
  const input = useRef<HTMLInputElement>(null);
  // A dropped (or saved) file leaves the input empty too, so choosing the same file again is seen.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  function choose(files: FileList | null) {
    const picked = files?.[0] ?? null;
    if (!picked) {
      onChange(null, '');
      return;
    }
    const problem = checkPicture(picked);
    // A refused file is never kept, so it can never be sent.
    if (problem && input.current) input.current.value = '';
    onChange(problem ? null : picked, problem ?? '');
  }

  return (
    <>
      <div className={`${spacing} flex flex-wrap items-center gap-2`}>
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
          <button
            type="button"
            className="text-sm font-medium text-[var(--color-primary-ink)] underline"
            onClick={() => onChange(null, '')}
          >
            {dropLabel}
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="m-0 mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </>
  );
}
