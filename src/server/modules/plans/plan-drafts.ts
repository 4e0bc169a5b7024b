/**
 * A plan as its drafts and versions see it (drafts/draft.service.ts), and its draft and history calls under
 * /api/admin/plans/:id (the guard's `content` part: whoever may change a plan may keep a draft of it and publish it).
 */
import { omit } from '../../../shared/omit.ts';
import type { AdminPlan, Plan, PlanDraftFields, PlanPreview } from '../../../shared/plans.ts';
import { checkPlan, PlanPatch } from '../../../shared/schemas/plan-admin.ts';
import { amountToCents } from '../../../shared/money.ts';
import type { Db } from '../../db/connection.ts';
import { fieldError } from '../../http/errors.ts';
import { bool } from '../content/content.mappers.ts';
import type { DraftRoutes } from '../drafts/draft.routes.ts';
import { previewFields, type Draftable } from '../drafts/draft.service.ts';
import { planVersioned } from './plan-versions.ts';
import { findPlanRow, listPublishedPlanRows } from './plans.repository.ts';
import { foundPlan, onePlan, planFromRow, planLabel, writePlanChanges, type PlanRow } from './plans.service.ts';

/** Sent changes checked as the plan's PATCH checks them. */
function checkedChanges(input: Record<string, unknown>) {
  const check = checkPlan(PlanPatch, input);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  return check.value;
}

export const planDraftable: Draftable<PlanRow, PlanDraftFields> = {
  ...planVersioned,
  label: (fields) => planLabel(fields.name),
  find: findPlanRow,
  visible: (_actor, row) => foundPlan(row),
  changeable: (_actor, row) => foundPlan(row),
  mayPublish: () => undefined,
  prepare: (_ctx, input) => Promise.resolve(omit(checkedChanges(input), 'published')),
  publish: async (ctx, id, fields, _picture, also) => {
    const patch = checkedChanges({ ...fields, published: true });
    const { publicChanged } = await writePlanChanges(
      ctx,
      id,
      { patch },
      { what: 'published from its draft', action: 'publish', also },
    );
    return { publicChange: publicChanged };
  },
};

export const planDrafts: DraftRoutes<PlanRow, PlanDraftFields, AdminPlan> = {
  draftable: planDraftable,
  path: '/admin/plans/:id',
  site: 'plans',
  item: (db, _actor, id) => onePlan(db, id),
};

type Ordered = Plan & { sort_order: number };
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The pricing page's order (plans.repository.ts): the plans' own order, then price, name and id. */
const byOrder = (a: Ordered, b: Ordered) =>
  a.sort_order - b.sort_order || a.price_cents - b.price_cents || compare(a.name, b.name) || compare(a.id, b.id);

/**
 * The plan as the pricing page will show it, its draft applied, among the published plans in their order (an
 * unpublished plan in the place it will take): a preview link's view.
 */
export async function planPreview(
  db: Db,
  id: string,
): Promise<{ item: PlanPreview; draft: boolean; published: boolean } | null> {
  const found = await previewFields(db, planDraftable, id);
  if (!found) return null;
  const { row, fields, draft } = found;
  const plan = {
    ...planFromRow({
      ...row,
      ...omit(fields, 'price', 'features'),
      price_cents: amountToCents(fields.price),
      features: JSON.stringify(fields.features),
    }),
    sort_order: fields.sort_order,
  };
  const others = (await listPublishedPlanRows(db))
    .filter((other) => other.id !== id)
    .map((other) => ({ ...planFromRow(other), sort_order: other.sort_order }));
  const plans = [...others, plan].sort(byOrder).map((shown) => omit(shown, 'sort_order'));
  return { item: { plan: omit(plan, 'sort_order'), plans }, draft, published: bool(row.published) };
}
