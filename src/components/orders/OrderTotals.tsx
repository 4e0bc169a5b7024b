/** An order's (or a quote's) totals: subtotal, shipping, tax included or added with its rate, and the total. */
import { formatMoney } from '../../lib/format/money.ts';
import { taxRateLabel, type OrderTotals as Totals } from '../../shared/commerce.ts';

interface Props extends Totals {
  currency: string;
  taxRateBp: number;
  taxInclusive: boolean;
}

const row = 'flex items-baseline justify-between gap-4';

export default function OrderTotals({
  currency,
  subtotalCents,
  taxCents,
  shippingCents,
  totalCents,
  taxRateBp,
  taxInclusive,
}: Props) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <dl className="m-0 flex flex-col gap-1.5 text-sm">
      <div className={row}>
        <dt className="text-gray-600 dark:text-gray-400">Subtotal</dt>
        <dd className="m-0 tabular-nums">{money(subtotalCents)}</dd>
      </div>
      <div className={row}>
        <dt className="text-gray-600 dark:text-gray-400">Shipping</dt>
        <dd className="m-0 tabular-nums">{shippingCents === 0 ? 'Free' : money(shippingCents)}</dd>
      </div>
      {taxRateBp > 0 && !taxInclusive && (
        <div className={row}>
          <dt className="text-gray-600 dark:text-gray-400">Tax ({taxRateLabel(taxRateBp)})</dt>
          <dd className="m-0 tabular-nums" data-tax>
            {money(taxCents)}
          </dd>
        </div>
      )}
      <div className={`${row} mt-1 border-t border-gray-200 pt-2.5 text-base font-semibold dark:border-white/10`}>
        <dt>Total</dt>
        <dd className="m-0 tabular-nums" data-total>
          {money(totalCents)}
        </dd>
      </div>
      {taxRateBp > 0 && taxInclusive && (
        <div className={`${row} text-xs text-gray-600 dark:text-gray-400`}>
          <dt>Includes tax ({taxRateLabel(taxRateBp)})</dt>
          <dd className="m-0 tabular-nums" data-tax>
            {money(taxCents)}
          </dd>
        </div>
      )}
    </dl>
  );
}
