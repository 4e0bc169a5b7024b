/** Change password for a signed-in user; required first for a generated admin password. */
import { useState } from 'react';
import { changePassword, errorMessage } from '../../lib/api/auth.ts';
import { AUTH_TEXTS } from '../../lib/auth-rules.ts';
import { Alert, PasswordField, SubmitButton } from './fields.tsx';

export default function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (next !== confirm) return setMessage({ tone: 'error', text: AUTH_TEXTS.passwordsDiffer });
    setBusy(true);
    setMessage(null);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setConfirm('');
      setMessage({ tone: 'success', text: 'Password changed' });
      onChanged();
    } catch (e) {
      setMessage({ tone: 'error', text: errorMessage(e, 'Failed to change password') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" className="mt-8 space-y-4 border-t border-gray-200 pt-6 dark:border-white/10" onSubmit={submit}>
      <h2 className="m-0 text-lg font-semibold">Change password</h2>
      <PasswordField label="Current password" name="currentPassword" value={current} onChange={setCurrent} autoComplete="current-password" />
      <PasswordField label="New password" name="newPassword" value={next} onChange={setNext} autoComplete="new-password" />
      <PasswordField label="Confirm password" name="confirmPassword" value={confirm} onChange={setConfirm} autoComplete="new-password" />
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <SubmitButton busy={busy}>{busy ? 'Saving...' : 'Change Password'}</SubmitButton>
    </form>
  );
}
