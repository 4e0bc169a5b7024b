/** Settings › Danger zone: deleting the account after the password is typed again (or DELETE, for an account without one). */
import { useId, useState } from 'react';
import { deleteAccount } from '../../lib/api/account.ts';
import { errorMessage } from '../../lib/api/auth.ts';
import { logout } from '../../lib/stores/session.ts';
import type { AccountProfile } from '../../shared/account.ts';
import { DELETE_CONFIRM_WORD } from '../../shared/schemas/account.ts';
import ModalDialog from '../admin/ui/ModalDialog.tsx';
import { Alert, inputClass, PasswordField, refusedField, useFormMessage } from '../auth/fields.tsx';
import { deleteBody, deleteReady } from './settings-rules.ts';
import SettingsSection from './SettingsSection.tsx';

const DANGER_BUTTON = 'rounded-md bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60';

export default function DeleteAccount({ account, onDeleted }: { account: AccountProfile; onDeleted: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormMessage();

  const close = () => {
    setOpen(false);
    setValue('');
    form.clear();
  };

  async function confirm(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!deleteReady(account.hasPassword, value)) return;
    setBusy(true);
    form.clear();
    try {
      await deleteAccount(deleteBody(account.hasPassword, value));
      // The server ended every session with the account; this browser forgets its token too.
      logout();
      setOpen(false);
      onDeleted();
    } catch (e) {
      // 'password' (not correct) or 'confirm' (not the word) marks the field; the last admin (409) is about the account.
      form.fail(errorMessage(e, 'Your account could not be deleted. Please try again.'), [refusedField(e)]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection id="danger" title="Danger zone" tone="danger">
      <h3 className="m-0 text-base font-semibold">Delete account</h3>
      <p className="m-0 mt-1 text-sm text-gray-700 dark:text-gray-300">
        Your profile, sign-ins, messages and history are deleted for good. Orders you placed stay in our books without
        your account. Download your data first if you want a copy.
      </p>
      <button type="button" className={`${DANGER_BUTTON} mt-4`} onClick={() => setOpen(true)}>
        Delete account
      </button>
      <ModalDialog
        open={open}
        busy={busy}
        onCancel={close}
        labelledBy={`${id}-title`}
        className="w-[min(28rem,calc(100vw-2rem))] p-6"
      >
        <form
          method="post"
          onSubmit={(event) => {
            void confirm(event);
          }}
          onChange={form.edited}
          noValidate
        >
          <h2 id={`${id}-title`} className="m-0 text-lg font-bold">
            Delete your account?
          </h2>
          <p className="m-0 mt-2 text-sm text-gray-700 dark:text-gray-300">
            This cannot be undone. You will be signed out everywhere.
          </p>
          <div className="mt-4">
            {account.hasPassword ? (
              <PasswordField
                label="Enter your password to confirm"
                name="password"
                value={value}
                onChange={setValue}
                autoComplete="current-password"
                aria={form.field('password')}
              />
            ) : (
              <label className="block text-sm font-medium">
                Type {DELETE_CONFIRM_WORD} to confirm
                <input
                  className={inputClass}
                  name="confirm"
                  autoComplete="off"
                  value={value}
                  {...form.field('confirm')}
                  onChange={(e) => setValue(e.target.value)}
                />
              </label>
            )}
          </div>
          {form.message && (
            <div className="mt-3">
              <Alert tone="error" id={form.id}>
                {form.message.text}
              </Alert>
            </div>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button
              type="button"
              disabled={busy}
              onClick={close}
              className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10"
            >
              Cancel
            </button>
            <button type="submit" disabled={busy || !deleteReady(account.hasPassword, value)} className={DANGER_BUTTON}>
              {busy ? 'Deleting...' : 'Delete my account'}
            </button>
          </div>
        </form>
      </ModalDialog>
    </SettingsSection>
  );
}
