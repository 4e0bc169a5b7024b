/** How the order is paid: manual payment with the shop's own instructions, and Stripe Checkout when the shop has it. */
import { useId } from 'react';
import type { PaymentMethod, StoreSettings } from '../../shared/commerce.ts';
import { PAYMENT_METHOD_LABELS } from '../orders/order-view.ts';

interface Props {
  payment: StoreSettings['payment'];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  error: string;
}

/** The methods this shop takes, in the order they are offered. */
export function offeredMethods(payment: StoreSettings['payment']): PaymentMethod[] {
  return [
    ...(payment.manual.enabled ? (['manual'] as const) : []),
    ...(payment.stripe.enabled ? (['stripe'] as const) : []),
  ];
}

const OPTION =
  'flex cursor-pointer gap-3 rounded-lg border p-3 has-[:checked]:border-[var(--color-primary)] has-[:checked]:bg-[color-mix(in_srgb,var(--color-primary)_8%,transparent)] has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--color-primary)]';

export default function PaymentMethodChoice({ payment, value, onChange, error }: Props) {
  const id = useId();
  const methods = offeredMethods(payment);
  return (
    <fieldset
      className="m-0 flex min-w-0 flex-col gap-3 border-0 p-0"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="sr-only">Payment method</legend>
      {methods.includes('manual') && (
        // eslint-disable-next-line jsx-a11y/label-has-associated-control -- the label's text is three elements deep, one past the rule's search depth
        <label className={`${OPTION} border-gray-300 dark:border-white/20`}>
          <input
            type="radio"
            name="paymentMethod"
            value="manual"
            required
            className="mt-1 h-4 w-4 shrink-0 accent-[var(--color-primary)]"
            checked={value === 'manual'}
            onChange={() => onChange('manual')}
          />
          <span className="min-w-0">
            <span className="block font-medium">{PAYMENT_METHOD_LABELS.manual}</span>
            <span className="mt-1 block whitespace-pre-line break-words text-sm text-gray-600 dark:text-gray-400">
              {payment.manual.instructions}
            </span>
          </span>
        </label>
      )}
      {methods.includes('stripe') && (
        // eslint-disable-next-line jsx-a11y/label-has-associated-control -- the label's text is three elements deep, one past the rule's search depth
        <label className={`${OPTION} border-gray-300 dark:border-white/20`}>
          <input
            type="radio"
            name="paymentMethod"
            value="stripe"
            required
            className="mt-1 h-4 w-4 shrink-0 accent-[var(--color-primary)]"
            checked={value === 'stripe'}
            onChange={() => onChange('stripe')}
          />
          <span className="min-w-0">
            <span className="block font-medium">{PAYMENT_METHOD_LABELS.stripe}</span>
            <span className="mt-1 block text-sm text-gray-600 dark:text-gray-400">
              You pay on Stripe's secure page, then come back here.
            </span>
          </span>
        </label>
      )}
      {error && (
        <p id={`${id}-error`} className="m-0 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
