/** Pricing plans: what GET /api/plans answers and what the admin sees besides. */
import type { DraftInfo } from './drafts.ts';

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
  /** Who saved its draft (unpublished changes) and when; null without one. */
  draft: DraftInfo | null;
}

/** A plan's fields as its draft and its versions hold them (the price in major units; the state is the plan's own). */
export interface PlanDraftFields {
  name: string;
  description: string;
  price: number;
  billing_period: BillingPeriod;
  features: string[];
  highlighted: boolean;
  sort_order: number;
}

/** GET|PUT /api/admin/plans/{id}/draft. */
export interface PlanDraft extends DraftInfo {
  fields: PlanDraftFields;
}

/** A plan's preview: the plan as it will show, and the pricing page's plans around it (its draft in its place). */
export interface PlanPreview {
  plan: Plan;
  plans: Plan[];
}

/** What follows the price on the pricing page: '/month', '/year' or 'one-time'. */
export function billingSuffix(period: BillingPeriod): string {
  return period === 'once' ? 'one-time' : `/${period}`;
}
