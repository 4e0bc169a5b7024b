/**
 * A guest's email, proved by a one-time code before the order is placed: the address, then the 6-digit code mailed
 * to it, then the token the server hands out for that address (kept by the checkout form, in memory only).
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { requestCheckoutCode, verifyCheckoutCode } from '../../lib/api/checkout.ts';
import { errorMessage } from '../../lib/api/auth.ts';
import { cleanOtp } from '../../lib/auth-rules.ts';
import { fieldRefusalText, TEXTS } from './checkout-rules.ts';
import { buttonClass, FieldError, fieldClass, outlineButtonClass } from './fields.tsx';

export interface VerifiedGuest {
  email: string;
  checkoutToken: string;
}

interface Props {
  verified: VerifiedGuest | null;
  onVerified: (guest: VerifiedGuest) => void;
  /** The visitor wants to use another address: the form forgets the token. */
  onReset: () => void;
  /** Why the order needs the email verified (not yet, or the token expired): shown on the email field, a new object each time. */
  refusal: { text: string } | null;
}

type Step = 'email' | 'code';

export default function GuestEmail({ verified, onVerified, onReset, refusal }: Props) {
  const id = useId();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState('');
  const codeInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  // Placing the order was refused for the email (the token expired): start again from the address...
  const [shownRefusal, setShownRefusal] = useState<Props['refusal']>(null);
  if (refusal !== shownRefusal) {
    setShownRefusal(refusal);
    if (refusal) {
      setStep('email');
      setCode('');
      setError(refusal.text);
    }
  }
  // ...which takes the focus.
  useEffect(() => {
    if (refusal) requestAnimationFrame(() => emailInput.current?.focus());
  }, [refusal]);

  async function sendCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    setBusy(true);
    setError('');
    try {
      await requestCheckoutCode(address);
      setSentTo(address);
      setCode('');
      setStep('code');
      requestAnimationFrame(() => codeInput.current?.focus());
    } catch (failure) {
      setError(fieldRefusalText('email', errorMessage(failure, TEXTS.codeFailed)));
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const { checkoutToken } = await verifyCheckoutCode(sentTo, code);
      onVerified({ email: sentTo, checkoutToken });
    } catch (failure) {
      setError(fieldRefusalText('code', errorMessage(failure, TEXTS.verifyFailed)));
      codeInput.current?.select();
    } finally {
      setBusy(false);
    }
  }

  const otherAddress = () => {
    setStep('email');
    setCode('');
    setError('');
    onReset();
    requestAnimationFrame(() => emailInput.current?.focus());
  };

  if (verified) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-3 py-2.5 text-sm">
        <p className="m-0 min-w-0 break-words" role="status">
          <span className="font-medium">{verified.email}</span>
          <span className="text-emerald-800 dark:text-emerald-300"> · verified</span>
        </p>
        <button
          type="button"
          className="text-sm font-medium text-[var(--color-primary-ink)] underline-offset-2 hover:underline"
          onClick={otherAddress}
        >
          Use another email
        </button>
      </div>
    );
  }

  const errorId = `${id}-error`;
  if (step === 'code') {
    return (
      <form
        onSubmit={(event) => {
          void verify(event);
        }}
        className="flex flex-col gap-3"
        aria-label="Verify your email"
      >
        <p className="m-0 text-sm text-gray-700 dark:text-gray-300" role="status">
          We emailed a 6-digit code to <span className="break-all font-medium">{sentTo}</span>. Enter it to continue.
        </p>
        <div>
          <label htmlFor={`${id}-code`} className="block text-sm font-medium">
            Code from the email
          </label>
          <div className="mt-1 flex flex-wrap gap-2">
            <input
              ref={codeInput}
              id={`${id}-code`}
              name="code"
              className={`${fieldClass} w-40 flex-none font-mono tracking-[0.3em]`}
              required
              minLength={6}
              maxLength={6}
              pattern="\d{6}"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setCode(cleanOtp(e.target.value))}
            />
            <button type="submit" disabled={busy} className={buttonClass}>
              {busy ? 'Checking...' : 'Verify'}
            </button>
          </div>
          <FieldError id={errorId} text={error} />
        </div>
        <p className="m-0 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <button
            type="button"
            className="font-medium text-[var(--color-primary-ink)] underline-offset-2 hover:underline"
            onClick={otherAddress}
          >
            Use another email
          </button>
        </p>
      </form>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        void sendCode(event);
      }}
      className="flex flex-col gap-2"
      aria-label="Your email"
    >
      <label htmlFor={`${id}-email`} className="block text-sm font-medium">
        Email
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          ref={emailInput}
          id={`${id}-email`}
          name="email"
          type="email"
          className={`${fieldClass} flex-[1_1_14rem]`}
          required
          maxLength={254}
          autoComplete="email"
          spellCheck={false}
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : `${id}-hint`}
          onChange={(e) => {
            setEmail(e.target.value);
            setError('');
          }}
        />
        <button type="submit" disabled={busy} className={outlineButtonClass}>
          {busy ? 'Sending...' : 'Send code'}
        </button>
      </div>
      {error ? (
        <FieldError id={errorId} text={error} />
      ) : (
        <p id={`${id}-hint`} className="m-0 text-xs text-gray-600 dark:text-gray-400">
          We send a one-time code to check the address; the order confirmation goes there too.
        </p>
      )}
    </form>
  );
}
