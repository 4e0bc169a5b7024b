/** The admin's modal <dialog>: shown while `open` (focus kept inside), Escape cancels unless an action is running. */
import { useEffect, useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';

/** The dialog's card look; each dialog adds its width, padding and scrolling. */
const CARD =
  'm-auto rounded-2xl border border-gray-200 bg-white text-gray-900 shadow-xl backdrop:bg-black/60 dark:border-white/10 dark:bg-[#111821] dark:text-gray-100';

interface Props {
  open: boolean;
  /** While true, Escape does nothing (the running save or change is not cut off). */
  busy: boolean;
  onCancel: () => void;
  /** The id of the dialog's title. */
  labelledBy: string;
  className: string;
  /** The <dialog> element, for a form that focuses its first bad field. */
  ref?: Ref<HTMLDialogElement>;
  children: ReactNode;
}

export default function ModalDialog({ open, busy, onCancel, labelledBy, className, ref, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Handles are set after mount, when the element exists.
  useImperativeHandle(ref, () => {
    if (!dialog.current) throw new Error('The <dialog> is mounted before its handle is set');
    return dialog.current;
  }, []);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className={`${CARD} ${className}`}
    >
      {children}
    </dialog>
  );
}
