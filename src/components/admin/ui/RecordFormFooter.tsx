/**
 * The foot of a record form (useRecordForm): the refusal that names no field, then a bar kept in view while the form
 * scrolls inside its dialog, with the upload's progress, Cancel, and the form's own buttons (`children`, Save last).
 * Usage: <RecordFormFooter failure progress busy onCancel>{actions}<button type="submit">…</button></RecordFormFooter>.
 */
import type { ReactNode } from 'react';
import UploadProgressBar from '../company/UploadProgressBar.tsx';

interface Props {
  failure: string | null | undefined;
  progress: number | null;
  busy: boolean;
  onCancel: () => void;
  children: ReactNode;
}

export default function RecordFormFooter({ failure, progress, busy, onCancel, children }: Props) {
  return (
    <>
      {failure && (
        <p
          role="alert"
          className="m-0 rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
        >
          {failure}
        </p>
      )}
      <div className="sticky bottom-0 -mx-4 -mb-4 flex flex-wrap items-center justify-end gap-3 border-t border-gray-200 bg-white px-4 py-4 sm:-mx-6 sm:-mb-6 sm:px-6 dark:border-white/10 dark:bg-[#111821]">
        {progress !== null && <UploadProgressBar percent={progress} />}
        <button
          type="button"
          disabled={busy}
          onClick={onCancel}
          className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-100 disabled:opacity-60 dark:border-white/20 dark:hover:bg-white/10"
        >
          Cancel
        </button>
        {children}
      </div>
    </>
  );
}
