/**
 * /orders/view?id=…[&token=…][&placed=1]: one order for its owner, or for a guest holding the
 * confirmation link's token: its lines, totals, shipping address, payment (with the instructions while a manual
 * payment is awaited) and status history. Just placed, it thanks the customer first.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api/auth.ts';
import { currentToken } from '../../lib/api/client.ts';
import { fetchOrder } from '../../lib/api/orders.ts';
import { formatDateTime } from '../../lib/format/dates.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { productPath } from '../../lib/shop/product-page.ts';
import { logout } from '../../lib/stores/session.ts';
import type { CustomerOrder } from '../../shared/orders-customer.ts';
import { ORDER_NOT_FOUND } from '../../shared/orders-customer.ts';
import { sendToLogin } from '../account/use-signed-in-load.ts';
import OrderStatusBadge from '../admin/orders/OrderStatusBadge.tsx';
import Spinner from '../admin/ui/Spinner.tsx';
import { addressLines, paymentMethodLabel, readOrderViewQuery, type OrderViewQuery } from './order-view.ts';
import GuestLinkHelp from './GuestLinkHelp.tsx';
import OrderTimeline from './OrderTimeline.tsx';
import OrderTotals from './OrderTotals.tsx';

type Load =
  | { state: 'loading' }
  | { state: 'leaving' }
  | { state: 'missing' }
  | { state: 'error'; message: string }
  | { state: 'ready'; order: CustomerOrder };

const card =
  'min-w-0 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6 dark:border-white/10 dark:bg-[#111821]';
const link = 'font-medium text-[var(--color-primary-ink)] underline-offset-2 hover:underline';

function Card({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`${card} ${className}`} aria-label={title}>
      <h2 className="m-0 mb-4 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** Where the customer goes next: their orders when signed in, else the shop. */
function NextLinks({ signedIn }: { signedIn: boolean }) {
  return (
    <p className="m-0 flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {signedIn && (
        <a href="/orders" className={link}>
          All your orders
        </a>
      )}
      <a href="/shop" className={link}>
        Continue shopping
      </a>
    </p>
  );
}

function OrderDetails({ order, query, signedIn }: { order: CustomerOrder; query: OrderViewQuery; signedIn: boolean }) {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const awaitingPayment = order.paymentMethod === 'manual' && order.status === 'pending' && order.paymentInstructions;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        {query.placed ? (
          <>
            <span
              className="mb-1 flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-700 dark:text-emerald-300"
              aria-hidden="true"
            >
              <svg
                viewBox="0 0 24 24"
                className="h-7 w-7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="m5 12.5 4.5 4.5L19 7.5" />
              </svg>
            </span>
            <h1 className="m-0 text-3xl font-bold">Thank you for your order</h1>
            <p className="m-0 text-gray-700 dark:text-gray-300">
              Your order reference is{' '}
              <strong className="font-semibold" data-reference>
                {order.reference}
              </strong>
              . A confirmation is on its way to your inbox.
            </p>
          </>
        ) : (
          <>
            {signedIn && (
              <a href="/orders" className={`${link} mb-1 self-start text-sm`}>
                <span aria-hidden="true">← </span>Your orders
              </a>
            )}
            <h1 className="m-0 text-3xl font-bold">
              Order <span data-reference>{order.reference}</span>
            </h1>
          </>
        )}
        <p className="m-0 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600 dark:text-gray-400">
          <OrderStatusBadge status={order.status} />
          <span>
            Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, order.timeZone)}</time>
          </span>
        </p>
      </header>

      {awaitingPayment && (
        <section aria-label="How to pay" className="rounded-2xl border border-amber-500/40 bg-amber-500/10 p-4 sm:p-6">
          <h2 className="m-0 mb-2 text-base font-semibold">How to pay</h2>
          <p className="m-0 whitespace-pre-line break-words text-sm">{order.paymentInstructions}</p>
          <p className="m-0 mt-3 text-sm">
            Please mention <strong className="font-semibold">{order.reference}</strong> with your payment. We ship once
            it has arrived.
          </p>
        </section>
      )}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card title="Items">
          <ul className="m-0 flex list-none flex-col gap-3 p-0" aria-label="Items">
            {order.items.map((item, index) => (
              <li
                key={`${item.productId ?? 'gone'}-${index}`}
                className="flex items-start justify-between gap-4 text-sm"
              >
                <span className="min-w-0">
                  {item.slug ? (
                    <a
                      href={productPath(item.slug)}
                      className="break-words font-medium text-inherit no-underline hover:underline"
                    >
                      {item.name}
                    </a>
                  ) : (
                    <span className="break-words font-medium">{item.name}</span>
                  )}
                  <span className="block text-xs text-gray-600 tabular-nums dark:text-gray-400">
                    {item.quantity} × {money(item.unit_price_cents)}
                  </span>
                </span>
                <span className="shrink-0 font-medium tabular-nums">{money(item.line_total_cents)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-4 border-t border-gray-200 pt-4 dark:border-white/10">
            <OrderTotals
              currency={order.currency}
              taxRateBp={order.taxRateBp}
              taxInclusive={order.taxInclusive}
              subtotalCents={order.subtotal_cents}
              taxCents={order.tax_cents}
              shippingCents={order.shipping_cents}
              totalCents={order.total_cents}
            />
          </div>
        </Card>

        <div className="flex min-w-0 flex-col gap-6">
          <Card title="Status">
            <OrderTimeline history={order.history} timeZone={order.timeZone} />
          </Card>
          <Card title="Shipping to">
            <address className="break-words text-sm not-italic leading-6">
              {addressLines(order.shipping).map((line, index) => (
                <span key={index} className="block">
                  {line}
                </span>
              ))}
            </address>
          </Card>
          <Card title="Payment">
            <p className="m-0 text-sm">{paymentMethodLabel(order.paymentMethod)}</p>
          </Card>
        </div>
      </div>

      <NextLinks signedIn={signedIn} />
    </div>
  );
}

function NotFound({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="m-0 text-3xl font-bold">{ORDER_NOT_FOUND}</h1>
      <p className="m-0 text-gray-700 dark:text-gray-300">
        This link does not open an order.{' '}
        {signedIn
          ? 'Your orders are all listed under Orders.'
          : 'If you placed it while signed in, log in to see it; a guest order opens from the link in its confirmation email.'}
      </p>
      <NextLinks signedIn={signedIn} />
    </div>
  );
}

export default function OrderView() {
  const [query] = useState(() => readOrderViewQuery(location.search));
  const [signedIn] = useState(() => currentToken() !== null);
  // Without the guest's token only the owner can open the order: a signed-out visitor signs in first.
  const mustSignIn = query.id !== null && !query.guestLink && !signedIn;
  // A guest's link whose token is cut or mistyped opens nothing: no need to ask.
  const canAsk = query.id !== null && (!query.guestLink || query.token !== null);
  const [load, setLoad] = useState<Load>(() =>
    mustSignIn ? { state: 'leaving' } : canAsk ? { state: 'loading' } : { state: 'missing' },
  );

  /** Asks for the order and shows the answer; the page shows it loading meanwhile. */
  const ask = useCallback(
    (id: string) =>
      fetchOrder(id, query.token)
        .then((order) => setLoad({ state: 'ready', order }))
        .catch((error: unknown) => {
          const status = (error as { status?: number }).status;
          // A session the server no longer knows, on a link without the guest's token: sign in again.
          if (status === 401 && !query.token) {
            logout();
            setLoad({ state: 'leaving' });
            sendToLogin();
            return;
          }
          if (status === 404 || status === 401) {
            setLoad({ state: 'missing' });
            return;
          }
          setLoad({ state: 'error', message: errorMessage(error, 'The order could not be loaded. Please try again.') });
        }),
    [query],
  );

  const read = () => {
    if (!query.id || !canAsk) {
      setLoad({ state: 'missing' });
      return;
    }
    setLoad({ state: 'loading' });
    void ask(query.id);
  };

  useEffect(() => {
    if (mustSignIn) sendToLogin();
    else if (query.id && canAsk) void ask(query.id);
  }, [mustSignIn, canAsk, query, ask]);

  if (load.state === 'leaving') return null;
  if (load.state === 'loading') return <Spinner label="Loading your order" />;
  // A guest's link that opens nothing: say so, and offer signing in or a new link by mail.
  if (load.state === 'missing') {
    return query.guestLink ? (
      <GuestLinkHelp orderId={query.id} signedIn={signedIn} />
    ) : (
      <NotFound signedIn={signedIn} />
    );
  }
  if (load.state === 'error') {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="m-0 text-3xl font-bold">Your order</h1>
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
        >
          <span className="min-w-0 flex-1">{load.message}</span>
          <button
            type="button"
            onClick={read}
            className="brand-button-outline shrink-0 px-3 py-1 text-sm font-medium text-gray-900 dark:text-gray-100"
          >
            Retry
          </button>
        </div>
      </div>
    );
  }
  return <OrderDetails order={load.order} query={query} signedIn={signedIn} />;
}
