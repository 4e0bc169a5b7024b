/** A logo or icon picker: the current picture beside the chosen one, with the browser's size and type check. */
import { useId } from 'react';
import PictureInput, { megabytes, usePreviewUrl } from '../ui/PictureInput.tsx';

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
  page: 'border-gray-300 bg-gray-100 text-gray-600 dark:border-white/20 dark:bg-white/5 dark:text-gray-400',
} as const;

export default function ImagePicker({ name, label, hint, current, backdrop, file, error, onChange }: Props) {
  const frame = `flex h-20 w-full items-center justify-center overflow-hidden rounded-lg border border-dashed p-1 ${FRAMES[backdrop]}`;
  const id = useId();
  const chosenUrl = usePreviewUrl(file);

  return (
    <div className="min-w-0 rounded-lg border border-gray-200 p-3 dark:border-white/10" data-picture={name}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <p className="m-0 mt-0.5 text-xs text-gray-600 dark:text-gray-400">{hint}</p>
      <div className="mt-3 grid grid-cols-2 gap-2 text-xs text-gray-600 dark:text-gray-400">
        <figure className="m-0 min-w-0">
          <div className={frame}>
            {current ? (
              <img
                src={current}
                alt={`Current ${label.toLowerCase()}`}
                className="max-h-16 max-w-full object-contain"
              />
            ) : (
              <span>None</span>
            )}
          </div>
          <figcaption className="mt-1">Current</figcaption>
        </figure>
        <figure className="m-0 min-w-0">
          <div className={frame}>
            {chosenUrl ? (
              <img src={chosenUrl} alt={`New ${label.toLowerCase()}`} className="max-h-16 max-w-full object-contain" />
            ) : (
              <span>Not chosen</span>
            )}
          </div>
          <figcaption className="mt-1 truncate">{file ? `New: ${file.name} (${megabytes(file)})` : 'New'}</figcaption>
        </figure>
      </div>
      <PictureInput
        id={id}
        name={name}
        file={file}
        error={error}
        onChange={onChange}
        dropLabel="Keep the current one"
      />
    </div>
  );
}
