/**
 * Settings › Two-factor sign-in (admins): set up an authenticator app (QR code and key, confirmed by its
 * first code), see the recovery codes once, make new ones, or turn it off with the password or a code.
 */
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api/auth.ts';
import {
  confirmTwoFactor,
  disableTwoFactor,
  fetchTwoFactor,
  renewRecoveryCodes,
  setupTwoFactor,
} from '../../lib/api/two-factor.ts';
import { formatDateTime } from '../../lib/format/dates.ts';
import type { TwoFactorSetup, TwoFactorStatus } from '../../shared/two-factor.ts';
import AuthenticatorSetup from '../auth/AuthenticatorSetup.tsx';
import { inputClass, refusedField, useFormMessage } from '../auth/fields.tsx';
import RecoveryCodes from '../auth/RecoveryCodes.tsx';
import { cleanSecondFactor, proofOf, TWO_FACTOR_UI } from '../auth/two-factor-rules.ts';
import SettingsSection, { OUTLINE_BUTTON, PRIMARY_BUTTON, SectionMessage } from './SettingsSection.tsx';

type Mode =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'prove'; action: 'disable' | 'renew' };

export default function TwoFactorSection() {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormMessage();
  const { fail } = form;

  const load = useCallback(() => {
    fetchTwoFactor()
      .then(setStatus)
      .catch((e: unknown) => fail(errorMessage(e, 'Two-factor sign-in could not be loaded.')));
  }, [fail]);
  useEffect(load, [load]);

  /** `input`: the field a refusal naming one is about ('code' of the setup; the password or code of the proof). */
  async function run(work: () => Promise<void>, fallback: string, input?: string) {
    setBusy(true);
    form.clear();
    try {
      await work();
    } catch (e) {
      form.fail(errorMessage(e, fallback), [refusedField(e) ? input : undefined]);
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    run(async () => {
      setMode({ kind: 'setup', setup: await setupTwoFactor() });
      setValue('');
    }, 'The setup could not be started. Please try again.');

  const confirm = (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    return run(
      async () => {
        const { recoveryCodes } = await confirmTwoFactor(value);
        setMode({ kind: 'codes', codes: recoveryCodes });
        setValue('');
        load();
      },
      TWO_FACTOR_UI.failed,
      'code',
    );
  };

  const prove = (event: React.SubmitEvent<HTMLFormElement>, action: 'disable' | 'renew') => {
    event.preventDefault();
    return run(
      async () => {
        if (action === 'disable') {
          await disableTwoFactor(proofOf(value));
          setMode({ kind: 'idle' });
          form.succeed('Two-factor sign-in is off.');
        } else {
          setMode({ kind: 'codes', codes: (await renewRecoveryCodes(proofOf(value))).recoveryCodes });
        }
        setValue('');
        load();
      },
      'That did not work. Please try again.',
      'proof',
    );
  };

  if (status && !status.available) return null;
  const cancel = (
    <button
      type="button"
      className={OUTLINE_BUTTON}
      disabled={busy}
      onClick={() => {
        setMode({ kind: 'idle' });
        setValue('');
        form.clear();
      }}
    >
      Cancel
    </button>
  );

  return (
    <SettingsSection
      id="two-factor"
      title={TWO_FACTOR_UI.title}
      description="A code from an authenticator app on your phone, asked for after your password when you sign in."
    >
      {status === null ? (
        !form.message && <p className="m-0 text-sm text-gray-600 dark:text-gray-400">Loading...</p>
      ) : mode.kind === 'setup' ? (
        <form
          method="post"
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            void confirm(event);
          }}
          onChange={form.edited}
          noValidate
        >
          <AuthenticatorSetup setup={mode.setup} />
          <label className="block text-sm font-medium">
            {TWO_FACTOR_UI.codeLabel}
            <input
              className={`${inputClass} max-w-[12rem] text-lg tracking-[0.3em] tabular-nums`}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={value}
              {...form.field('code')}
              onChange={(e) => setValue(cleanSecondFactor(e.target.value))}
            />
          </label>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={PRIMARY_BUTTON} disabled={busy || value.trim() === ''}>
              {busy ? 'Checking...' : 'Turn on'}
            </button>
            {cancel}
          </div>
        </form>
      ) : mode.kind === 'codes' ? (
        <div className="flex flex-col gap-4">
          <RecoveryCodes codes={mode.codes} />
          <div>
            <button type="button" className={PRIMARY_BUTTON} onClick={() => setMode({ kind: 'idle' })}>
              I have saved my recovery codes
            </button>
          </div>
        </div>
      ) : mode.kind === 'prove' ? (
        <form
          method="post"
          className="flex max-w-md flex-col gap-3"
          onSubmit={(e) => void prove(e, mode.action)}
          onChange={form.edited}
          noValidate
        >
          <label className="block text-sm font-medium">
            Password or authentication code
            <input
              className={inputClass}
              name="proof"
              type="password"
              autoComplete="current-password"
              maxLength={512}
              value={value}
              {...form.field('proof')}
              onChange={(e) => setValue(e.target.value)}
            />
          </label>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={PRIMARY_BUTTON} disabled={busy || value === ''}>
              {busy ? 'Checking...' : mode.action === 'disable' ? 'Turn off' : 'Make new codes'}
            </button>
            {cancel}
          </div>
        </form>
      ) : status.enabled ? (
        <div>
          <p className="m-0 text-sm" data-two-factor-state>
            <span className="font-semibold text-emerald-700 dark:text-emerald-300">On</span>
            {status.enabledAt ? ` since ${formatDateTime(status.enabledAt)}` : ''}. {status.recoveryCodesLeft} recovery{' '}
            {status.recoveryCodesLeft === 1 ? 'code' : 'codes'} left.
          </p>
          {status.required && (
            <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-400">
              This site requires it of every administrator.
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              className={OUTLINE_BUTTON}
              disabled={busy}
              onClick={() => {
                setMode({ kind: 'prove', action: 'renew' });
                form.clear();
              }}
            >
              New recovery codes
            </button>
            {!status.required && (
              <button
                type="button"
                className={OUTLINE_BUTTON}
                disabled={busy}
                onClick={() => {
                  setMode({ kind: 'prove', action: 'disable' });
                  form.clear();
                }}
              >
                Turn off
              </button>
            )}
          </div>
        </div>
      ) : (
        <div>
          <p className="m-0 text-sm" data-two-factor-state>
            Off. Signing in asks for your password (or an emailed code, or Google) only.
          </p>
          <button type="button" className={`${PRIMARY_BUTTON} mt-3`} disabled={busy} onClick={() => void start()}>
            {busy ? 'Starting...' : 'Set up two-factor sign-in'}
          </button>
        </div>
      )}
      <SectionMessage form={form} />
    </SettingsSection>
  );
}
