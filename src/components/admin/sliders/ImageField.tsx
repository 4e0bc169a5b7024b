/** The slider image (or video thumbnail) input with a preview: the chosen file, else the slider's current image. */
import { useEffect, useId, useState } from 'react';
import { apiAsset } from '../../../lib/api/base.ts';

interface Props {
  label: string;
  file: File | null;
  onFile: (file: File | null) => void;
  /** The image the slider has now (edit mode); '' for none. */
  current?: string;
  /** Changing it empties the file input (after a save). */
  resetKey?: string | number;
}

/** A data: URL of the chosen file: the page's CSP allows data: images, not blob: ones. */
export function useDataUrl(file: File | null): string {
  const [read, setRead] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setRead({ file, url: typeof reader.result === 'string' ? reader.result : '' });
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  // The chosen file's own URL only: '' while it is read, and when none is chosen.
  return read?.file === file ? read.url : '';
}

export default function ImageField({ label, file, onFile, current = '', resetKey }: Props) {
  const id = useId();
  const chosen = useDataUrl(file);
  const preview = chosen || (current ? apiAsset(current) : '');
  return (
    <div className="text-sm font-medium text-gray-800 dark:text-gray-200">
      <label htmlFor={id}>{label}</label>
      <input
        key={resetKey}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        className="mt-1 block w-full text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-gray-200 file:px-3 file:py-2 file:font-semibold file:text-gray-900 dark:file:bg-white/10 dark:file:text-gray-100"
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      {preview ? (
        <img
          src={preview}
          alt={`${label} preview`}
          className="mt-3 aspect-video w-full max-w-sm rounded-lg border border-gray-200 object-cover dark:border-white/10"
        />
      ) : (
        <p className="m-0 mt-2 text-xs font-normal text-gray-500 dark:text-gray-400">No image chosen.</p>
      )}
    </div>
  );
}
