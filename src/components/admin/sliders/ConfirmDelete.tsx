/** Asks before a slider is deleted: a modal <dialog> (focus kept inside, Escape cancels), Cancel focused first. */
import { useEffect, useRef } from 'react';

interface Props {
  /** The slider's title; the dialog is open while it is set. */
  name: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export default function ConfirmDelete({ name, busy, onCancel, onConfirm }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (name !== null && !d.open) d.showModal();
    if (name === null && d.open) d.close();
  }, [name]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="confirm-delete-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl border border-gray-200 bg-white p-6 text-gray-900 shadow-xl backdrop:bg-black/60 dark:border-white/10 dark:bg-[#111821] dark:text-gray-100"
    >
      <h2 id="confirm-delete-title" className="m-0 text-lg font-bold">
        Delete this slider?
      </h2>
      <p className="m-0 mt-2 text-sm text-gray-700 dark:text-gray-300">
        “{name}” will be removed from the hero for good. This cannot be undone.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" autoFocus disabled={busy} onClick={onCancel} className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10">
          Cancel
        </button>
        <button type="button" disabled={busy} onClick={onConfirm} className="rounded-md bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60">
          {busy ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </dialog>
  );
}
