/**
 * Settings › Passkeys › Add a passkey: a name for it and, for an account with a password, the password again; then
 * the browser's own prompt creates the passkey, and the server keeps it. A prompt the person closes is no failure.
 */
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api/auth.ts';
import { addPasskey, passkeyAddOptions } from '../../lib/api/passkeys.ts';
import { PASSKEY_NAME_MAX, PASSKEY_NOT_ADDED, type PasskeySummary } from '../../shared/passkeys.ts';
import { Alert, PasswordField, refusedField, TextField, useFormMessage } from '../auth/fields.tsx';
import { isAlreadyRegistered, isPromptClosed, promptNewPasskey } from '../auth/passkey-prompt.ts';
import { browserPlatform, checkPasskeyName, PASSKEY_UI, suggestedPasskeyName } from './passkey-rules.ts';
import { OUTLINE_BUTTON, PRIMARY_BUTTON, SectionMessage } from './SettingsSection.tsx';

export default function AddPasskeyForm({
  hasPassword,
  onAdded,
}: {
  hasPassword: boolean;
  onAdded: (passkey: PasskeySummary) => void;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // A closed prompt is said plainly (a status), apart from the form's errors.
  const [notice, setNotice] = useState<string | null>(null);
  const form = useFormMessage();
  const openButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Closed (cancelled or done), the focus goes back to the button that opened the form.
  useEffect(() => {
    if (!open && wasOpen.current) openButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const close = () => {
    setOpen(false);
    setPassword('');
    form.clear();
    setNotice(null);
  };

  async function add(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const checked = checkPasskeyName(name);
    if (!checked.ok) {
      form.fail(checked.message, ['name']);
      return;
    }
    setBusy(true);
    form.clear();
    try {
      const { handle, options } = await passkeyAddOptions(hasPassword ? password : undefined);
      const response = await promptNewPasskey(options);
      const answer = await addPasskey(handle, response, checked.name);
      onAdded(answer.passkey);
      setOpen(false);
      setPassword('');
      form.succeed(answer.message);
    } catch (e) {
      if (isPromptClosed(e)) setNotice(PASSKEY_UI.addCancelled);
      else if (isAlreadyRegistered(e)) form.fail(PASSKEY_UI.alreadyRegistered);
      // 'password' (wrong or missing) and 'name' mark their fields; an expired challenge or the limit, the form.
      else form.fail(errorMessage(e, PASSKEY_NOT_ADDED), [refusedField(e)]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      {open ? (
        <form
          method="post"
          className="flex max-w-md flex-col gap-3 rounded-lg border border-gray-200 p-3 sm:p-4 dark:border-white/10"
          onSubmit={(event) => void add(event)}
          onChange={form.edited}
          noValidate
        >
          <h3 className="m-0 text-base font-semibold">Add a passkey</h3>
          <TextField
            label="Passkey name"
            name="name"
            value={name}
            onChange={setName}
            autoComplete="off"
            maxLength={PASSKEY_NAME_MAX}
            aria={form.field('name')}
            focusOnShow
          />
          {hasPassword && (
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
            Your browser then asks for your fingerprint, face or screen lock, or for a phone or security key.
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={PRIMARY_BUTTON} disabled={busy || (hasPassword && password === '')}>
              {busy ? 'Waiting for your passkey...' : 'Create passkey'}
            </button>
            <button type="button" className={OUTLINE_BUTTON} disabled={busy} onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button
          ref={openButton}
          type="button"
          className={OUTLINE_BUTTON}
          onClick={() => {
            setName(suggestedPasskeyName(browserPlatform()));
            setOpen(true);
            form.clear();
            setNotice(null);
          }}
        >
          Add a passkey
        </button>
      )}
      {notice && (
        <div className="mt-3">
          <Alert tone="info">{notice}</Alert>
        </div>
      )}
      <SectionMessage form={form} />
    </div>
  );
}
