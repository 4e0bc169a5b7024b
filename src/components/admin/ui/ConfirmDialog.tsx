/** Asks before an admin action: a modal <dialog> (focus kept inside, Escape cancels), Cancel focused first. */
import { useId, type ReactNode } from 'react';
import ModalDialog from './ModalDialog.tsx';

interface Props {
  open: boolean;
  title: string;
  /** What follows the action, in a sentence. */
  children: ReactNode;
  /** More below the sentence: a choice the action needs, or why the last attempt was refused. */
  details?: ReactNode;
  /** The confirm button's text, and its text while the action runs. */
  confirmLabel: string;
  busyLabel: string;
  /** 'danger' (red) for what removes or locks out; 'safe' (green) for what restores. */
  tone?: 'danger' | 'safe';
  busy: boolean;
  /** The confirm button stays off while the action cannot go ahead (a choice it needs is missing). */
  blocked?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export default function ConfirmDialog({
  open,
  title,
  children,
  details,
  confirmLabel,
  busyLabel,
  tone = 'danger',
  busy,
  blocked = false,
  onCancel,
  onConfirm,
}: Props) {
  const titleId = useId();

  return (
    <ModalDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      labelledBy={titleId}
      className="w-[min(26rem,calc(100vw-2rem))] p-6"
    >
      <h2 id={titleId} className="m-0 text-lg font-bold break-words">
        {title}
      </h2>
      <p className="m-0 mt-2 break-words text-sm text-gray-700 dark:text-gray-300">{children}</p>
      {details}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          disabled={busy}
          onClick={onCancel}
          className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10"
        >
          Cancel
        </button>
        <button
          type="button"
          disabled={busy || blocked}
          onClick={onConfirm}
          className={`rounded-md px-4 py-2 font-semibold text-white disabled:opacity-60 ${tone === 'danger' ? 'bg-red-600 hover:bg-red-700' : 'bg-emerald-700 hover:bg-emerald-800'}`}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
