/** Change password for a signed-in user (on /profile and in Settings); required first for a generated admin password. */
import { useState } from 'react';
import { changePassword, errorMessage } from '../../lib/api/auth.ts';
import { AUTH_TEXTS } from '../../lib/auth-rules.ts';
import { Alert, PasswordField, SubmitButton } from './fields.tsx';

interface Props {
  onChanged: () => void;
  /** The form's frame: /profile sets it apart with a rule; Settings puts it in its own card. */
  className?: string;
  /** The heading's level: h2 on /profile, h3 inside a Settings section. */
  headingLevel?: 'h2' | 'h3';
}

export default function ChangePasswordForm({ onChanged, className = 'mt-8 space-y-4 border-t border-gray-200 pt-6 dark:border-white/10', headingLevel = 'h2' }: Props) {
  const Heading = headingLevel;
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
    <form method="post" className={className} onSubmit={submit}>
      <Heading className={`m-0 font-semibold ${headingLevel === 'h2' ? 'text-lg' : 'text-base'}`}>Change password</Heading>
      <PasswordField label="Current password" name="currentPassword" value={current} onChange={setCurrent} autoComplete="current-password" />
      <PasswordField label="New password" name="newPassword" value={next} onChange={setNext} autoComplete="new-password" />
      <PasswordField label="Confirm password" name="confirmPassword" value={confirm} onChange={setConfirm} autoComplete="new-password" />
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <SubmitButton busy={busy}>{busy ? 'Saving...' : 'Change Password'}</SubmitButton>
    </form>
  );
}
