/** The sign-in's second step: a code from the authenticator app or a recovery code, after the password, the emailed code or Google. */
import { useState } from 'react';
import { errorMessage, goAfterSignIn } from '../../lib/api/auth.ts';
import { completeTwoFactor } from '../../lib/api/two-factor.ts';
import { login } from '../../lib/stores/session.ts';
import { Alert, inputClass, refusedField, SubmitButton, useFormMessage } from './fields.tsx';
import { cleanSecondFactor, TWO_FACTOR_UI } from './two-factor-rules.ts';

interface Props {
  challenge: string;
  /** Back to the first step (a new sign-in: a spent or expired challenge cannot be used again). */
  onBack: () => void;
}

export default function TwoFactorStep({ challenge, onBack }: Props) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormMessage();
  const [over, setOver] = useState(false);

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    form.clear();
    try {
      const { token } = await completeTwoFactor(challenge, code);
      login(token);
      await goAfterSignIn();
    } catch (e) {
      const status = (e as { status?: number } | null)?.status;
      // 401: the challenge expired or was used up; 429 for it: too many wrong codes. Either way: sign in again.
      const gone = status === 401 || status === 429;
      setOver(gone);
      // A wrong code ('code') marks the field; once the challenge is gone the field is shut, and nothing is marked.
      form.fail(errorMessage(e, TWO_FACTOR_UI.failed), gone ? [] : [refusedField(e)]);
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
          {...form.field('code')}
          value={code}
          onChange={(e) => setCode(cleanSecondFactor(e.target.value))}
          disabled={over}
        />
      </label>
      {form.message && (
        <div>
          <Alert tone="error" id={form.id}>
            {form.message.text}
          </Alert>
        </div>
      )}
      {!over && <SubmitButton busy={busy || code.trim() === ''}>{busy ? 'Verifying...' : 'Verify'}</SubmitButton>}
      <button type="button" className="w-full text-sm underline" onClick={onBack}>
        {over ? 'Sign in again' : 'Back'}
      </button>
    </form>
  );
}
