/**
 * Drafts, preview links and versions of pricing plans, with the real app and database (SQLite and PostgreSQL): a
 * draft of a published plan changes nothing visitors see until it is published, checked as the plan's own PATCH; its
 * preview shows the pricing page with the draft in its place; every save is a version that can be restored; only the
 * content roles reach any of it; a deleted plan takes its draft and versions with it.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_PUBLISHED, type PreviewAnswer, type PreviewLink } from '../../src/shared/drafts.ts';
import type { AdminPlan, Plan, PlanDraft } from '../../src/shared/plans.ts';
import { REVISION_RESTORED, type RevisionComparison, type RevisionHistory } from '../../src/shared/revisions.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { staffToken } from '../helpers/staff.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const tokens = { admin: '', editor: '', author: '', shop: '' };

type Body = ApiBody & { plan?: AdminPlan; item?: AdminPlan; draft?: PlanDraft; link?: PreviewLink };
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => tokens.editor,
);
const call = <B = Body>(method: string, path: string, options?: CallOptions) => client<B>(method, path, options);
const create = async (body: object) => {
  const answer = await call('POST', '/api/admin/plans', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  assert(answer.body.plan, 'created');
  return answer.body.plan;
};
const publicPlans = async () => (await client<{ results: Plan[] }>('GET', '/api/plans', { token: null })).body.results;
const history = async (id: string) =>
  (await call<RevisionHistory>('GET', `/api/admin/plans/${id}/revisions`)).body.revisions;

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.editor = await staffToken(t, tokens.admin, 'eddie', 'editor');
  tokens.author = await staffToken(t, tokens.admin, 'aria', 'author');
  tokens.shop = await staffToken(t, tokens.admin, 'sam', 'shop_manager');
  return () => t.close();
});

describe('a draft of a published plan', () => {
  let plan: AdminPlan;
  let other: AdminPlan;

  it('is saved without changing what visitors see, checked as the plan’s own edit', async () => {
    plan = await create({ name: 'Studio', price: 29, features: ['5 projects'], sort_order: 2, published: true });
    other = await create({ name: 'Starter', price: 9, sort_order: 1, published: true });
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ price: -1 }, 'price'],
      [{ price: 1.999 }, 'price'],
      [{ billing_period: 'week' }, 'billing_period'],
      [{ features: ['ok', ''] }, 'features'],
      [{ sort_order: 1.5 }, 'sort_order'],
    ] as const) {
      const refused = await call('PUT', `/api/admin/plans/${plan.id}/draft`, { body });
      expect([refused.status, refused.body.field], JSON.stringify(body)).toEqual([400, field]);
    }
    const saved = await call('PUT', `/api/admin/plans/${plan.id}/draft`, {
      body: { price: 39, features: ['10 projects', 'Priority help'], sort_order: 0, published: false },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.draft?.fields).toEqual({
      name: 'Studio',
      description: '',
      price: 39,
      billing_period: 'month',
      features: ['10 projects', 'Priority help'],
      highlighted: false,
      sort_order: 0,
    });
    expect((await publicPlans()).map((p) => [p.name, p.price])).toEqual([
      ['Starter', 9],
      ['Studio', 29],
    ]);
    const listed = (await call<{ results: AdminPlan[] }>('GET', '/api/admin/plans')).body.results.find(
      (p) => p.id === plan.id,
    );
    expect(listed).toMatchObject({ price: 29, published: true, draft: { savedBy: 'Carol Customer' } });
  });

  it('is shown by its preview link on the pricing page in its new place, then published, every step a version', async () => {
    const link = await call('POST', `/api/admin/plans/${plan.id}/preview-link`);
    assert(link.body.link, 'a link');
    const token = new URL(link.body.link.url).searchParams.get('token') ?? '';
    const preview = await call<PreviewAnswer>('GET', `/api/preview/${token}`, { token: null });
    expect(preview.body).toMatchObject({ type: 'plan', draft: true, published: true });
    assert(preview.body.type === 'plan');
    expect(preview.body.item.plan).toMatchObject({ name: 'Studio', price: 39, price_cents: 3900 });
    expect(preview.body.item.plans.map((p) => [p.name, p.price])).toEqual([
      ['Studio', 39],
      ['Starter', 9],
    ]);

    const published = await call('POST', `/api/admin/plans/${plan.id}/draft/publish`);
    expect(published.body).toMatchObject({ message: DRAFT_PUBLISHED, item: { draft: null, published: true } });
    expect((await publicPlans()).map((p) => [p.name, p.price])).toEqual([
      ['Studio', 39],
      ['Starter', 9],
    ]);
    const revisions = await history(plan.id);
    expect(revisions.map((r) => [r.number, r.action, r.changed, r.current])).toEqual([
      [3, 'publish', [], true],
      [2, 'draft', ['Price', 'Order', 'Features'], false],
      [1, 'create', [], false],
    ]);
    const [newest, , first] = revisions;
    assert(newest && first, 'kept');
    const compared = await call<RevisionComparison>(
      'GET',
      `/api/admin/plans/${plan.id}/revisions/compare?from=${first.id}&to=${newest.id}`,
    );
    expect(compared.body.fields.find((f) => f.name === 'price')).toMatchObject({ before: '29', after: '39' });
  });

  it('restores a version as the draft; deleting the plan takes its draft and versions', async () => {
    const first = (await history(plan.id)).find((r) => r.number === 1);
    assert(first, 'kept');
    const restored = await call('POST', `/api/admin/plans/${plan.id}/revisions/${first.id}/restore`);
    expect(restored.body).toMatchObject({ message: REVISION_RESTORED, draft: { fields: { price: 29 } } });
    expect((await publicPlans()).find((p) => p.id === plan.id)?.price).toBe(39);
    expect((await call('DELETE', `/api/admin/plans/${plan.id}`)).status).toBe(200);
    expect(await t.db.selectFrom('revisions').select('id').where('item_id', '=', plan.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('drafts').select('item_id').where('item_id', '=', plan.id).execute()).toEqual([]);
  });

  it('is the content roles’ alone', async () => {
    for (const token of [tokens.author, tokens.shop]) {
      const answer = await call('PUT', `/api/admin/plans/${other.id}/draft`, { token, body: { price: 1 } });
      expect(answer.status).toBe(403);
      expect((await call('POST', `/api/admin/plans/${other.id}/preview-link`, { token })).status).toBe(403);
    }
    expect((await call('GET', '/api/admin/plans/nope/revisions')).status).toBe(404);
    expect((await call('PUT', '/api/admin/plans/nope/draft', { body: { price: 1 } })).status).toBe(404);
  });
});
