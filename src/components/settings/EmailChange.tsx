/** Settings › Account › Email: a new address is confirmed by the 6-digit code mailed to it. */
import { useState } from 'react';
import { cancelEmailChange, confirmEmailChange, requestEmailChange } from '../../lib/api/account.ts';
import { errorMessage } from '../../lib/api/auth.ts';
import type { AccountProfile } from '../../shared/account.ts';
import { inputClass, PasswordField, refusedField, TextField, useFormMessage } from '../auth/fields.tsx';
import { normaliseCode } from './settings-rules.ts';
import { OUTLINE_BUTTON, PRIMARY_BUTTON, SectionMessage } from './SettingsSection.tsx';

export default function EmailChange({
  account,
  onChange,
}: {
  account: AccountProfile;
  onChange: (account: AccountProfile) => void;
}) {
  const [open, setOpen] = useState(false);
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormMessage();

  async function run(action: () => Promise<void>, fallback: string) {
    setBusy(true);
    form.clear();
    try {
      await action();
    } catch (e) {
      // 'newEmail' (taken, the same), 'password' (not correct) or 'code' (wrong, expired) marks that field.
      form.fail(errorMessage(e, fallback), [refusedField(e)]);
    } finally {
      setBusy(false);
    }
  }

  const send = (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      const answer = await requestEmailChange(newEmail, account.hasPassword ? password : undefined);
      onChange({ ...account, pendingEmail: answer.pendingEmail });
      setPassword('');
      setCode('');
      setOpen(false);
      // The code box says where the code went; no second notice beside it.
    }, 'The code could not be sent. Please try again.');
  };

  const confirm = (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      const changed = await confirmEmailChange(code);
      onChange(changed);
      setCode('');
      setNewEmail('');
      form.succeed(`Your email address is now ${changed.email}`);
    }, 'The code could not be checked. Please try again.');
  };

  const cancel = () =>
    void run(async () => {
      await cancelEmailChange();
      onChange({ ...account, pendingEmail: null });
      setCode('');
      form.clear();
    }, 'The change could not be cancelled. Please try again.');

  return (
    <div>
      <h3 className="m-0 text-base font-semibold">Email</h3>
      <p className="m-0 mt-1 break-words text-sm">
        <span className="text-gray-600 dark:text-gray-400">Your address: </span>
        <span className="font-medium" data-current-email>
          {account.email}
        </span>
      </p>
      {account.pendingEmail ? (
        <form
          method="post"
          className="mt-4 flex flex-col gap-3 rounded-lg border border-gray-200 p-3 sm:p-4 dark:border-white/10"
          onSubmit={confirm}
          onChange={form.edited}
          noValidate
        >
          <p className="m-0 break-words text-sm">
            We sent a 6-digit code to <strong>{account.pendingEmail}</strong>. Enter it below: it works once and expires
            after 10 minutes.
          </p>
          <label className="block text-sm font-medium">
            Code from the email
            <input
              className={`${inputClass} max-w-[12rem] text-lg tracking-[0.3em] tabular-nums`}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={7}
              required
              value={code}
              {...form.field('code')}
              onChange={(e) => setCode(normaliseCode(e.target.value))}
            />
          </label>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={PRIMARY_BUTTON} disabled={busy || code.length !== 6}>
              {busy ? 'Checking...' : 'Confirm new email'}
            </button>
            <button type="button" className={OUTLINE_BUTTON} disabled={busy} onClick={cancel}>
              Cancel change
            </button>
          </div>
        </form>
      ) : open ? (
        <form
          method="post"
          className="mt-4 flex flex-col gap-3 rounded-lg border border-gray-200 p-3 sm:p-4 dark:border-white/10"
          onSubmit={send}
          onChange={form.edited}
          noValidate
        >
          <TextField
            label="New email"
            name="newEmail"
            type="email"
            value={newEmail}
            onChange={setNewEmail}
            autoComplete="email"
            aria={form.field('newEmail')}
          />
          {account.hasPassword && (
            <PasswordField
              label="Your password"
              name="password"
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
              aria={form.field('password')}
            />
          )}
          <p className="m-0 text-xs text-gray-600 dark:text-gray-400">
            We email a code to the new address; your address changes once you enter it here.
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              className={PRIMARY_BUTTON}
              disabled={busy || !newEmail.trim() || (account.hasPassword && !password)}
            >
              {busy ? 'Sending...' : 'Send code'}
            </button>
            <button
              type="button"
              className={OUTLINE_BUTTON}
              disabled={busy}
              onClick={() => {
                setOpen(false);
                form.clear();
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className={`${OUTLINE_BUTTON} mt-3`}
          onClick={() => {
            setOpen(true);
            form.clear();
          }}
        >
          Change email
        </button>
      )}
      <SectionMessage form={form} />
    </div>
  );
}
