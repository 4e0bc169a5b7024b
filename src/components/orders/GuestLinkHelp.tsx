/**
 * What a guest sees when their order link does not open the order: why, in a sentence, and two ways on: sign in
 * (an order placed while signed in is listed under Orders) or have a new link mailed to the order's address.
 */
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/api/auth.ts';
import { requestGuestOrderLink } from '../../lib/api/orders.ts';
import { loginHref } from '../../lib/auth-rules.ts';

const link = 'font-medium text-[var(--color-primary-ink)] underline-offset-2 hover:underline';
const input =
  'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 dark:border-white/20 dark:bg-white/5 dark:text-gray-100';

/** The sentence that says the link failed; exported for the tests. */
export const LINK_FAILED =
  'This order link did not open an order: it may be incomplete, mistyped or from an older email.';

type Sent =
  { state: 'idle' } | { state: 'sending' } | { state: 'sent'; text: string } | { state: 'error'; text: string };

/** `orderId`: the order the link named, when it still names one; `signedIn`: the visitor has a session already. */
export default function GuestLinkHelp({ orderId, signedIn }: { orderId: string | null; signedIn: boolean }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<Sent>({ state: 'idle' });
  const note = useId();

  async function send(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent({ state: 'sending' });
    try {
      const answer = await requestGuestOrderLink(email.trim(), orderId);
      setSent({ state: 'sent', text: answer.message });
    } catch (error) {
      setSent({ state: 'error', text: errorMessage(error, 'The link could not be sent. Please try again.') });
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="m-0 text-3xl font-bold">This link does not open your order</h1>
        <p className="m-0 text-gray-700 dark:text-gray-300">{LINK_FAILED}</p>
      </div>
      <section aria-label="Placed it with an account?" className="flex flex-col gap-2">
        <h2 className="m-0 text-base font-semibold">Placed it with an account?</h2>
        <p className="m-0 text-sm text-gray-700 dark:text-gray-300">
          {signedIn
            ? 'Every order placed with your account is listed under your orders.'
            : 'Sign in to find it under your orders.'}
        </p>
        <a
          href={signedIn ? '/orders' : loginHref('/orders')}
          className="brand-button self-start px-4 py-2 font-semibold no-underline"
        >
          {signedIn ? 'Your orders' : 'Sign in'}
        </a>
      </section>
      <section aria-label="Ordered as a guest?" className="flex max-w-md flex-col gap-2">
        <h2 className="m-0 text-base font-semibold">Ordered as a guest?</h2>
        <form
          method="post"
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            void send(event);
          }}
        >
          <label className="block text-sm font-medium">
            Email used for the order
            <input
              className={input}
              type="email"
              name="email"
              required
              maxLength={254}
              autoComplete="email"
              aria-describedby={sent.state === 'sent' || sent.state === 'error' ? note : undefined}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <button
            type="submit"
            disabled={sent.state === 'sending'}
            className="brand-button-outline self-start px-4 py-2 font-semibold disabled:opacity-60"
          >
            {sent.state === 'sending' ? 'Sending...' : 'Send me a new link'}
          </button>
          {sent.state === 'sent' && (
            <p
              id={note}
              role="status"
              className="m-0 rounded-md border border-green-500/40 bg-green-500/10 px-3 py-2 text-sm text-green-700 dark:text-green-300"
            >
              {sent.text}
            </p>
          )}
          {sent.state === 'error' && (
            <p
              id={note}
              role="alert"
              className="m-0 rounded-md border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
            >
              {sent.text}
            </p>
          )}
        </form>
      </section>
      <p className="m-0 text-sm">
        <a href="/shop" className={link}>
          Continue shopping
        </a>
      </p>
    </div>
  );
}
