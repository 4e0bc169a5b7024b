/**
 * Login: username-or-email and password, 'Forgot Password?' by emailed code, a passkey (its button, or picked from the
 * username field's autofill), Google sign-in, and the query string.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  continueSignedIn,
  errorMessage,
  fetchMe,
  loginRequest,
  pathAfterSignIn,
  rememberReturnPath,
  requestOtp,
  signOut,
} from '../../lib/api/auth.ts';
import { AUTH_TEXTS, readLoginQuery } from '../../lib/auth-rules.ts';
import { login } from '../../lib/stores/session.ts';
import { Alert, AuthCard, PasswordField, refusedField, SubmitButton, TextField, useFormMessage } from './fields.tsx';
import GoogleButton from './GoogleButton.tsx';
import OtpForm from './OtpForm.tsx';
import PasskeyButton from './PasskeyButton.tsx';
import {
  choosePasskey,
  isPromptClosed,
  PASSKEYS_UNAVAILABLE,
  passkeysSupported,
  type ChosenPasskey,
} from './passkey-prompt.ts';
import { usePasskeyAutofill } from './use-passkey-autofill.ts';
import { signInWithPasskey } from '../../lib/api/passkeys.ts';
import { PASSKEY_FAILED } from '../../shared/passkeys.ts';
import { needsSecondStep, type TwoFactorChallenge } from '../../shared/two-factor.ts';
import TwoFactorStep from './TwoFactorStep.tsx';
import { readTwoFactorQuery, TWO_FACTOR_UI } from './two-factor-rules.ts';

/** Setting up an authenticator at sign-in (ADMIN_2FA=required) is rare: its QR code and recovery codes load only then. */
const TwoFactorEnrolStep = lazy(() => import('./TwoFactorEnrolStep.tsx'));

/** `google`: the build found Google sign-in configured (GET /api/auth/providers); without it the button could only fail. */
export default function LoginForm({ google = false }: { google?: boolean }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // A passkey sign-in running: its prompt open, or its answer on the way to the server.
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const form = useFormMessage();
  const { fail } = form;
  const [codeFor, setCodeFor] = useState<string | null>(null);
  // Back from the code step to correct the address: the identity field takes the focus.
  const [correcting, setCorrecting] = useState(false);
  // A sign-in that needs its second factor: after the password, the emailed code or Google.
  const [second, setSecond] = useState<TwoFactorChallenge | null>(null);

  useEffect(() => {
    const query = readLoginQuery(location.search);
    const twoFactor = readTwoFactorQuery(location.search);
    // ?next=/shop: where to go once signed in, kept across the Google round trip (which comes back here with ?token=).
    rememberReturnPath(location.search);
    // The token or error must not stay in the address bar or history (security.md 1.2).
    if (location.search) history.replaceState(history.state, '', location.pathname);
    if (twoFactor) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is read once hydration is done (the server renders without it): the second pass React prescribes for content only the browser knows
      setSecond(twoFactor);
    } else if (query.kind === 'token') {
      login(query.token);
      // The first authenticated call, with the HttpOnly binding cookie, activates a token delivered in the URL.
      fetchMe()
        .then((me) => location.replace(pathAfterSignIn(me)))
        .catch(() => {
          // A token that was not accepted must not leave the header showing a signed-in visitor.
          void signOut();
          fail(AUTH_TEXTS.googleFailed);
        });
    } else if (query.kind === 'error') {
      fail(query.message);
    }
    // Once, on load: fail is the same function on every render.
  }, [fail]);

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    form.clear();
    try {
      const answer = await loginRequest(username.trim(), password);
      if (needsSecondStep(answer)) {
        setSecond(answer);
        setBusy(false);
        return;
      }
      await continueSignedIn(answer.token);
    } catch (e) {
      // 401 'Invalid username or password' is about the pair, and never says which: both are marked. Other refusals
      // (unverified email, too many attempts, no answer) are about the account or the moment: the Alert alone.
      const status = (e as { status?: unknown } | null)?.status;
      form.fail(errorMessage(e, AUTH_TEXTS.loginFailed), status === 401 ? ['username', 'password'] : [refusedField(e)]);
      setBusy(false);
    }
  }

  /** 'Sign in with a passkey': the browser's prompt at once; closing it is no failure, so it says nothing. */
  async function passkeyButton() {
    setPasskeyBusy(true);
    form.clear();
    let chosen: ChosenPasskey;
    try {
      if (!(await passkeysSupported())) {
        form.fail(PASSKEYS_UNAVAILABLE);
        setPasskeyBusy(false);
        return;
      }
      chosen = await choosePasskey();
    } catch (e) {
      if (!isPromptClosed(e)) form.fail(errorMessage(e, PASSKEY_FAILED));
      setPasskeyBusy(false);
      return;
    }
    await finishPasskey(chosen);
  }

  /** A passkey picked (by the button or from the autofill list) signs in on its own, then goes on as a password does. */
  async function finishPasskey({ handle, response }: ChosenPasskey) {
    setPasskeyBusy(true);
    form.clear();
    try {
      await continueSignedIn((await signInWithPasskey(handle, response)).token);
    } catch (e) {
      // PASSKEY_FAILED (401), an expired challenge, too many attempts: the server's sentence.
      form.fail(errorMessage(e, PASSKEY_FAILED));
      setPasskeyBusy(false);
    }
  }

  // The form's passkey autofill waits only while nothing else runs: a sign-in starting, or another step, aborts it.
  usePasskeyAutofill(!busy && !passkeyBusy && !second && !codeFor, (chosen) => void finishPasskey(chosen));

  async function forgot() {
    const identity = username.trim();
    form.clear();
    if (!identity) {
      form.fail(AUTH_TEXTS.forgotNeedsIdentity, ['username']);
      return;
    }
    setBusy(true);
    try {
      await requestOtp(identity);
      setCodeFor(identity);
    } catch (e) {
      // The code goes to the identity typed in the first field: a refusal of its `email` is about that one.
      form.fail(errorMessage(e, AUTH_TEXTS.otpSendFailed), [refusedField(e) === 'email' ? 'username' : undefined]);
    } finally {
      setBusy(false);
    }
  }

  if (second) {
    const back = () => {
      setSecond(null);
      setCodeFor(null);
      setPassword('');
    };
    return second.twoFactor === 'enrol' ? (
      <AuthCard title={TWO_FACTOR_UI.enrolTitle}>
        <Suspense fallback={<p className="m-0 text-sm">Loading...</p>}>
          <TwoFactorEnrolStep challenge={second.challenge} onBack={back} />
        </Suspense>
      </AuthCard>
    ) : (
      <AuthCard title={TWO_FACTOR_UI.title}>
        <TwoFactorStep challenge={second.challenge} onBack={back} />
      </AuthCard>
    );
  }

  if (codeFor) {
    return (
      <AuthCard title="Sign in with a code">
        <OtpForm
          email={codeFor}
          intro="If an account matches, we have emailed it a 6-digit code and a link to reset the password."
          onChangeEmail={() => {
            setCodeFor(null);
            setCorrecting(true);
          }}
          changeEmailLabel="Use a different email or username"
          onSecondStep={setSecond}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Login">
      {/* method="post": a submit before the island hydrates never puts the password in the URL. */}
      <form
        method="post"
        className="space-y-4"
        onSubmit={(event) => {
          void submit(event);
        }}
        onChange={form.edited}
        noValidate={false}
      >
        <TextField
          label="Username or Email"
          name="username"
          value={username}
          onChange={setUsername}
          // "webauthn" last: the browser offers passkeys in this field's autofill list too (usePasskeyAutofill).
          autoComplete="username webauthn"
          aria={form.field('username')}
          focusOnShow={correcting}
        />
        <PasswordField
          label="Password"
          name="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          aria={form.field('password')}
        />
        <div className="text-right">
          <button
            type="button"
            className="text-sm text-[var(--color-primary-ink)] hover:underline"
            onClick={() => {
              void forgot();
            }}
            disabled={busy || passkeyBusy}
          >
            Forgot Password?
          </button>
        </div>
        {form.message && (
          <Alert tone="error" id={form.id}>
            {form.message.text}
          </Alert>
        )}
        <SubmitButton busy={busy || passkeyBusy}>{busy ? 'Signing in...' : 'Login'}</SubmitButton>
      </form>
      <div className="my-4 text-center text-sm text-gray-500 dark:text-gray-400">or</div>
      <div className="space-y-3">
        <PasskeyButton busy={passkeyBusy} disabled={busy || passkeyBusy} onClick={() => void passkeyButton()} />
        {google && <GoogleButton label="Sign in with Google" />}
      </div>
      <p className="mt-6 text-center text-sm">
        No account yet?{' '}
        <a href="/register" className="font-medium text-[var(--color-primary-ink)] hover:underline">
          Register
        </a>
      </p>
    </AuthCard>
  );
}
