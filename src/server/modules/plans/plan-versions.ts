/** A plan's versions: the fields kept at each save, as the history names and compares them. */
import { centsToAmount } from '../../../shared/money.ts';
import type { PlanDraftFields } from '../../../shared/plans.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import type { Versioned } from '../revisions/keep-revision.ts';
import { billingPeriodOf, type PlanRow } from './plans.service.ts';

/** The plan's fields as a draft or a version starts from them (its state is its own, set at once). */
export const planFieldsOfRow = (row: PlanRow): PlanDraftFields => ({
  name: row.name,
  description: row.description,
  price: centsToAmount(row.price_cents),
  billing_period: billingPeriodOf(row.billing_period),
  features: parseStringArray(row.features),
  highlighted: Boolean(row.highlighted),
  sort_order: row.sort_order,
});

export const planVersioned: Versioned<PlanRow, PlanDraftFields> = {
  type: 'plan',
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'price', label: 'Price', kind: 'text' },
    { name: 'billing_period', label: 'Billing period', kind: 'text' },
    { name: 'highlighted', label: 'Highlighted', kind: 'text' },
    { name: 'sort_order', label: 'Order', kind: 'text' },
    { name: 'features', label: 'Features', kind: 'list' },
    { name: 'description', label: 'Description', kind: 'text' },
  ],
  fieldsOf: planFieldsOfRow,
  writtenAt: (row) => row.updated_at ?? row.created_at,
};
