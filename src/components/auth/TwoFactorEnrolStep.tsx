/**
 * ADMIN_2FA=required and no authenticator yet: the sign-in shows a new one to add, takes its first code,
 * then shows the recovery codes once before going on, signed in.
 */
import { useEffect, useState } from 'react';
import { errorMessage, goAfterSignIn } from '../../lib/api/auth.ts';
import { completeTwoFactor, setupTwoFactorAtSignIn } from '../../lib/api/two-factor.ts';
import { login } from '../../lib/stores/session.ts';
import type { TwoFactorSetup } from '../../shared/two-factor.ts';
import AuthenticatorSetup from './AuthenticatorSetup.tsx';
import { Alert, inputClass, refusedField, SubmitButton, useFormMessage } from './fields.tsx';
import RecoveryCodes from './RecoveryCodes.tsx';
import { cleanSecondFactor, TWO_FACTOR_UI } from './two-factor-rules.ts';

export default function TwoFactorEnrolStep({ challenge, onBack }: { challenge: string; onBack: () => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormMessage();
  const { fail } = form;
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    setupTwoFactorAtSignIn(challenge)
      .then(setSetup)
      .catch((e: unknown) => fail(errorMessage(e, TWO_FACTOR_UI.setupFailed)));
  }, [challenge, fail]);

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    form.clear();
    try {
      const answer = await completeTwoFactor(challenge, code);
      login(answer.token);
      setCodes(answer.recoveryCodes ?? []);
    } catch (e) {
      form.fail(errorMessage(e, TWO_FACTOR_UI.failed), [refusedField(e)]);
    } finally {
      setBusy(false);
    }
  }

  if (codes) {
    return (
      <div className="space-y-4">
        <Alert tone="success">Two-factor sign-in is on.</Alert>
        <RecoveryCodes codes={codes} />
        <button
          type="button"
          className="brand-button w-full px-4 py-2 font-semibold"
          onClick={() => void goAfterSignIn()}
        >
          I have saved my recovery codes
        </button>
      </div>
    );
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
      <Alert tone="info">{TWO_FACTOR_UI.enrolIntro}</Alert>
      {setup && <AuthenticatorSetup setup={setup} />}
      {setup && (
        <label className="block text-sm font-medium">
          {TWO_FACTOR_UI.codeLabel}
          <input
            className={`${inputClass} text-lg tracking-[0.3em]`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={7}
            value={code}
            {...form.field('code')}
            onChange={(e) => setCode(cleanSecondFactor(e.target.value))}
          />
        </label>
      )}
      {form.message && (
        <Alert tone="error" id={form.id}>
          {form.message.text}
        </Alert>
      )}
      {setup && (
        <SubmitButton busy={busy || code.trim() === ''}>{busy ? 'Verifying...' : 'Turn on and sign in'}</SubmitButton>
      )}
      <button type="button" className="w-full text-sm underline" onClick={onBack}>
        Back
      </button>
    </form>
  );
}
