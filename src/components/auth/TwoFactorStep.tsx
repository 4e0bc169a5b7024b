/** The sign-in's second step (issue 22): a code from the authenticator app or a recovery code, after the password, the emailed code or Google. */
import { useState } from 'react';
import { errorMessage, goAfterSignIn } from '../../lib/api/auth.ts';
import { completeTwoFactor } from '../../lib/api/two-factor.ts';
import { login } from '../../lib/stores/session.ts';
import { Alert, inputClass, SubmitButton } from './fields.tsx';
import { cleanSecondFactor, TWO_FACTOR_UI } from './two-factor-rules.ts';

interface Props {
  challenge: string;
  /** Back to the first step (a new sign-in: a spent or expired challenge cannot be used again). */
  onBack: () => void;
}

export default function TwoFactorStep({ challenge, onBack }: Props) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [over, setOver] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const { token } = await completeTwoFactor(challenge, code);
      login(token);
      await goAfterSignIn();
    } catch (e) {
      const status = (e as { status?: number } | null)?.status;
      // 401: the challenge expired or was used up; 429 for it: too many wrong codes. Either way: sign in again.
      setOver(status === 401 || status === 429);
      setError(errorMessage(e, TWO_FACTOR_UI.failed));
      setBusy(false);
    }
  }

  return (
    <form method="post" className="space-y-4" onSubmit={submit}>
      <Alert tone="info">{TWO_FACTOR_UI.codeHint}</Alert>
      <label className="block text-sm font-medium">
        {TWO_FACTOR_UI.codeLabel}
        <input
          className={`${inputClass} text-lg tracking-[0.3em]`}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={20}
          aria-describedby={error ? 'two-factor-error' : undefined}
          value={code}
          onChange={(e) => setCode(cleanSecondFactor(e.target.value))}
          disabled={over}
        />
      </label>
      {error && <div id="two-factor-error"><Alert tone="error">{error}</Alert></div>}
      {!over && <SubmitButton busy={busy || code.trim() === ''}>{busy ? 'Verifying...' : 'Verify'}</SubmitButton>}
      <button type="button" className="w-full text-sm underline" onClick={onBack}>
        {over ? 'Sign in again' : 'Back'}
      </button>
    </form>
  );
}
