/**
 * The /admin/store screen: the currency the shop charges in, the tax rate (typed in percent, sent in
 * basis points) and whether prices include it, the flat shipping charge, manual payment and its instructions, and
 * whether Stripe is configured (read only: it comes from the server's environment), the zone order times are shown in,
 * and the shop's and search's price bands. One PUT saves it all; the site is rebuilt with the new figures.
 */
import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { fetchAdminStore, updateAdminStore } from '../../../lib/api/admin/store.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { priceOrder, type StoreSettings } from '../../../shared/commerce.ts';
import { timeZoneOptions } from '../../../shared/time-zone.ts';
import { PAYMENT_INSTRUCTIONS_MAX, SUPPORTED_CURRENCIES } from '../../../shared/schemas/store.ts';
import { Card } from '../company/fields.tsx';
import { LoadError } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import AdminGate from '../ui/AdminGate.tsx';
import { FIELD_CLASS } from '../ui/FilterFields.tsx';
import { Field } from '../ui/record-form.tsx';
import Spinner from '../ui/Spinner.tsx';
import PriceBandsCard from './PriceBandsCard.tsx';
import {
  amountTextToCents,
  checkStoreForm,
  defaultBandTexts,
  formFieldOf,
  percentToBasisPoints,
  refusalText,
  storeFormValues,
  type StoreField,
  type StoreFormValues,
} from './store-form.ts';

const SAVE_FAILED = 'The store settings could not be saved. Please try again.';
const fieldClass = `${FIELD_CLASS} aria-[invalid=true]:border-red-600 dark:aria-[invalid=true]:border-red-400`;

type Status = { tone: 'ok' | 'error'; text: string } | null;

/** 'USD · US Dollar' where the browser knows the name. */
function currencyName(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'currency' }).of(code);
    return name && name !== code ? `${code} · ${name}` : code;
  } catch {
    return code;
  }
}

/** What one 100.00 item costs at checkout with the settings as typed, or null while a figure is not valid. */
function exampleOrder(values: StoreFormValues): string | null {
  const taxRateBp = percentToBasisPoints(values.taxRate);
  const shippingCents = amountTextToCents(values.shipping);
  if (taxRateBp === null || shippingCents === null) return null;
  const totals = priceOrder([{ unitPriceCents: 10_000, quantity: 1 }], {
    taxRateBp,
    taxInclusive: values.taxInclusive,
    shippingCents,
  });
  const money = (cents: number) => formatMoney(cents, values.currency);
  const tax =
    taxRateBp === 0
      ? 'no tax'
      : values.taxInclusive
        ? `${money(totals.taxCents)} tax included`
        : `${money(totals.taxCents)} tax added`;
  const shipping = shippingCents === 0 ? 'free shipping' : `${money(shippingCents)} shipping`;
  return `A ${money(10_000)} item costs ${money(totals.totalCents)} at checkout (${tax}, ${shipping}).`;
}

function StripeStatus({ enabled }: { enabled: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 px-3 py-2.5 dark:border-white/10">
      <span className="text-sm font-medium">Stripe (card payments)</span>
      <span
        data-stripe-status
        className={`inline-flex items-center gap-1.5 rounded-md px-2.5 py-1 text-xs font-semibold ${enabled ? 'bg-emerald-500/10 text-emerald-800 dark:text-emerald-300' : 'bg-gray-500/15 text-gray-700 dark:text-gray-300'}`}
      >
        <span
          className={`h-1.5 w-1.5 shrink-0 rounded-full ${enabled ? 'bg-emerald-500' : 'bg-gray-500'}`}
          aria-hidden="true"
        />
        {enabled ? 'Configured' : 'Not configured: set STRIPE_SECRET_KEY'}
      </span>
    </div>
  );
}

function StoreEditor({ settings, onSaved }: { settings: StoreSettings; onSaved: (settings: StoreSettings) => void }) {
  const id = useId();
  const [values, setValues] = useState<StoreFormValues>(() => storeFormValues(settings));
  const [errors, setErrors] = useState<Partial<Record<StoreField, string>>>({});
  const [status, setStatus] = useState<Status>(null);
  const [saving, setSaving] = useState(false);
  // The field to focus once its error is drawn.
  const focusNext = useRef<StoreField | null>(null);
  const stripe = settings.payment.stripe.enabled;
  const zones = useMemo(() => timeZoneOptions(), []);
  const currencies = useMemo(
    () =>
      SUPPORTED_CURRENCIES.includes(settings.currency as never)
        ? [...SUPPORTED_CURRENCIES]
        : [settings.currency, ...SUPPORTED_CURRENCIES],
    [settings.currency],
  );

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(`${id}-${focusNext.current}`)?.focus();
    focusNext.current = null;
  });

  const set = <K extends keyof StoreFormValues>(key: K, value: StoreFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A band list's change clears the errors of all its amounts.
    setErrors((old) =>
      Object.fromEntries(Object.entries(old).filter(([field]) => field !== key && !field.startsWith(`${key}.`))),
    );
  };
  const mark = (field: StoreField, message: string) => {
    setErrors({ [field]: message });
    focusNext.current = field;
  };
  const invalid = (field: StoreField) =>
    errors[field]
      ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` }
      : { 'aria-describedby': `${id}-${field}-hint` };

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setStatus(null);
    const check = checkStoreForm(values, stripe);
    if (!check.ok) {
      mark(check.field, check.message);
      setStatus({ tone: 'error', text: check.message });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await updateAdminStore(check.body);
      setValues(storeFormValues(saved));
      onSaved(saved);
      setStatus({ tone: 'ok', text: 'Store settings saved. The shop shows the new figures once the site is rebuilt.' });
    } catch (error) {
      const data = (error as { data?: { field?: unknown } }).data;
      const field = formFieldOf(data?.field);
      const text = field
        ? refusalText(String(data?.field), errorMessage(error, SAVE_FAILED))
        : errorMessage(error, SAVE_FAILED);
      if (field) mark(field, text);
      setStatus({ tone: 'error', text });
    } finally {
      setSaving(false);
    }
  }

  const example = exampleOrder(values);
  return (
    <form
      onSubmit={(event) => {
        void save(event);
      }}
      noValidate
      className="space-y-5"
    >
      <Card
        title="Currency and tax"
        description="Every price is shown and charged in this currency. Tax is worked out on the subtotal, not on shipping."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={`${id}-currency`}
            label="Currency"
            error={errors.currency}
            hint="Currencies with cents only: prices are kept in hundredths."
          >
            <select
              id={`${id}-currency`}
              name="currency"
              className={fieldClass}
              value={values.currency}
              {...invalid('currency')}
              onChange={(e) => set('currency', e.target.value)}
            >
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {currencyName(code)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={`${id}-taxRate`}
            label="Tax rate (%)"
            error={errors.taxRate}
            hint="0 for no tax; up to two decimals, e.g. 8.25."
          >
            <div className="relative">
              <input
                id={`${id}-taxRate`}
                name="taxRate"
                className={`${fieldClass} pr-8`}
                inputMode="decimal"
                autoComplete="off"
                maxLength={6}
                value={values.taxRate}
                {...invalid('taxRate')}
                onChange={(e) => set('taxRate', e.target.value)}
              />
              <span
                className="pointer-events-none absolute inset-y-0 right-3 mt-1 flex items-center text-sm text-gray-500 dark:text-gray-400"
                aria-hidden="true"
              >
                %
              </span>
            </div>
          </Field>
          <div className="sm:col-span-2">
            {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- the label's text is three elements deep, one past the rule's search depth */}
            <label className="inline-flex cursor-pointer items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="taxInclusive"
                className="mt-0.5 h-4 w-4 shrink-0 accent-[var(--color-primary)]"
                checked={values.taxInclusive}
                onChange={(e) => set('taxInclusive', e.target.checked)}
              />
              <span>
                <span className="font-medium">Prices include tax</span>
                <span className="block text-xs text-gray-600 dark:text-gray-400">
                  On: the prices you enter already hold the tax. Off: the tax is added at checkout.
                </span>
              </span>
            </label>
          </div>
        </div>
      </Card>

      <Card title="Shipping" description="One flat charge per order, whatever it holds.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={`${id}-shipping`}
            label={`Flat shipping (${values.currency})`}
            error={errors.shipping}
            hint="0 for free shipping."
          >
            <input
              id={`${id}-shipping`}
              name="shipping"
              className={fieldClass}
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              value={values.shipping}
              {...invalid('shipping')}
              onChange={(e) => set('shipping', e.target.value)}
            />
          </Field>
        </div>
        {example && (
          <p
            className="m-0 mt-4 rounded-lg bg-gray-500/10 px-3 py-2 text-sm text-gray-700 dark:text-gray-300"
            aria-live="polite"
            data-example
          >
            {example}
          </p>
        )}
      </Card>

      <Card title="Order times" description="When each order was placed and changed, as customers and staff read it.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={`${id}-timeZone`}
            label="Time zone"
            error={errors.timeZone}
            hint="Order times are shown in this zone, named next to each time."
          >
            <select
              id={`${id}-timeZone`}
              name="timeZone"
              className={fieldClass}
              value={values.timeZone}
              {...invalid('timeZone')}
              onChange={(e) => set('timeZone', e.target.value)}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </Card>

      <PriceBandsCard
        idPrefix={id}
        currency={values.currency}
        texts={values.priceBands}
        errors={errors}
        onChange={(texts) => set('priceBands', texts)}
        onReset={() => set('priceBands', defaultBandTexts())}
      />

      <Card title="Payment" description="How customers can pay for their orders.">
        <div className="space-y-4">
          <div>
            {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- the label's text is three elements deep, one past the rule's search depth */}
            <label className="inline-flex cursor-pointer items-start gap-2 text-sm">
              <input
                id={`${id}-manualPaymentEnabled`}
                type="checkbox"
                name="manualPaymentEnabled"
                className="mt-0.5 h-4 w-4 shrink-0 accent-[var(--color-primary)]"
                checked={values.manualPaymentEnabled}
                aria-invalid={errors.manualPaymentEnabled ? true : undefined}
                aria-describedby={errors.manualPaymentEnabled ? `${id}-manualPaymentEnabled-error` : undefined}
                onChange={(e) => set('manualPaymentEnabled', e.target.checked)}
              />
              <span>
                <span className="font-medium">Manual payment enabled</span>
                <span className="block text-xs text-gray-600 dark:text-gray-400">
                  Bank transfer or pay on delivery: the order waits as pending until you mark it paid.
                </span>
              </span>
            </label>
            {errors.manualPaymentEnabled && (
              <p id={`${id}-manualPaymentEnabled-error`} className="m-0 mt-1 text-sm text-red-700 dark:text-red-400">
                {errors.manualPaymentEnabled}
              </p>
            )}
          </div>
          <Field
            id={`${id}-manualPaymentInstructions`}
            label="Payment instructions"
            error={errors.manualPaymentInstructions}
            hint="Shown at checkout, on the order page and in the confirmation email while an order awaits payment: account details, what to quote as the reference."
          >
            <textarea
              id={`${id}-manualPaymentInstructions`}
              name="manualPaymentInstructions"
              rows={5}
              className={fieldClass}
              maxLength={PAYMENT_INSTRUCTIONS_MAX}
              value={values.manualPaymentInstructions}
              {...invalid('manualPaymentInstructions')}
              onChange={(e) => set('manualPaymentInstructions', e.target.value)}
            />
          </Field>
          <StripeStatus enabled={stripe} />
          {!stripe && (
            <p className="m-0 text-xs text-gray-600 dark:text-gray-400">
              Card payments through Stripe Checkout turn on when the server starts with STRIPE_SECRET_KEY and
              STRIPE_WEBHOOK_SECRET set (see the README).
            </p>
          )}
        </div>
      </Card>

      <div className="sticky bottom-0 z-10 -mx-3 border-t border-gray-200 bg-white/95 px-3 py-3 backdrop-blur dark:border-white/10 dark:bg-[#0b0f14]/95 min-[375px]:-mx-4 min-[375px]:px-4 sm:mx-0 sm:rounded-xl sm:border">
        <button type="submit" disabled={saving} className="brand-button px-5 py-2.5 font-semibold disabled:opacity-60">
          {saving ? 'Saving...' : 'Save Store Settings'}
        </button>
        {status && (
          <p
            role={status.tone === 'error' ? 'alert' : 'status'}
            className={`m-0 mt-2 text-sm font-medium ${status.tone === 'error' ? 'text-red-700 dark:text-red-400' : 'text-green-700 dark:text-green-400'}`}
          >
            {status.text}
          </p>
        )}
      </div>
    </form>
  );
}

function StoreScreen() {
  const { remote, reload, set } = useRemote(fetchAdminStore, 'Could not load the store settings.');
  if (remote.state === 'loading') return <Spinner label="Loading the store settings" />;
  if (remote.state === 'error') return <LoadError message={remote.message} onRetry={() => void reload()} />;
  return <StoreEditor settings={remote.data} onSaved={set} />;
}

/** The Store settings island: shown to a signed-in admin only. */
export default function StoreSettingsForm() {
  return <AdminGate>{() => <StoreScreen />}</AdminGate>;
}
