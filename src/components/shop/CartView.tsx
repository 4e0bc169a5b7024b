/**
 * The cart page: the lines of the cart store, priced by the server's quote (POST /api/checkout/quote, asked again at
 * each change), with a quantity stepper capped by the stock the quote reports, remove and clear, and the totals the
 * order would have. Rendered in the browser only (client:only): the cart lives in this browser's storage.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { lineLimit } from '../../lib/cart/cart-lines.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { productPath } from '../../lib/shop/product-page.ts';
import { $cart, clearCart, removeFromCart, setCartQuantity } from '../../lib/stores/cart.ts';
import type { CartLine } from '../../shared/commerce.ts';
import type { QuoteLine } from '../../shared/orders-customer.ts';
import { useQuote } from '../checkout/use-quote.ts';
import SafeImage from '../lists/SafeImage.tsx';
import OrderTotals from '../orders/OrderTotals.tsx';

const stepButton =
  'inline-flex h-9 w-9 items-center justify-center text-lg leading-none hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-40 dark:hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-[-2px]';
const linkButton =
  'text-sm font-medium text-[var(--color-primary-ink)] underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2';

/** −, the quantity, +: never below 1 (Remove takes a line away) nor above what the stock allows. */
function QuantityStepper({ line, name, stock }: { line: CartLine; name: string; stock: number | undefined }) {
  const [draft, setDraft] = useState(String(line.quantity));
  // A quantity changed elsewhere (a step, another tab) replaces what was typed.
  const [shownQuantity, setShownQuantity] = useState(line.quantity);
  if (shownQuantity !== line.quantity) {
    setShownQuantity(line.quantity);
    setDraft(String(line.quantity));
  }
  const known = stock !== undefined;
  const limit = known ? lineLimit(stock) : 0;
  const set = (quantity: number) => setCartQuantity(line.productId, Math.max(1, quantity), stock ?? 0);
  return (
    <div className="inline-flex items-center overflow-hidden rounded-md border border-gray-300 dark:border-white/20">
      <button
        type="button"
        className={stepButton}
        aria-label={`One less ${name}`}
        disabled={!known || line.quantity <= 1}
        onClick={() => set(line.quantity - 1)}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(1, limit)}
        value={draft}
        disabled={!known || limit === 0}
        aria-label={`Quantity of ${name}`}
        className="h-9 w-12 border-x border-gray-300 bg-transparent text-center text-sm tabular-nums [appearance:textfield] dark:border-white/20 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        onChange={(event) => {
          setDraft(event.target.value);
          const wanted = Number(event.target.value);
          if (Number.isInteger(wanted) && wanted >= 1) set(wanted);
        }}
        onBlur={() =>
          setDraft(String($cart.get().find((l) => l.productId === line.productId)?.quantity ?? line.quantity))
        }
      />
      <button
        type="button"
        className={stepButton}
        aria-label={`One more ${name}`}
        disabled={!known || line.quantity >= limit}
        onClick={() => set(line.quantity + 1)}
      >
        +
      </button>
    </div>
  );
}

function CartRow({
  line,
  priced,
  currency,
}: {
  line: CartLine;
  priced: QuoteLine | undefined;
  currency: string | undefined;
}) {
  const name = (priced?.name ?? '') || 'Product';
  const money = (cents: number) => (currency ? formatMoney(cents, currency) : '');
  const unavailable = priced !== undefined && !priced.available;
  const short = priced !== undefined && priced.available && priced.stock < line.quantity;
  return (
    <li
      className="flex gap-4 border-b border-gray-200 py-5 first:pt-0 dark:border-white/10"
      data-cart-line={line.productId}
    >
      <div className="w-20 shrink-0 sm:w-28">
        <SafeImage
          src={priced?.image ?? ''}
          alt=""
          width={112}
          height={112}
          sizes="(min-width: 640px) 7rem, 5rem"
          className={`aspect-square h-auto w-full rounded-lg object-cover ${unavailable ? 'opacity-40 grayscale' : ''}`}
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <h2 className="m-0 min-w-0 break-words text-base font-semibold">
            {priced?.slug ? (
              <a href={productPath(priced.slug)} className="text-inherit no-underline hover:underline">
                {name}
              </a>
            ) : (
              name
            )}
          </h2>
          <p className="m-0 font-semibold tabular-nums" aria-label={`Line total for ${name}`}>
            {priced?.available ? money(priced.lineTotalCents) : ''}
          </p>
        </div>
        {priced && (
          <p className="m-0 text-sm text-gray-600 tabular-nums dark:text-gray-400">
            {unavailable ? 'No longer available' : `${money(priced.unitPriceCents)} each`}
          </p>
        )}
        {short && (
          <p className="m-0 text-sm font-medium text-amber-700 dark:text-amber-400">
            {priced.stock === 0 ? 'Out of stock' : `Only ${priced.stock} left`}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-x-5 gap-y-2">
          {!unavailable && <QuantityStepper line={line} name={name} stock={priced?.stock} />}
          <button
            type="button"
            className={linkButton}
            aria-label={`Remove ${name}`}
            onClick={() => removeFromCart(line.productId)}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}

export default function CartView() {
  const lines = useStore($cart);
  const { quote, reload } = useQuote(lines);

  if (lines.length === 0) {
    return (
      <div className="py-16 text-center">
        <p className="m-0 text-lg text-gray-700 dark:text-gray-300">Your cart is empty.</p>
        <a
          href="/shop"
          className="brand-button mt-6 inline-flex px-5 py-2.5 text-sm font-semibold hover:opacity-85 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          Browse the shop
        </a>
      </div>
    );
  }

  const ready = quote.state === 'ready' ? quote.quote : null;
  const priced = new Map(ready?.lines.map((l) => [l.productId, l]));
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <section
        aria-label="Items in your cart"
        aria-busy={quote.state === 'loading' || (quote.state === 'ready' && quote.refreshing)}
      >
        {ready && ready.problems.length > 0 && (
          <ul
            role="status"
            className="m-0 mb-5 list-none rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-200"
          >
            {ready.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <ul className="m-0 list-none p-0">
          {lines.map((line) => (
            <CartRow key={line.productId} line={line} priced={priced.get(line.productId)} currency={ready?.currency} />
          ))}
        </ul>
        <button type="button" className={`${linkButton} mt-4`} onClick={() => clearCart()}>
          Clear cart
        </button>
      </section>
      <aside
        aria-label="Order summary"
        className="rounded-xl border border-gray-200 bg-white p-5 dark:border-white/10 dark:bg-[#111821] lg:sticky lg:top-20"
      >
        <h2 className="m-0 mb-4 text-lg font-semibold">Summary</h2>
        {quote.state === 'loading' && (
          <p role="status" className="m-0 text-sm text-gray-600 dark:text-gray-400">
            Loading prices…
          </p>
        )}
        {quote.state === 'error' && (
          <div role="alert" className="text-sm">
            <p className="m-0 text-red-700 dark:text-red-400">{quote.message}</p>
            <button type="button" className={`${linkButton} mt-2`} onClick={() => void reload()}>
              Try again
            </button>
          </div>
        )}
        {ready && (
          <div className={quote.state === 'ready' && quote.refreshing ? 'opacity-60' : ''}>
            <OrderTotals {...ready} />
          </div>
        )}
        <a
          href="/checkout"
          className="brand-button mt-5 flex w-full items-center justify-center px-5 py-3 font-semibold hover:opacity-85 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          Checkout
        </a>
        <a href="/shop" className={`${linkButton} mt-3 block text-center`}>
          Continue shopping
        </a>
      </aside>
    </div>
  );
}
