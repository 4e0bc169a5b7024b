/**
 * Pricing plans with the real app and database: GET /api/plans lists published plans only, in order;
 * GET/POST /api/admin/plans and PUT/PATCH/DELETE /api/admin/plans/:id each checked, audited, uncached, and asking
 * for a rebuild only when the public list may change; every refusal names its field and changes nothing.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlan, Plan } from '../../src/shared/plans.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let customer: string;

type Body = ApiBody & { plan?: AdminPlan; results?: (Plan | AdminPlan)[] };

/** Signed as the admin unless the call names a token (null: none). */
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => admin,
);
const call = (method: string, path: string, options?: CallOptions) => client<Body>(method, path, options);

const publicList = async () => (await call('GET', '/api/plans', { token: null })).body.results as Plan[];
const auditRows = () => t.db.selectFrom('audit_log').selectAll().orderBy('at').execute();
const snapshot = async () => ({
  plans: await t.db.selectFrom('plans').selectAll().orderBy('id').execute(),
  audits: (await auditRows()).length,
});
const settled = async () => {
  await t.deps.rebuilds.settled();
  expect(t.deps.rebuilds.status().state).toBe('up-to-date');
};
const rebuildAsked = () => ['scheduled', 'building'].includes(t.deps.rebuilds.status().state);

const studio = {
  name: 'Studio',
  description: 'For growing teams',
  price: 49.99,
  billing_period: 'month',
  features: ['Unlimited pages', ' Priority support '],
  highlighted: true,
  sort_order: 2,
  published: true,
};

beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('cora');
});

describe('access', () => {
  it('answers 401 without a token and 403 for a customer on every admin call, changing nothing', async () => {
    const before = await snapshot();
    for (const [method, path, body] of [
      ['GET', '/api/admin/plans'],
      ['POST', '/api/admin/plans', studio],
      ['PUT', '/api/admin/plans/x', studio],
      ['PATCH', '/api/admin/plans/x', { published: true }],
      ['DELETE', '/api/admin/plans/x'],
    ] as const) {
      expect((await call(method, path, { token: null, body })).status).toBe(401);
      expect(await call(method, path, { token: customer, body })).toMatchObject({
        status: 403,
        body: { message: 'Admin access required' },
      });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('create, list, edit, publish and delete', () => {
  it('creates a published plan, cleans its text, audits it, asks for a rebuild and lists it publicly', async () => {
    await settled();
    const { status, headers, body } = await call('POST', '/api/admin/plans', { body: studio });
    expect(status).toBe(201);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(rebuildAsked()).toBe(true);
    expect(body.message).toBe('Plan created');
    assert(body.plan, 'the answer has the plan');
    expect(body.plan).toEqual({
      id: expect.any(String) as unknown,
      name: 'Studio',
      description: 'For growing teams',
      price: 49.99,
      price_cents: 4999,
      billing_period: 'month',
      features: ['Unlimited pages', 'Priority support'],
      highlighted: true,
      sort_order: 2,
      published: true,
      created_at: expect.any(String) as unknown,
      updated_at: expect.any(String) as unknown,
      draft: null,
    });
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'plan.create',
      target_type: 'plan',
      target_id: body.plan.id,
      summary: 'Plan "Studio" created',
    });
    const listed = await publicList();
    expect(listed).toEqual([
      {
        id: body.plan.id,
        name: 'Studio',
        description: 'For growing teams',
        price: 49.99,
        price_cents: 4999,
        billing_period: 'month',
        features: ['Unlimited pages', 'Priority support'],
        highlighted: true,
      },
    ]);
    const res = await t.request('/api/plans');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it('keeps a draft out of the public list, asks for no rebuild, and lists it to the admin in order', async () => {
    await settled();
    const { status, body } = await call('POST', '/api/admin/plans', { body: { name: 'Hidden', price: 5 } });
    expect(status).toBe(201);
    expect(body.plan).toMatchObject({
      name: 'Hidden',
      description: '',
      price: 5,
      billing_period: 'month',
      features: [],
      highlighted: false,
      sort_order: 0,
      published: false,
    });
    expect(t.deps.rebuilds.status().state).toBe('up-to-date');
    expect((await auditRows()).at(-1)).toMatchObject({ summary: 'Plan "Hidden" created as a draft' });
    expect((await publicList()).map((p) => p.name)).not.toContain('Hidden');
    const adminList = await call('GET', '/api/admin/plans');
    expect(adminList.headers.get('cache-control')).toBe('no-store');
    // sort_order 0 comes before 2.
    expect((adminList.body.results as AdminPlan[]).map((p) => p.name)).toEqual(['Hidden', 'Studio']);
  });

  it('orders the public list by sort order, then price', async () => {
    for (const [name, price, sort_order] of [
      ['Zed', 10, 1],
      ['Alpha', 30, 1],
      ['Beta', 20, 1],
    ] as const) {
      expect(
        (
          await call('POST', '/api/admin/plans', {
            body: { name, price, sort_order, published: true, billing_period: 'year' },
          })
        ).status,
      ).toBe(201);
    }
    expect((await publicList()).map((p) => p.name)).toEqual(['Zed', 'Beta', 'Alpha', 'Studio']);
  });

  it('replaces a plan with PUT, publishes and unpublishes it with PATCH, and deletes it', async () => {
    const created = (await call('POST', '/api/admin/plans', { body: { name: 'Solo', price: 9 } })).body.plan;
    assert(created, 'the answer has the plan');
    await settled();
    const put = await call('PUT', `/api/admin/plans/${created.id}`, {
      body: { name: 'Solo plus', price: 12.5, billing_period: 'once', features: ['One'], sort_order: -1 },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      message: 'Plan updated',
      plan: {
        name: 'Solo plus',
        price: 12.5,
        price_cents: 1250,
        billing_period: 'once',
        features: ['One'],
        sort_order: -1,
        published: false,
      },
    });
    // Still a draft: nothing public changed.
    expect(t.deps.rebuilds.status().state).toBe('up-to-date');

    const published = await call('PATCH', `/api/admin/plans/${created.id}`, { body: { published: true } });
    expect(published.body).toMatchObject({
      message: 'Plan published',
      plan: { name: 'Solo plus', price: 12.5, published: true },
    });
    expect(rebuildAsked()).toBe(true);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'plan.update',
      summary: 'Plan "Solo plus" updated and published',
    });
    expect((await publicList())[0]).toMatchObject({ name: 'Solo plus', billing_period: 'once' });

    await settled();
    const unpublished = await call('PATCH', `/api/admin/plans/${created.id}`, { body: { published: false } });
    expect(unpublished.body.message).toBe('Plan unpublished');
    expect(rebuildAsked()).toBe(true);
    expect((await publicList()).map((p) => p.id)).not.toContain(created.id);

    const edited = await call('PATCH', `/api/admin/plans/${created.id}`, {
      body: { highlighted: true, description: 'Line\r\nTwo' },
    });
    expect(edited.body).toMatchObject({
      message: 'Plan updated',
      plan: { highlighted: true, description: 'Line\nTwo', name: 'Solo plus' },
    });

    const deleted = await call('DELETE', `/api/admin/plans/${created.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Plan deleted' } });
    expect(deleted.headers.get('cache-control')).toBe('no-store');
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'plan.delete',
      target_id: created.id,
      summary: 'Plan "Solo plus" deleted',
    });
    expect(await t.db.selectFrom('plans').select('id').where('id', '=', created.id).executeTakeFirst()).toBeUndefined();
    expect(await call('DELETE', `/api/admin/plans/${created.id}`)).toMatchObject({
      status: 404,
      body: { message: 'Plan not found' },
    });
  });

  it('allows several highlighted plans (each is emphasised on the page)', async () => {
    await call('POST', '/api/admin/plans', {
      body: { name: 'Also highlighted', highlighted: true, published: true, sort_order: 9 },
    });
    expect((await publicList()).filter((p) => p.highlighted).map((p) => p.name)).toEqual([
      'Studio',
      'Also highlighted',
    ]);
  });

  it('answers 404 for an unknown plan on PUT and PATCH', async () => {
    expect(await call('PUT', '/api/admin/plans/nope', { body: studio })).toMatchObject({
      status: 404,
      body: { message: 'Plan not found' },
    });
    expect(await call('PATCH', '/api/admin/plans/nope', { body: { published: true } })).toMatchObject({
      status: 404,
      body: { message: 'Plan not found' },
    });
  });
});

describe('refusals', () => {
  const long = 'x'.repeat(121);
  it.each([
    [{ ...studio, name: undefined }, 'name', 'Name is required.'],
    [{ ...studio, name: '   ' }, 'name', 'Name is required.'],
    [{ ...studio, name: 'A\u0000B' }, 'name', 'Name must not contain control characters.'],
    [{ ...studio, price: -1 }, 'price', 'Price must be 0 or more.'],
    [{ ...studio, price: 1.999 }, 'price', 'Price must have at most 2 decimals.'],
    [{ ...studio, price: '10' }, 'price', 'Price must be a number.'],
    [{ ...studio, price: 2_000_000 }, 'price', 'Price must be at most 1000000.'],
    [{ ...studio, billing_period: 'week' }, 'billing_period', "Billing period must be 'month', 'year' or 'once'."],
    [
      { ...studio, features: Array.from({ length: 21 }, (_, i) => `F${i}`) },
      'features',
      'Features must have at most 20 lines.',
    ],
    [{ ...studio, features: ['ok', long] }, 'features', 'Features line 2 must be at most 120 characters.'],
    [{ ...studio, features: ['ok', ' '] }, 'features', 'Features line 2 must not be empty.'],
    [{ ...studio, features: 'one\ntwo' }, 'features', 'Features must be a list of texts.'],
    [{ ...studio, sort_order: 1.5 }, 'sort_order', 'Sort order must be a whole number.'],
    [{ ...studio, highlighted: 'yes' }, 'highlighted', 'Highlighted must be true or false.'],
    [{ ...studio, published: 1 }, 'published', 'Published must be true or false.'],
    [[studio], 'body', 'The body must be a JSON object'],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const before = await snapshot();
    expect(await call('POST', '/api/admin/plans', { body })).toMatchObject({ status: 400, body: { field, message } });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body that is not JSON and a bad PATCH, changing nothing', async () => {
    const [first] = (await call('GET', '/api/admin/plans')).body.results ?? [];
    assert(first, 'a plan in the admin list');
    const { id } = first;
    const before = await snapshot();
    expect(await call('POST', '/api/admin/plans', { body: '{not json' })).toMatchObject({
      status: 400,
      body: { message: 'Request body must be JSON' },
    });
    expect(await call('PATCH', `/api/admin/plans/${id}`, { body: { price: -5 } })).toMatchObject({
      status: 400,
      body: { field: 'price' },
    });
    expect(await call('PUT', `/api/admin/plans/${id}`, { body: { price: 5 } })).toMatchObject({
      status: 400,
      body: { message: 'Name is required.' },
    });
    expect(await snapshot()).toEqual(before);
  });
});
