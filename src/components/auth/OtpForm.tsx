/**
 * The 6-digit code step, shared by 'Forgot Password?' and the register verify step; a new code can be asked for here,
 * and a mistyped address corrected (the parent shows its email step again, the address kept).
 */
import { useEffect, useState } from 'react';
import { errorMessage, goAfterSignIn, requestOtp, verifyOtp } from '../../lib/api/auth.ts';
import { AUTH_TEXTS, cleanOtp } from '../../lib/auth-rules.ts';
import { login } from '../../lib/stores/session.ts';
import { OTP_LENGTH } from '../../shared/constants.ts';
import { needsSecondStep, type TwoFactorChallenge } from '../../shared/two-factor.ts';
import { Alert, inputClass, refusedField, SubmitButton, useFormMessage } from './fields.tsx';

interface Props {
  email: string;
  intro: string;
  onBack?: () => void;
  /** Back to the step where the address was typed, so a mistyped one can be corrected. */
  onChangeEmail?: () => void;
  /** The words of that action; a sign-in code may have been asked for with a username. */
  changeEmailLabel?: string;
  /** The account has a second factor: the login screen shows that step next. */
  onSecondStep?: (challenge: TwoFactorChallenge) => void;
}

/** How long 'Send a new code' rests after a code was sent, so a slow mail is not answered with a pile of codes. */
export const RESEND_PAUSE_MS = 30_000;

export default function OtpForm({
  email,
  intro,
  onBack,
  onChangeEmail,
  changeEmailLabel = 'Use a different email',
  onSecondStep,
}: Props) {
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormMessage();
  const [resend, setResend] = useState<{
    state: 'idle' | 'sending' | 'resting';
    note?: { tone: 'success' | 'error'; text: string };
  }>({
    state: 'idle',
  });

  useEffect(() => {
    if (resend.state !== 'resting') return;
    const timer = setTimeout(() => setResend((now) => ({ ...now, state: 'idle' })), RESEND_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [resend.state]);

  async function sendAgain() {
    setResend({ state: 'sending' });
    try {
      await requestOtp(email);
      setOtp('');
      form.clear();
      setResend({
        state: 'resting',
        note: { tone: 'success', text: `A new code is on its way to ${email}. Enter the newest one.` },
      });
    } catch (e) {
      setResend({ state: 'idle', note: { tone: 'error', text: errorMessage(e, AUTH_TEXTS.otpSendFailed) } });
    }
  }

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    form.clear();
    try {
      const answer = await verifyOtp(email, otp);
      if (needsSecondStep(answer)) {
        if (!onSecondStep) throw new Error('a second sign-in step is needed here');
        onSecondStep(answer);
        return;
      }
      login(answer.token);
      await goAfterSignIn();
    } catch (e) {
      // 'otp': a wrong or expired code marks the field; too many wrong codes (429) is about the code sent, not the one typed.
      form.fail(errorMessage(e, AUTH_TEXTS.otpInvalid), [refusedField(e)]);
      setBusy(false);
    }
  }

  return (
    <form
      method="post"
      className="space-y-4"
      onSubmit={(event) => {
        void submit(event);
      }}
      onChange={form.edited}
    >
      <Alert tone="info">{intro}</Alert>
      {onChangeEmail && (
        <p className="m-0 text-sm">
          Not {email}?{' '}
          <button
            type="button"
            className="font-medium text-[var(--color-primary-ink)] underline"
            onClick={onChangeEmail}
          >
            {changeEmailLabel}
          </button>
        </p>
      )}
      <label className="block text-sm font-medium">
        {AUTH_TEXTS.otpPrompt}
        <input
          className={`${inputClass} tracking-[0.5em]`}
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={OTP_LENGTH}
          pattern="\d{6}"
          placeholder={AUTH_TEXTS.otpPrompt}
          value={otp}
          {...form.field('otp')}
          onChange={(e) => setOtp(cleanOtp(e.target.value))}
        />
      </label>
      {form.message && (
        <Alert tone="error" id={form.id}>
          {form.message.text}
        </Alert>
      )}
      <SubmitButton busy={busy}>{busy ? 'Verifying...' : 'Verify'}</SubmitButton>
      <p className="m-0 text-center text-sm">
        No code after a minute? Check your spam folder, or{' '}
        <button
          type="button"
          className="underline disabled:cursor-not-allowed disabled:no-underline disabled:opacity-60"
          disabled={resend.state !== 'idle'}
          onClick={() => {
            void sendAgain();
          }}
        >
          {resend.state === 'sending' ? 'sending a new code...' : 'send a new code'}
        </button>
        .
      </p>
      {resend.note && <Alert tone={resend.note.tone}>{resend.note.text}</Alert>}
      {onBack && (
        <button type="button" className="w-full text-sm underline" onClick={onBack}>
          Back
        </button>
      )}
    </form>
  );
}
