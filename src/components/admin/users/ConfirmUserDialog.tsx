/** Asks before an account is deactivated or reactivated: a modal <dialog> (Escape cancels), Cancel focused first. */
import { useEffect, useRef } from 'react';
import type { AdminUser } from '../../../shared/admin.ts';
import { fullName } from './user-text.ts';

interface Props {
  /** The account to change; the dialog is open while it is set. */
  user: AdminUser | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export default function ConfirmUserDialog({ user, busy, onCancel, onConfirm }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (user && !d.open) d.showModal();
    if (!user && d.open) d.close();
  }, [user]);
  const deactivate = user ? !user.disabled : true;
  const name = user ? fullName(user) : '';

  return (
    <dialog
      ref={dialog}
      aria-labelledby="confirm-user-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl border border-gray-200 bg-white p-6 text-gray-900 shadow-xl backdrop:bg-black/60 dark:border-white/10 dark:bg-[#111821] dark:text-gray-100"
    >
      <h2 id="confirm-user-title" className="m-0 text-lg font-bold">
        {deactivate ? 'Deactivate this account?' : 'Reactivate this account?'}
      </h2>
      <p className="m-0 mt-2 break-words text-sm text-gray-700 dark:text-gray-300">
        {deactivate
          ? `${name} will be signed out everywhere at once and cannot sign in until the account is reactivated.`
          : `${name} will be able to sign in again.`}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" autoFocus disabled={busy} onClick={onCancel} className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10">
          Cancel
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={onConfirm}
          className={`rounded-md px-4 py-2 font-semibold text-white disabled:opacity-60 ${deactivate ? 'bg-red-600 hover:bg-red-700' : 'bg-emerald-700 hover:bg-emerald-800'}`}
        >
          {busy ? 'Saving...' : deactivate ? 'Deactivate' : 'Reactivate'}
        </button>
      </div>
    </dialog>
  );
}
