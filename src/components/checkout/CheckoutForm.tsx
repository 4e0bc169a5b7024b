/**
 * /checkout: the cart as the server prices it, who is ordering (the signed-in customer, or a guest
 * whose email a one-time code proves), the shipping address, how to pay, and 'Place order'. The order goes out with
 * one Idempotency-Key per attempt, so a double click or a retry is one order; once placed the cart is emptied and the
 * browser goes to the confirmation (manual payment) or to Stripe's page.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { fetchMe } from '../../lib/api/auth.ts';
import { placeOrder } from '../../lib/api/checkout.ts';
import { currentToken } from '../../lib/api/client.ts';
import { fetchStore } from '../../lib/api/store.ts';
import { loginHref } from '../../lib/auth-rules.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { $cart, clearCart } from '../../lib/stores/cart.ts';
import { logout } from '../../lib/stores/session.ts';
import type { PaymentMethod, StoreSettings } from '../../shared/commerce.ts';
import type { CustomerShippingAddress as ShippingAddress } from '../../shared/orders-customer.ts';
import Spinner from '../admin/ui/Spinner.tsx';
import { attemptKey, endAttempt, refusalEndsAttempt } from './checkout-attempt.ts';
import {
  addressToSend,
  confirmationPath,
  EMPTY_ADDRESS,
  orderFailure,
  TEXTS,
  type AddressField,
  type CheckoutField,
  type OrderFailure,
} from './checkout-rules.ts';
import CheckoutSummary from './CheckoutSummary.tsx';
import { buttonClass, linkClass, Step } from './fields.tsx';
import GuestEmail, { type VerifiedGuest } from './GuestEmail.tsx';
import PaymentMethodChoice, { offeredMethods } from './PaymentMethodChoice.tsx';
import ShippingAddressFields from './ShippingAddressFields.tsx';
import { QUOTE_FAILED, quoteIsOrderable, useQuote } from './use-quote.ts';

type Customer = { kind: 'checking' } | { kind: 'guest' } | { kind: 'member'; email: string };
type Store = { state: 'loading' } | { state: 'error' } | { state: 'ready'; settings: StoreSettings };

const card =
  'min-w-0 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6 dark:border-white/10 dark:bg-[#111821]';

/** Who is ordering: a session the server still knows is a customer; anything else checks out as a guest. */
function useCustomer(onName: (name: string) => void): Customer {
  const [customer, setCustomer] = useState<Customer>(() => (currentToken() ? { kind: 'checking' } : { kind: 'guest' }));
  useEffect(() => {
    if (customer.kind !== 'checking') return;
    fetchMe()
      .then((me) => {
        setCustomer({ kind: 'member', email: me.email });
        onName(`${me.first_name} ${me.last_name}`.trim());
      })
      .catch((error: unknown) => {
        // A session the server no longer knows is dropped here as everywhere; any other failure checks out as a guest too.
        if ((error as { status?: number }).status === 401) logout();
        setCustomer({ kind: 'guest' });
      });
    // Once, on opening the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately once, on mount (above)
  }, []);
  return customer;
}

/** The store's settings as the page shows them: ready, or the error state when they could not be read. */
const readStore = (): Promise<Store> =>
  fetchStore().then(
    (settings): Store => ({ state: 'ready', settings }),
    (): Store => ({ state: 'error' }),
  );

function useStoreSettings(): [Store, () => void] {
  const [store, setStore] = useState<Store>({ state: 'loading' });
  // The page opens with the settings loading: nothing to show before the answer.
  useEffect(() => {
    void readStore().then(setStore);
  }, []);
  const load = () => {
    setStore({ state: 'loading' });
    void readStore().then(setStore);
  };
  return [store, load];
}

function Failure({ failure }: { failure: OrderFailure }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2.5 text-sm text-red-700 dark:text-red-300"
    >
      <p className="m-0 break-words">{failure.text}</p>
      {failure.backToCart && (
        <p className="m-0 mt-2">
          <a href="/cart" className="font-semibold text-inherit underline underline-offset-2">
            Back to your cart
          </a>{' '}
          to change the quantities, then come back to place the order.
        </p>
      )}
    </div>
  );
}

function EmptyCart() {
  return (
    <div className={`${card} mx-auto max-w-lg text-center`}>
      <p className="m-0 text-lg font-semibold">Your cart is empty.</p>
      <p className="m-0 mt-2 text-gray-600 dark:text-gray-400">
        Add something from the shop, then come back here to check out.
      </p>
      <a href="/shop" className={`${buttonClass} mt-5 inline-block no-underline`}>
        Browse the shop
      </a>
    </div>
  );
}

function LoadProblem({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
    >
      <span className="min-w-0 flex-1">{text}</span>
      <button
        type="button"
        onClick={onRetry}
        className="brand-button-outline shrink-0 px-3 py-1 text-sm font-medium text-gray-900 dark:text-gray-100"
      >
        Retry
      </button>
    </div>
  );
}

export default function CheckoutForm() {
  const lines = useStore($cart);
  const { quote, reload: requote } = useQuote(lines);
  const [store, reloadStore] = useStoreSettings();
  const [address, setAddress] = useState<ShippingAddress>(EMPTY_ADDRESS);
  const customer = useCustomer((name) => setAddress((a) => (a.name ? a : { ...a, name })));
  const [guest, setGuest] = useState<VerifiedGuest | null>(null);
  const [emailRefusal, setEmailRefusal] = useState<{ text: string } | null>(null);
  const [chosenMethod, setMethod] = useState<PaymentMethod | null>(null);
  const [errors, setErrors] = useState<Partial<Record<CheckoutField, string | undefined>>>({});
  const [failure, setFailure] = useState<OrderFailure | null>(null);
  const [sending, setSending] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // Blocks a second submit before React has re-rendered the disabled button (a fast double click).
  const inFlight = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  // The only method on offer is chosen already.
  const methods = store.state === 'ready' ? offeredMethods(store.settings.payment) : [];
  const method = chosenMethod ?? (methods.length === 1 ? methods[0] : undefined) ?? null;

  if (leaving) return <Spinner label="Taking you to your order" />;
  if (lines.length === 0) return <EmptyCart />;

  const setField = (field: AddressField, value: string) => {
    setAddress((a) => ({ ...a, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const focusField = (field: CheckoutField) =>
    requestAnimationFrame(() => form.current?.ownerDocument.querySelector<HTMLElement>(`[name="${field}"]`)?.focus());

  async function place(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || quote.state !== 'ready' || !quoteIsOrderable(quote.quote, lines)) return;
    setFailure(null);
    if (customer.kind === 'checking') return;
    if (customer.kind === 'guest' && !guest) {
      setEmailRefusal({ text: TEXTS.verifyFirst });
      return;
    }
    if (!method) {
      setErrors({ paymentMethod: 'Choose how you would like to pay.' });
      return;
    }
    inFlight.current = true;
    setSending(true);
    setErrors({});
    let placed = false;
    try {
      const answer = await placeOrder(
        {
          lines: [...lines],
          shipping: addressToSend(address),
          paymentMethod: method,
          ...(guest && customer.kind === 'guest' ? { email: guest.email, checkoutToken: guest.checkoutToken } : {}),
        },
        attemptKey(),
      );
      placed = true;
      endAttempt();
      setLeaving(true);
      clearCart();
      location.assign(
        answer.payment.method === 'stripe'
          ? answer.payment.redirectUrl
          : confirmationPath(answer.order._id, answer.accessToken),
      );
    } catch (error) {
      if (refusalEndsAttempt((error as { status?: number }).status)) endAttempt();
      const refused = orderFailure(error);
      if (refused.reverify) {
        setGuest(null);
        setEmailRefusal({ text: refused.text });
      } else if (refused.field) {
        setErrors({ [refused.field]: refused.text });
        focusField(refused.field);
      } else {
        setFailure(refused);
      }
      // Stock changed under the visitor: show the cart as it can be had now.
      if (refused.backToCart) void requote();
    } finally {
      if (!placed) {
        inFlight.current = false;
        setSending(false);
      }
    }
  }

  const summary = (
    <section aria-labelledby="checkout-summary" className={`${card} lg:sticky lg:top-20`}>
      <h2 id="checkout-summary" className="m-0 mb-4 text-lg font-semibold">
        Order summary
      </h2>
      {quote.state === 'loading' && <Spinner compact label="Loading the prices" />}
      {quote.state === 'error' && <LoadProblem text={quote.message || QUOTE_FAILED} onRetry={() => void requote()} />}
      {quote.state === 'ready' && <CheckoutSummary quote={quote.quote} refreshing={quote.refreshing} />}
      <p className="m-0 mt-4 text-sm">
        <a href="/cart" className={linkClass}>
          Edit cart
        </a>
      </p>
    </section>
  );

  const ready = quote.state === 'ready' && store.state === 'ready';
  const orderable = quote.state === 'ready' && quoteIsOrderable(quote.quote, lines);
  const total = quote.state === 'ready' ? formatMoney(quote.quote.totalCents, quote.quote.currency) : '';

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_26rem]">
      <div className="lg:col-start-2 lg:row-start-1">{summary}</div>
      <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
        <Step number={1} title="Contact" id="checkout-contact">
          {customer.kind === 'checking' && <Spinner compact label="Checking your account" />}
          {customer.kind === 'member' && (
            <p className="m-0 text-sm">
              Signed in as <span className="break-all font-medium">{customer.email}</span>. The confirmation goes to
              this address.
            </p>
          )}
          {customer.kind === 'guest' && (
            <>
              <GuestEmail
                verified={guest}
                onVerified={setGuest}
                onReset={() => setGuest(null)}
                refusal={emailRefusal}
              />
              <p className="m-0 mt-4 text-sm text-gray-600 dark:text-gray-400">
                Have an account?{' '}
                <a href={loginHref('/checkout')} className={linkClass}>
                  Log in
                </a>{' '}
                to see this order under Orders.
              </p>
            </>
          )}
        </Step>

        <form
          ref={form}
          onSubmit={(event) => {
            void place(event);
          }}
          className="flex min-w-0 flex-col gap-6"
          aria-label="Checkout"
        >
          <fieldset disabled={sending} className="m-0 flex min-w-0 flex-col gap-6 border-0 p-0">
            <Step number={2} title="Shipping address" id="checkout-address">
              <ShippingAddressFields value={address} errors={errors} onChange={setField} />
            </Step>
            <Step number={3} title="Payment" id="checkout-payment">
              {store.state === 'loading' && <Spinner compact label="Loading the payment methods" />}
              {store.state === 'error' && (
                <LoadProblem text="The payment methods could not be loaded. Please try again." onRetry={reloadStore} />
              )}
              {store.state === 'ready' &&
                (methods.length === 0 ? (
                  <p className="m-0 text-sm" role="alert">
                    {TEXTS.noPayment}
                  </p>
                ) : (
                  <PaymentMethodChoice
                    payment={store.settings.payment}
                    value={method}
                    error={errors.paymentMethod ?? ''}
                    onChange={(m) => {
                      setMethod(m);
                      setErrors((e) => ({ ...e, paymentMethod: undefined }));
                    }}
                  />
                ))}
            </Step>
          </fieldset>

          <div className="flex flex-col gap-3">
            {failure && <Failure failure={failure} />}
            {quote.state === 'ready' && !orderable && (
              <Failure
                failure={{
                  text: quote.quote.problems.join(' ') || 'Some items in your cart are no longer available.',
                  field: null,
                  backToCart: true,
                  reverify: false,
                }}
              />
            )}
            <button
              type="submit"
              disabled={!ready || !orderable || sending || methods.length === 0}
              aria-busy={sending}
              className={`${buttonClass} w-full py-3 text-lg`}
            >
              {sending ? 'Placing your order...' : total ? `Place order · ${total}` : 'Place order'}
            </button>
            <p className="m-0 text-center text-xs text-gray-600 dark:text-gray-400">
              Prices, tax and shipping are checked again when the order is placed.
            </p>
          </div>
        </form>
      </div>
    </div>
  );
}
