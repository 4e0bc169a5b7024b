/** Register: the five fields, then a code is emailed and the verify step signs the new customer in. */
import { useEffect, useId, useState } from 'react';
import { errorMessage, registerRequest, rememberReturnPath, requestOtp } from '../../lib/api/auth.ts';
import { AUTH_TEXTS, registerProblem, type RegisterFields } from '../../lib/auth-rules.ts';
import { PASSWORD_MIN } from '../../shared/password-policy.ts';
import {
  Alert,
  AuthCard,
  NameFields,
  PasswordField,
  refusedField,
  SubmitButton,
  TextField,
  useFormMessage,
} from './fields.tsx';
import GoogleButton from './GoogleButton.tsx';
import OtpForm from './OtpForm.tsx';

const EMPTY: RegisterFields = { first_name: '', last_name: '', email: '', username: '', password: '' };

/** The field registerProblem's sentence is about: the first blank one (in its order, the form's), else the email. */
const problemField = (fields: RegisterFields) =>
  (Object.keys(EMPTY) as (keyof RegisterFields)[]).find((key) => fields[key].trim() === '') ?? 'email';

/** `google`: the build found Google sign-in configured (GET /api/auth/providers); without it the button could only fail. */
export default function RegisterForm({ google = false }: { google?: boolean }) {
  // ?next=/shop: the verify step signs the new customer in and goes back there.
  useEffect(() => rememberReturnPath(location.search), []);
  const [fields, setFields] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const form = useFormMessage();
  const hint = useId();
  const [verifying, setVerifying] = useState<string | null>(null);
  // Back from the verify step to correct the address: the email field takes the focus, the other fields kept.
  const [correcting, setCorrecting] = useState(false);
  const field = (key: keyof RegisterFields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = registerProblem(fields);
    if (problem) {
      form.fail(problem, [problemField(fields)]);
      return;
    }
    setBusy(true);
    form.clear();
    const email = fields.email.trim();
    try {
      await registerRequest({ ...fields, email, username: fields.username.trim() });
    } catch (e) {
      setBusy(false);
      form.fail(errorMessage(e, AUTH_TEXTS.registerFailed), [refusedField(e)]);
      return;
    }
    try {
      await requestOtp(email);
      setVerifying(email);
    } catch (e) {
      // The account exists; only the code failed to go out: no field is at fault.
      form.fail(errorMessage(e, AUTH_TEXTS.otpSendFailed));
    } finally {
      setBusy(false);
    }
  }

  if (verifying) {
    return (
      <AuthCard title="Verify your email">
        <OtpForm
          email={verifying}
          intro={`We have emailed a 6-digit code to ${verifying}.`}
          onChangeEmail={() => {
            setVerifying(null);
            setCorrecting(true);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Register">
      <form
        method="post"
        className="space-y-4"
        onSubmit={(event) => {
          void submit(event);
        }}
        onChange={form.edited}
      >
        <NameFields
          first={fields.first_name}
          last={fields.last_name}
          onFirst={field('first_name')}
          onLast={field('last_name')}
          form={form}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          value={fields.email}
          onChange={field('email')}
          autoComplete="email"
          aria={form.field('email')}
          focusOnShow={correcting}
        />
        <TextField
          label="Username"
          name="username"
          value={fields.username}
          onChange={field('username')}
          autoComplete="username"
          maxLength={50}
          aria={form.field('username')}
        />
        <PasswordField
          label="Password"
          name="password"
          value={fields.password}
          onChange={field('password')}
          autoComplete="new-password"
          aria={form.field('password', hint)}
        />
        <p id={hint} className="m-0 text-xs text-gray-500 dark:text-gray-400">
          At least {PASSWORD_MIN} characters; a passphrase of a few words works well.
        </p>
        {form.message && (
          <Alert tone="error" id={form.id}>
            {form.message.text}
          </Alert>
        )}
        <SubmitButton busy={busy}>{busy ? 'Creating account...' : 'Register'}</SubmitButton>
      </form>
      {google && (
        <>
          <div className="my-4 text-center text-sm text-gray-500 dark:text-gray-400">or</div>
          <GoogleButton label="Sign up with Google" />
        </>
      )}
      <p className="mt-6 text-center text-sm">
        Already registered?{' '}
        <a href="/login" className="font-medium text-[var(--color-primary-ink)] hover:underline">
          Login
        </a>
      </p>
    </AuthCard>
  );
}
