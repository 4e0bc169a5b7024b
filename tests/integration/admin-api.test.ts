/**
 * The admin dashboard calls through the real app: stats computed in the database, the audit
 * log newest first, the publish state, a rebuild on demand (audited) and the notification of a failed build.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/server/app.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import {
  BUILD_ESTIMATE_MS,
  createRebuildScheduler,
  type RebuildScheduler,
} from '../../src/server/site/rebuild-scheduler.ts';
import type { PublishStatus } from '../../src/shared/admin.ts';
import { prepareTestData, TEST_ADMIN_PASSWORD, type TestData } from '../helpers/test-app.ts';

const PASSWORD = 'a long customer password';

let data: TestData;
let app: App;
let rebuilds: RebuildScheduler;
/** What the next build does: resolve, or fail with this message. */
let nextBuild: { fail?: string } = {};
const builds: string[] = [];
let admin: string;
let customer: string;

async function login(username: string, password: string): Promise<string> {
  const res = await app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

beforeAll(async () => {
  data = await prepareTestData();
  rebuilds = createRebuildScheduler({
    debounceMs: 20,
    maxWaitMs: 50,
    run: (reason) => {
      builds.push(reason);
      if (nextBuild.fail) return Promise.reject(new Error(`${nextBuild.fail}\n    at build (/secret/path.ts:1:1)`));
      return Promise.resolve();
    },
  });
  return async () => {
    await rebuilds.close();
    await data.db.destroy();
    rmSync(data.dataDir, { recursive: true, force: true });
  };
});
beforeAll(async () => {
  app = createApp({ db: data.db, env: data.env, deps: { ...data.deps, rebuilds } });
  const now = new Date().toISOString();
  await data.db
    .insertInto('users')
    .values({
      id: randomUUID(),
      first_name: 'Carol',
      last_name: 'Customer',
      email: 'carol@example.com',
      username: 'carol',
      username_key: 'carol',
      password_hash: await hashPassword(PASSWORD),
      email_verified: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  admin = await login('admin', TEST_ADMIN_PASSWORD);
  customer = await login('carol', PASSWORD);
});

const get = (path: string, token = admin) => app.request(path, { headers: { authorization: `Bearer ${token}` } });
const post = (path: string, token = admin, body?: string) =>
  app.request(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ?? null,
  });

describe('GET /api/dashboard/stats', () => {
  it('counts users, products and orders and sums revenue to the cent, in the database', async () => {
    const empty = await get('/api/dashboard/stats');
    expect(empty.status).toBe(200);
    expect(empty.headers.get('cache-control')).toBe('no-store');
    expect(await empty.json()).toEqual({ totalUsers: 2, totalProducts: 0, totalOrders: 0, totalRevenue: 0 });

    const now = new Date().toISOString();
    await data.db
      .insertInto('products')
      .values(
        [1, 2, 3].map((i) => ({
          id: randomUUID(),
          slug: `product-${i}`,
          name: `Product ${i}`,
          price_cents: 1000 * i,
          created_at: now,
        })),
      )
      .execute();
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; the answer is in cents. Money not received or given back
    // (pending, cancelled, refunded) is no revenue.
    const orders = [
      [123450, 'paid'],
      [10, 'shipped'],
      [20, 'delivered'],
      [99999, 'delivered'],
      [5000, 'pending'],
      [7000, 'cancelled'],
      [9000, 'refunded'],
    ] as const;
    await data.db
      .insertInto('orders')
      .values(orders.map(([cents, status]) => ({ id: randomUUID(), total_cents: cents, status, created_at: now })))
      .execute();
    const res = await get('/api/dashboard/stats');
    expect(await res.json()).toEqual({ totalUsers: 2, totalProducts: 3, totalOrders: 7, totalRevenue: 2234.79 });
  });

  it('is for admins only', async () => {
    expect((await app.request('/api/dashboard/stats')).status).toBe(401);
    expect((await get('/api/dashboard/stats', customer)).status).toBe(403);
  });
});

describe('site status, rebuild and notifications', () => {
  it('shows the publish state, builds on demand with an audit entry, and notifies a failed build with its reason', async () => {
    const status = await get('/api/admin/site-status');
    expect(status.status).toBe(200);
    expect(status.headers.get('cache-control')).toBe('no-store');
    expect(((await status.json()) as { state: string }).state).toBe('up-to-date');
    expect(await (await get('/api/admin/notifications')).json()).toEqual({ results: [] });

    nextBuild = { fail: 'astro build exited with code 1' };
    const asked = await post('/api/admin/site-rebuild', admin, '{}');
    expect(asked.status).toBe(202);
    expect(['scheduled', 'building']).toContain(((await asked.json()) as { state: string }).state);
    await rebuilds.settled();
    expect(builds.at(-1)).toBe('retry');

    const failed = (await (await get('/api/admin/site-status')).json()) as { state: string; reason: string };
    expect(failed).toMatchObject({ state: 'failed', reason: 'astro build exited with code 1' });
    const { results } = (await (await get('/api/admin/notifications')).json()) as {
      results: { kind: string; text: string; id: string; at: string }[];
    };
    expect(results).toHaveLength(1);
    const [notice] = results;
    assert(notice);
    expect(notice).toMatchObject({ kind: 'rebuild-failed' });
    expect(notice.text).toContain('astro build exited with code 1');
    expect(notice.text).not.toContain('/secret/path.ts');

    // Retry after the failure: the build succeeds and the notification goes.
    nextBuild = {};
    expect((await post('/api/admin/site-rebuild')).status).toBe(202);
    await rebuilds.settled();
    expect(
      ((await (await get('/api/admin/site-status')).json()) as { state: string; lastBuiltAt?: string }).state,
    ).toBe('up-to-date');
    expect(await (await get('/api/admin/notifications')).json()).toEqual({ results: [] });

    const activity = (await (await get('/api/admin/activity?limit=5')).json()) as {
      results: { action: string; actor: { name: string }; target: { type: string } }[];
    };
    expect(activity.results.filter((e) => e.action === 'site.rebuild')).toHaveLength(2);
    expect(activity.results[0]).toMatchObject({ action: 'site.rebuild', target: { type: 'site' } });
  });

  it('tells when visitors should see a saved change, and drops the estimate once the site is built', async () => {
    await rebuilds.settled();
    const before = Date.now();
    const saved = await app.request('/api/company', {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tagline: 'Seen soon' }),
    });
    expect(saved.status).toBe(200);
    const pending = (await (await get('/api/admin/site-status')).json()) as PublishStatus;
    expect(['scheduled', 'building']).toContain(pending.state);
    assert.isDefined(pending.expectedLiveAt);
    // The debounce (20 ms here) plus one build: the last one's duration, or the assumed one before any was timed.
    const eta = Date.parse(pending.expectedLiveAt) - before;
    expect(eta).toBeGreaterThanOrEqual(0);
    expect(eta).toBeLessThanOrEqual(20 + BUILD_ESTIMATE_MS + 1000);
    await rebuilds.settled();
    const built = (await (await get('/api/admin/site-status')).json()) as PublishStatus;
    expect(built.state).toBe('up-to-date');
    expect(built.expectedLiveAt).toBeUndefined();
  });

  it('refuses a rebuild to a customer and to no one, and records nothing', async () => {
    const before = (await data.db.selectFrom('audit_log').select('id').execute()).length;
    expect((await post('/api/admin/site-rebuild', customer)).status).toBe(403);
    expect((await app.request('/api/admin/site-rebuild', { method: 'POST' })).status).toBe(401);
    expect((await data.db.selectFrom('audit_log').select('id').execute()).length).toBe(before);
  });
});

describe('GET /api/admin/activity', () => {
  it('lists the audit log newest first, up to the limit', async () => {
    for (const name of ['One', 'Two', 'Three']) {
      const res = await app.request('/api/company', {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      expect(res.status).toBe(200);
    }
    const res = await get('/api/admin/activity?limit=2');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { results } = (await res.json()) as {
      results: { action: string; summary: string; at: string; actor: { name: string } }[];
    };
    expect(results).toHaveLength(2);
    expect(results.map((e) => e.action)).toEqual(['company.update', 'company.update']);
    const [newest, next] = results;
    assert(newest && next);
    expect(newest.at >= next.at).toBe(true);
    expect(newest.summary).toContain('name');

    const all = (await (await get('/api/admin/activity')).json()) as { results: unknown[] };
    expect(all.results.length).toBeGreaterThanOrEqual(5);
  });

  it('refuses a limit that is not a whole number from 1 to 100, naming it', async () => {
    for (const limit of ['0', '101', 'abc', '1.5']) {
      const res = await get(`/api/admin/activity?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'limit' });
    }
  });
});
