/** Pricing plans: what GET /api/plans answers and what the admin sees besides. */

export const BILLING_PERIODS = ['month', 'year', 'once'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** A published plan as GET /api/plans lists it; `price` in major units, `price_cents` the stored integer. */
export interface Plan {
  id: string;
  name: string;
  description: string;
  price: number;
  price_cents: number;
  billing_period: BillingPeriod;
  features: string[];
  highlighted: boolean;
}

/** A plan as GET /api/admin/plans lists it, drafts included. */
export interface AdminPlan extends Plan {
  sort_order: number;
  published: boolean;
  created_at: string;
  updated_at: string | null;
}

/** What follows the price on the pricing page: '/month', '/year' or 'one-time'. */
export function billingSuffix(period: BillingPeriod): string {
  return period === 'once' ? 'one-time' : `/${period}`;
}
