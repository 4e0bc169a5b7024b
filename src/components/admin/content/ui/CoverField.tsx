/**
 * An item's cover picture in its form (a post's, an audio item's): a file to choose, the chosen or current cover shown
 * in the shape the item's page shows it, and Remove cover while no new one is chosen. Its input is named as the
 * item's field, so a refusal naming the field shows under it.
 */
import { useId } from 'react';
import { apiAsset } from '../../../../lib/api/base.ts';
import { useDataUrl } from '../../sliders/ImageField.tsx';
import { FieldError, invalidProps } from '../../ui/field-errors.tsx';

interface Props {
  /** The item's field: `image` (a post), `cover` (an audio item). */
  name: string;
  label: string;
  /** How the item's page shows it: wide (a post's cover) or square (an audio item's). */
  shape: 'wide' | 'square';
  /** Said while there is no cover. */
  empty: string;
  /** The cover the item (or its draft) has now: '' for none, or once removed in the form. */
  current: string;
  file: File | null;
  onFile: (file: File | null) => void;
  onRemove: () => void;
  error: string | undefined;
}

const SHAPES = { wide: 'aspect-video w-full max-w-xs', square: 'aspect-square w-32' } as const;

export default function CoverField({ name, label, shape, empty, current, file, onFile, onRemove, error }: Props) {
  const id = useId();
  const chosen = useDataUrl(file);
  const preview = chosen || (current ? apiAsset(current) : '');
  return (
    <div className="text-sm font-medium text-gray-800 dark:text-gray-200">
      <label>
        {label}
        <input
          type="file"
          name={name}
          {...invalidProps(id, error)}
          accept="image/jpeg,image/png,image/gif,image/webp"
          className="mt-1 block w-full text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-gray-200 file:px-3 file:py-2 file:font-semibold file:text-gray-900 dark:file:bg-white/10 dark:file:text-gray-100"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <FieldError id={id} error={error} />
      {preview ? (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <img
            src={preview}
            alt="Cover preview"
            className={`${SHAPES[shape]} rounded-lg border border-gray-200 object-cover dark:border-white/10`}
          />
          {!file && (
            <button
              type="button"
              onClick={onRemove}
              className="rounded-md border border-gray-300 px-3 py-1.5 text-sm hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10"
            >
              Remove cover
            </button>
          )}
        </div>
      ) : (
        <p className="m-0 mt-2 text-xs font-normal text-gray-500 dark:text-gray-400">{empty}</p>
      )}
    </div>
  );
}
