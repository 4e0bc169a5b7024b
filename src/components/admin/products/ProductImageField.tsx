/** The product picture: the current one beside the chosen one, with the browser's size and type check. */
import { useId } from 'react';
import SafeImage from '../../lists/SafeImage.tsx';
import PictureInput, { megabytes, usePreviewUrl } from '../ui/PictureInput.tsx';

interface Props {
  /** The stored picture ('' for none). */
  current: string;
  /** A product not saved yet: only the chosen picture is shown. */
  isNew: boolean;
  file: File | null;
  error: string;
  onChange: (file: File | null, error: string) => void;
}

const frame =
  'flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg border border-dashed border-gray-300 bg-gray-100 text-xs text-gray-500 dark:border-white/20 dark:bg-white/5 dark:text-gray-400';

export default function ProductImageField({ current, isNew, file, error, onChange }: Props) {
  const id = useId();
  const preview = usePreviewUrl(file);

  return (
    <fieldset className="m-0 min-w-0 rounded-lg border border-gray-200 p-3 dark:border-white/10">
      <legend className="px-1 text-sm font-medium">Image</legend>
      <div className="flex flex-wrap gap-3 text-xs text-gray-600 dark:text-gray-400">
        {/* A new product has no current picture to compare with. */}
        {!isNew && (
          <figure className="m-0 w-[calc(50%-0.375rem)] max-w-32">
            <div className={frame}>
              {current ? (
                <SafeImage
                  src={current}
                  alt="Current image"
                  width={128}
                  height={128}
                  className="h-full w-full object-cover"
                  sizes="128px"
                />
              ) : (
                <span>No image</span>
              )}
            </div>
            <figcaption className="mt-1">Current</figcaption>
          </figure>
        )}
        <figure className="m-0 w-[calc(50%-0.375rem)] max-w-32">
          <div className={frame}>
            {preview ? (
              // eslint-disable-next-line jsx-a11y/img-redundant-alt -- 'image' names what is uploaded (the product's image), not the element
              <img src={preview} alt="New image preview" className="h-full w-full object-cover" />
            ) : (
              <span>Not chosen</span>
            )}
          </div>
          <figcaption className="mt-1 truncate">{file ? `${file.name} (${megabytes(file)})` : 'New'}</figcaption>
        </figure>
      </div>
      <label htmlFor={id} className="mt-3 block text-sm font-medium">
        Choose an image
      </label>
      <p className="m-0 text-xs text-gray-600 dark:text-gray-400">JPEG, PNG, GIF or WEBP, up to 5 MB.</p>
      <PictureInput
        id={id}
        name="image"
        file={file}
        error={error}
        onChange={onChange}
        dropLabel={current ? 'Keep the current one' : 'Remove'}
        spacing="mt-2"
      />
    </fieldset>
  );
}
