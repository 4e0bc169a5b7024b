/**
 * A modal form for a tab's create and edit (a <dialog>, Escape cancels unless busy).
 * Usage: <ContentFormDialog open title busy refusals onCancel onSubmit [actions]>{fields}</ContentFormDialog>; onSubmit gets no
 * event.
 * A refusal naming a field shows under that field (useFieldErrors); editing a field lets go of its refusal.
 */
import { useId, type ReactNode } from 'react';
import ModalDialog from '../../ui/ModalDialog.tsx';
import type { ContentRefusals } from './use-content-form.ts';

interface Props {
  open: boolean;
  title: string;
  busy: boolean;
  /** From useContentForm: a refusal naming no field shown here appears above the buttons. */
  refusals: ContentRefusals;
  onCancel: () => void;
  onSubmit: () => void;
  /** 'Save' unless told; reads 'Saving...' while busy. */
  submitLabel?: string;
  /** Buttons beside Save that send the form another way (Save draft, Preview). */
  actions?: ReactNode;
  children: ReactNode;
}

export default function ContentFormDialog({
  open,
  title,
  busy,
  refusals: { attachForm, failure, clear },
  onCancel,
  onSubmit,
  submitLabel = 'Save',
  actions,
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
          ref={attachForm}
          noValidate
          className="flex flex-col gap-4 p-4 sm:p-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) onSubmit();
          }}
          onChange={(event) => {
            const { name } = event.target as Partial<HTMLInputElement>;
            if (name) clear(name);
          }}
        >
          <h2 id={titleId} className="m-0 text-lg font-bold">
            {title}
          </h2>
          <div className="grid gap-4">{children}</div>
          {failure && (
            <p
              role="alert"
              className="m-0 break-words rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm font-medium text-red-700 dark:text-red-300"
            >
              {failure}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <button
              type="button"
              disabled={busy}
              onClick={onCancel}
              className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10"
            >
              Cancel
            </button>
            {actions}
            <button type="submit" disabled={busy} className="brand-button px-5 py-2 font-semibold disabled:opacity-60">
              {busy ? 'Saving...' : submitLabel}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
