/**
 * Pricing plans: the public list of published plans and the admin writes, each committed with its audit
 * entry. A write reports whether the public list may have changed, so the caller asks for a rebuild only then.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { amountToCents, centsToAmount } from '../../../shared/money.ts';
import type { DraftInfo } from '../../../shared/drafts.ts';
import { BILLING_PERIODS, type AdminPlan, type BillingPeriod, type Plan } from '../../../shared/plans.ts';
import type { PlanChanges, PlanValues } from '../../../shared/schemas/plan-admin.ts';
import type { Db } from '../../db/connection.ts';
import { readBack } from '../../db/read-back.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import type { PlansTable } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { bool } from '../content/content.mappers.ts';
import type { ItemWriteContext, ItemWriteNote } from '../drafts/draft.service.ts';
import { deleteDraftRow, draftInfo, draftInfos, findDraftRow } from '../drafts/drafts.repository.ts';
import { dropItemRevisions, keepItemVersion, pruneRevisions } from '../revisions/keep-revision.ts';
import { planVersioned } from './plan-versions.ts';
import {
  deletePlanRow,
  findPlanRow,
  insertPlanRow,
  listAllPlanRows,
  listPublishedPlanRows,
  updatePlanRow,
} from './plans.repository.ts';

export const PLAN_NOT_FOUND = 'Plan not found';

export type PlanWriteContext = ItemWriteContext;
export type PlanRow = Selectable<PlansTable>;

/** A write's result: the plan, and whether it was published before or after (the public site changes). */
export interface PlanWrite {
  plan: AdminPlan;
  publicChanged: boolean;
}

const notFound = () => new ApiError(404, PLAN_NOT_FOUND);
export const planLabel = (name: string) => `Plan "${name}"`;
const label = planLabel;
/** A stored billing period, or 'month' for any other text. */
export const billingPeriodOf = (value: string): BillingPeriod =>
  (BILLING_PERIODS as readonly string[]).includes(value) ? (value as BillingPeriod) : 'month';

/** The row when there is one; else 404. */
export function foundPlan(row: PlanRow | undefined): PlanRow {
  if (!row) throw notFound();
  return row;
}

/** The public shape of a row. */
export function planFromRow(r: Selectable<PlansTable>): Plan {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    price: centsToAmount(r.price_cents),
    price_cents: r.price_cents,
    billing_period: billingPeriodOf(r.billing_period),
    features: parseStringArray(r.features),
    highlighted: bool(r.highlighted),
  };
}

/** The admin shape of a row, with its draft's who and when. */
export function adminPlanFromRow(r: Selectable<PlansTable>, draft: DraftInfo | null = null): AdminPlan {
  return {
    ...planFromRow(r),
    sort_order: r.sort_order,
    published: bool(r.published),
    created_at: r.created_at,
    updated_at: r.updated_at,
    draft,
  };
}

/** The plan as the admin reads it after a write, its draft included. */
async function readAdminPlan(db: Db, id: string): Promise<AdminPlan> {
  const draft = await findDraftRow(db, 'plan', id);
  return adminPlanFromRow(readBack(await findPlanRow(db, id), `plan ${id}`), draft ? draftInfo(draft) : null);
}

/** GET /api/admin/plans/:id (the drafts' answer): the plan, 404 for none. */
export async function onePlan(db: Db, id: string): Promise<AdminPlan> {
  foundPlan(await findPlanRow(db, id));
  return readAdminPlan(db, id);
}

/** The columns of a plan's values. */
function columnsOf(v: PlanValues) {
  return {
    name: v.name,
    description: v.description,
    price_cents: amountToCents(v.price),
    billing_period: v.billing_period,
    features: JSON.stringify(v.features),
    highlighted: v.highlighted,
    sort_order: v.sort_order,
    published: v.published,
  };
}

/** The values a stored plan has, for a PATCH to change some of. */
function valuesOf(plan: AdminPlan): PlanValues {
  const { name, description, price, billing_period, features, highlighted, sort_order, published } = plan;
  return { name, description, price, billing_period, features, highlighted, sort_order, published };
}

/** The stored values with the sent ones over them; a field sent as undefined keeps its value. */
function patched(values: PlanValues, patch: PlanChanges): PlanValues {
  const sent = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  return { ...values, ...sent };
}

/** GET /api/plans. */
export async function publishedPlans(db: Db): Promise<Plan[]> {
  return (await listPublishedPlanRows(db)).map(planFromRow);
}

/** GET /api/admin/plans. */
export async function allPlans(db: Db): Promise<AdminPlan[]> {
  const [rows, drafts] = await Promise.all([listAllPlanRows(db), draftInfos(db, 'plan')]);
  return rows.map((row) => adminPlanFromRow(row, drafts.get(row.id) ?? null));
}

/** POST /api/admin/plans. */
export async function createPlan(ctx: PlanWriteContext, values: PlanValues): Promise<PlanWrite> {
  const id = randomUUID();
  const now = new Date().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    await insertPlanRow(trx, { id, ...columnsOf(values), created_at: now, updated_at: now });
    const created = readBack(await findPlanRow(trx, id), `plan ${id}`);
    await keepItemVersion(trx, planVersioned, ctx.actor, id, 'create', created);
    const summary = `${label(values.name)} created${values.published ? '' : ' as a draft'}`;
    await recordAudit(trx, ctx.actor, { action: 'plan.create', target: { type: 'plan', id }, summary });
    return { plan: adminPlanFromRow(created), publicChanged: values.published };
  });
}

/** PUT (whole values) or PATCH (the sent fields over the stored ones) /api/admin/plans/:id. */
export function updatePlan(
  ctx: PlanWriteContext,
  id: string,
  change: { replace: PlanValues } | { patch: PlanChanges },
): Promise<PlanWrite> {
  return writePlanChanges(ctx, id, change, { what: 'updated', action: 'update' });
}

/**
 * Writes a plan's changes (a PUT or PATCH, or its draft being published) and keeps the version it made, `also` in
 * its transaction; versions beyond the limit are pruned after.
 */
export async function writePlanChanges(
  ctx: PlanWriteContext,
  id: string,
  change: { replace: PlanValues } | { patch: PlanChanges },
  { what, action, also }: ItemWriteNote,
): Promise<PlanWrite> {
  const written = await ctx.db.transaction().execute(async (trx) => {
    const row = foundPlan(await findPlanRow(trx, id));
    const before = adminPlanFromRow(row);
    const values = 'replace' in change ? change.replace : patched(valuesOf(before), change.patch);
    await updatePlanRow(trx, id, { ...columnsOf(values), updated_at: new Date().toISOString() });
    await also?.(trx);
    const after = readBack(await findPlanRow(trx, id), `plan ${id}`);
    await keepItemVersion(trx, planVersioned, ctx.actor, id, action, after, row);
    const publishing =
      before.published !== values.published ? (values.published ? ' and published' : ' and unpublished') : '';
    await recordAudit(trx, ctx.actor, {
      action: 'plan.update',
      target: { type: 'plan', id },
      summary: `${label(values.name)} ${what}${publishing}`,
    });
    return { plan: await readAdminPlan(trx, id), publicChanged: before.published || values.published };
  });
  await pruneRevisions(ctx, 'plan', id);
  return written;
}

/** DELETE /api/admin/plans/:id; whether it was published. */
export async function deletePlan(ctx: PlanWriteContext, id: string): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await deletePlanRow(trx, id);
    if (!row) throw notFound();
    await deleteDraftRow(trx, 'plan', id);
    // A plan names no picture: its versions go with it, nothing to release.
    await dropItemRevisions(trx, 'plan', id);
    await recordAudit(trx, ctx.actor, {
      action: 'plan.delete',
      target: { type: 'plan', id },
      summary: `${label(row.name)} deleted`,
    });
    return bool(row.published);
  });
}
