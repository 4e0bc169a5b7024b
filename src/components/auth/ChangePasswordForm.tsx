/** Change password for a signed-in user (on /profile and in Settings); required first for a generated admin password. */
import { useState } from 'react';
import { changePassword, errorMessage } from '../../lib/api/auth.ts';
import { AUTH_TEXTS } from '../../lib/auth-rules.ts';
import { FormAlert, NewPasswordFields, PasswordField, refusedField, SubmitButton, useFormMessage } from './fields.tsx';

interface Props {
  onChanged: () => void;
  /** The form's frame: /profile sets it apart with a rule; Settings puts it in its own card. */
  className?: string;
  /** The heading's level: h2 on /profile, h3 inside a Settings section. */
  headingLevel?: 'h2' | 'h3';
}

export default function ChangePasswordForm({
  onChanged,
  className = 'mt-8 space-y-4 border-t border-gray-200 pt-6 dark:border-white/10',
  headingLevel = 'h2',
}: Props) {
  const Heading = headingLevel;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormMessage();

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (next !== confirm) {
      form.fail(AUTH_TEXTS.passwordsDiffer, ['confirmPassword']);
      return;
    }
    setBusy(true);
    form.clear();
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setConfirm('');
      form.succeed('Password changed');
      onChanged();
    } catch (e) {
      // 'currentPassword' (not correct) or 'newPassword' (a rule, or the same as before) marks that field.
      form.fail(errorMessage(e, 'Failed to change password'), [refusedField(e)]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      method="post"
      className={className}
      onSubmit={(event) => {
        void submit(event);
      }}
      onChange={form.edited}
    >
      <Heading className={`m-0 font-semibold ${headingLevel === 'h2' ? 'text-lg' : 'text-base'}`}>
        Change password
      </Heading>
      <PasswordField
        label="Current password"
        name="currentPassword"
        value={current}
        onChange={setCurrent}
        autoComplete="current-password"
        aria={form.field('currentPassword')}
      />
      <NewPasswordFields password={next} confirm={confirm} onPassword={setNext} onConfirm={setConfirm} form={form} />
      <FormAlert form={form} />
      <SubmitButton busy={busy}>{busy ? 'Saving...' : 'Change Password'}</SubmitButton>
    </form>
  );
}
