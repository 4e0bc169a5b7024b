/** Reset password from the emailed link: the token comes from the query string, or the visitor is sent to /login. */
import { useEffect, useState } from 'react';
import { errorMessage, resetPassword } from '../../lib/api/auth.ts';
import { AUTH_TEXTS } from '../../lib/auth-rules.ts';
import { RESET_REDIRECT_MS } from '../../shared/constants.ts';
import {
  Alert,
  AuthCard,
  FormAlert,
  NewPasswordFields,
  refusedField,
  SubmitButton,
  useFormMessage,
} from './fields.tsx';

export default function ResetPasswordForm() {
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormMessage();
  const [done, setDone] = useState(false);

  useEffect(() => {
    const value = new URLSearchParams(location.search).get('token');
    if (!value) {
      location.replace('/login');
      return;
    }
    // Keep the single-use token out of history and Referer once read.
    history.replaceState(history.state, '', location.pathname);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is read once hydration is done (the server renders without it): the second pass React prescribes for content only the browser knows
    setToken(value);
  }, []);

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // The confirmation is what fails to match the new password.
    if (password !== confirm) {
      form.fail(AUTH_TEXTS.passwordsDiffer, ['confirmPassword']);
      return;
    }
    if (!token) {
      location.replace('/login');
      return;
    }
    setBusy(true);
    form.clear();
    try {
      await resetPassword(token, password);
      setDone(true);
      setTimeout(() => location.assign('/login'), RESET_REDIRECT_MS);
    } catch (e) {
      // 'newPassword' (a password rule) marks that field; 'token' (a spent link) is no field of the form.
      form.fail(errorMessage(e, AUTH_TEXTS.resetFailed), [refusedField(e)]);
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Reset password">
      {done ? (
        <Alert tone="success">{AUTH_TEXTS.resetDone}</Alert>
      ) : (
        <form
          method="post"
          className="space-y-4"
          onSubmit={(event) => {
            void submit(event);
          }}
          onChange={form.edited}
        >
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            form={form}
          />
          <FormAlert form={form} />
          <SubmitButton busy={busy || token === null}>{busy ? 'Saving...' : 'Reset Password'}</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
