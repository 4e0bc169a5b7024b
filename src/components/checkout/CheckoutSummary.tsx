/** The order as the server would charge it now: each line priced from the product rows, what cannot be had, the totals. */
import { formatMoney } from '../../lib/format/money.ts';
import { productPath } from '../../lib/shop/product-page.ts';
import type { Quote } from '../../shared/orders-customer.ts';
import SafeImage from '../lists/SafeImage.tsx';
import OrderTotals from '../orders/OrderTotals.tsx';

export default function CheckoutSummary({ quote, refreshing }: { quote: Quote; refreshing: boolean }) {
  const money = (cents: number) => formatMoney(cents, quote.currency);
  return (
    <div className="flex flex-col gap-4" aria-busy={refreshing}>
      <ul className="m-0 flex list-none flex-col gap-3 p-0" aria-label="Items">
        {quote.lines.map((line) => (
          <li key={line.productId} className="flex items-center gap-3 text-sm" data-available={line.available}>
            <span className="relative shrink-0">
              <SafeImage
                src={line.image}
                alt=""
                width={56}
                height={56}
                sizes="56px"
                className={`h-14 w-14 rounded-lg object-cover ${line.available ? '' : 'opacity-40 grayscale'}`}
              />
              {line.available && (
                <span
                  className="absolute -right-1.5 -top-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-gray-700 px-1 text-xs font-semibold text-white tabular-nums dark:bg-gray-200 dark:text-gray-900"
                  aria-hidden="true"
                >
                  {line.quantity}
                </span>
              )}
            </span>
            <span className="min-w-0 flex-1">
              {line.slug ? (
                <a
                  href={productPath(line.slug)}
                  className="block break-words font-medium text-inherit no-underline hover:underline"
                >
                  {line.name}
                </a>
              ) : (
                <span className="block break-words font-medium">{line.name}</span>
              )}
              <span className="block text-xs text-gray-600 tabular-nums dark:text-gray-400">
                {line.available ? `${line.quantity} × ${money(line.unitPriceCents)}` : 'No longer available'}
              </span>
            </span>
            <span className="shrink-0 font-medium tabular-nums">
              {line.available ? money(line.lineTotalCents) : '—'}
            </span>
          </li>
        ))}
      </ul>
      <div className="border-t border-gray-200 pt-4 dark:border-white/10">
        <OrderTotals {...quote} />
      </div>
    </div>
  );
}
