/**
 * The pricing page: the plans side by side (stacked on phones), the highlighted ones emphasised, each leading to
 * /contact. Rendered to static HTML at build (no script) and by the preview of a plan's draft.
 */
import { formatMoney } from '../../lib/format/money.ts';
import { billingSuffix, type Plan } from '../../shared/plans.ts';

interface Props {
  plans: readonly Plan[];
  /** The store's currency, which prices are shown in. */
  currency: string;
}

function PlanCard({ plan, currency }: { plan: Plan; currency: string }) {
  return (
    <li
      className={`relative flex flex-col rounded-xl border p-6 ${
        plan.highlighted ? 'border-2 border-[var(--color-primary)] shadow-lg' : 'border-gray-200 dark:border-white/10'
      }`}
      data-plan={plan.name}
      data-highlighted={plan.highlighted ? 'true' : undefined}
    >
      {plan.highlighted && (
        <p className="brand-button absolute -top-3 left-6 m-0 px-3 py-0.5 text-xs font-semibold uppercase tracking-wide">
          Most popular
        </p>
      )}
      <h2 className="m-0 text-xl font-semibold">{plan.name}</h2>
      {plan.description && (
        <p className="mt-2 whitespace-pre-line text-gray-600 dark:text-gray-300">{plan.description}</p>
      )}
      <p className="mt-4 mb-0 flex items-baseline gap-1">
        <span className="text-4xl font-bold">{formatMoney(plan.price_cents, currency, { free: true })}</span>
        {plan.price > 0 && (
          <span className="text-gray-600 dark:text-gray-300">{billingSuffix(plan.billing_period)}</span>
        )}
      </p>
      {plan.features.length > 0 && (
        <ul className="mt-6 mb-0 list-none space-y-2 p-0" aria-label={`${plan.name} features`}>
          {plan.features.map((feature, i) => (
            <li key={i} className="flex gap-2">
              <span aria-hidden="true" className="shrink-0 font-bold text-green-600 dark:text-green-400">
                ✓
              </span>
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-8">
        <a
          href="/contact"
          className={`block px-4 py-2 text-center font-semibold ${plan.highlighted ? 'brand-button' : 'brand-button-outline'}`}
          aria-label={`Contact us about ${plan.name}`}
        >
          Contact us
        </a>
      </div>
    </li>
  );
}

export const PRICING_INTRO = 'Our plans side by side. Not sure which one fits? Contact us and we will help you choose.';

function Plans({ plans, currency }: Props) {
  if (plans.length === 0)
    return (
      <p className="rounded-xl border border-gray-200 p-8 text-center text-gray-600 dark:border-white/10 dark:text-gray-300">
        No plans available yet.{' '}
        <a className="underline" href="/contact">
          Contact us
        </a>{' '}
        for a quote.
      </p>
    );
  return (
    <ul className="m-0 grid list-none gap-6 p-0 md:grid-cols-2 lg:grid-cols-3" data-plans>
      {plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} currency={currency} />
      ))}
    </ul>
  );
}

/** The page's content under the site's layout: its heading (as the list pages' header) and the plans. */
export default function PricingPage({ plans, currency }: Props) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="mb-8">
        <h1 className="m-0 text-3xl font-bold sm:text-4xl">Pricing</h1>
        <p className="mt-2 text-gray-600 dark:text-gray-300">{PRICING_INTRO}</p>
      </header>
      <Plans plans={plans} currency={currency} />
    </div>
  );
}
