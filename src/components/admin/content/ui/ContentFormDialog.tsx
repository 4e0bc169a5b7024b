/**
 * A modal form for a tab's create and edit (a <dialog>, Escape cancels unless busy).
 * Usage: <ContentFormDialog open title busy error onCancel onSubmit>{fields}</ContentFormDialog>; onSubmit gets no event.
 */
import { useId, type ReactNode } from 'react';
import ModalDialog from '../../ui/ModalDialog.tsx';

interface Props {
  open: boolean;
  title: string;
  busy: boolean;
  /** The server's (or the form's own) refusal, shown above the buttons; '' or null shows nothing. */
  error?: string | null;
  onCancel: () => void;
  onSubmit: () => void;
  /** 'Save' unless told; reads 'Saving...' while busy. */
  submitLabel?: string;
  children: ReactNode;
}

export default function ContentFormDialog({
  open,
  title,
  busy,
  error,
  onCancel,
  onSubmit,
  submitLabel = 'Save',
  children,
}: Props) {
  const titleId = useId();

  return (
    <ModalDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      labelledBy={titleId}
      className="max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-1rem))] overflow-y-auto p-0"
    >
      {open && (
        <form
          noValidate
          className="flex flex-col gap-4 p-4 sm:p-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) onSubmit();
          }}
        >
          <h2 id={titleId} className="m-0 text-lg font-bold">
            {title}
          </h2>
          <div className="grid gap-4">{children}</div>
          <p
            role="alert"
            className="m-0 min-h-5 break-words text-sm font-medium text-red-700 empty:hidden dark:text-red-300"
          >
            {error ?? ''}
          </p>
          <div className="flex flex-wrap justify-end gap-3">
            <button
              type="button"
              disabled={busy}
              onClick={onCancel}
              className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10"
            >
              Cancel
            </button>
            <button type="submit" disabled={busy} className="brand-button px-5 py-2 font-semibold disabled:opacity-60">
              {busy ? 'Saving...' : submitLabel}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
