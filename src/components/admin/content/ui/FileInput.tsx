/** A labelled single-file input for the content forms. Usage: <FileInput label="Audio file" accept="audio/*" name="audio" hint="…" onFile={setFile} />. */
import { useId } from 'react';
import { FieldError, invalidProps } from '../../ui/field-errors.tsx';

interface Props {
  label: string;
  name: string;
  accept: string;
  /** A line under the input: the formats and size taken, or the file kept when none is chosen. */
  hint: string;
  onFile: (file: File | null) => void;
  /** A refusal of the file, shown under the hint and read with it. */
  error?: string | undefined;
}

export default function FileInput({ label, name, accept, hint, onFile, error }: Props) {
  const id = useId();
  return (
    <div className="text-sm font-medium text-gray-800 dark:text-gray-200">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        {...invalidProps(id, error, `${id}-hint`)}
        onChange={(e) => onFile(e.currentTarget.files?.[0] ?? null)}
        className="mt-1 block w-full text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-gray-200 file:px-3 file:py-2 file:font-semibold file:text-gray-900 dark:file:bg-white/10 dark:file:text-gray-100"
      />
      <p id={`${id}-hint`} className="m-0 mt-1 break-words text-xs font-normal text-gray-500 dark:text-gray-400">
        {hint}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
