/** The photo upload's required image input with a preview and the browser's size and type check (spec section 5). */
import { useId } from 'react';
import { checkPicture } from '../company/company-rules.ts';
import { useDataUrl } from '../sliders/ImageField.tsx';

interface Props {
  file: File | null;
  /** The chosen file once it passed the check, else null. */
  onFile: (file: File | null) => void;
  /** Why the last chosen file was refused; '' for none. */
  problem: string;
  onProblem: (problem: string) => void;
  /** Changing it empties the file input (after an upload). */
  resetKey: number;
}

export default function PhotoFileField({ file, onFile, problem, onProblem, resetKey }: Props) {
  const id = useId();
  const preview = useDataUrl(file);
  function choose(input: HTMLInputElement) {
    const chosen = input.files?.[0] ?? null;
    const refusal = chosen ? checkPicture(chosen) : null;
    onProblem(refusal ?? '');
    // A refused file is not kept: the required input stays empty, so the form cannot be sent with it.
    if (refusal) input.value = '';
    onFile(refusal ? null : chosen);
  }
  return (
    <div className="text-sm font-medium text-gray-800 dark:text-gray-200">
      <label htmlFor={id}>Image</label>
      <input
        key={resetKey}
        id={id}
        name="photo"
        type="file"
        accept="image/*"
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className="mt-1 block w-full text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-gray-200 file:px-3 file:py-2 file:font-semibold file:text-gray-900 dark:file:bg-white/10 dark:file:text-gray-100"
        onChange={(e) => choose(e.currentTarget)}
      />
      <p className="m-0 mt-1 text-xs font-normal text-gray-500 dark:text-gray-400">
        JPEG, PNG, GIF or WEBP, less than 5MB.
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="m-0 mt-2 text-sm font-normal text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      {preview && (
        // eslint-disable-next-line jsx-a11y/img-redundant-alt -- 'photo' names what is uploaded (a photo for the Photos page), not the element
        <img
          src={preview}
          alt="Chosen photo preview"
          className="mt-3 max-h-72 w-full max-w-sm rounded-lg border border-gray-200 object-contain dark:border-white/10"
        />
      )}
    </div>
  );
}
