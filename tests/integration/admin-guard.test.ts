/**
 * The one admin guard (src/server/http/admin-guard.ts): a route is admin-only by where it lives, so a module's new
 * admin route needs no guard of its own, and no module carries one any more.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/server/app-env.ts';
import { mountAdminGuard } from '../../src/server/http/admin-guard.ts';
import { onError } from '../../src/server/http/on-error.ts';
import { authenticate } from '../../src/server/modules/auth/authenticate.ts';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const MODULES_DIR = fileURLToPath(new URL('../../src/server/modules', import.meta.url));

let t: TestApp;
let tokens: { customer: string; admin: string };
const authLog: string[] = [];
beforeAll(async () => {
  setAuthLogSink((line) => authLog.push(line));
  t = await createTestApp();
  tokens = { customer: await t.customerToken(), admin: await t.login('admin', TEST_ADMIN_PASSWORD) };
  return () => t.close();
});
afterAll(() => {
  setAuthLogSink(null);
});

const bearer = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** The app's answers to `method path` with no token, a customer's and an admin's. */
async function answers(app: Pick<Hono<AppEnv>, 'request'>, method: string, path: string) {
  const call = (token?: string) => Promise.resolve(app.request(path, { method, headers: bearer(token) }));
  return { none: await call(), customer: await call(tokens.customer), admin: await call(tokens.admin) };
}

describe('the admin guard', () => {
  it('guards a new /api/admin route that a module mounts without any guard of its own', async () => {
    // Built as app.ts builds /api: authentication, the guard, then a module router.
    const api = new Hono<AppEnv>();
    api.use(async (c, next) => {
      c.set('db', t.db);
      c.set('env', t.env);
      await next();
    });
    api.use(authenticate(t.env, t.deps.keys.sessionBinding));
    mountAdminGuard(api, '/api');
    api.route(
      '/',
      new Hono<AppEnv>().get('/admin/probe-unguarded', (c) => c.json({ secret: true })),
    );
    const app = new Hono<AppEnv>();
    app.onError(onError);
    app.route('/api', api);

    authLog.length = 0;
    const { none, customer, admin } = await answers(app, 'GET', '/api/admin/probe-unguarded');
    expect(none.status).toBe(401);
    expect(customer.status).toBe(403);
    expect(admin.status).toBe(200);
    expect(await admin.json()).toEqual({ secret: true });
    expect(admin.headers.get('cache-control')).toBe('no-store');
    // The guard runs once: one refusal logged per refused request.
    const denied = authLog.filter((line) => (JSON.parse(line) as { event: string }).event === 'access.denied');
    expect(denied).toHaveLength(2);
  });

  it.each([
    ['GET', '/api/admin'],
    ['GET', '/api/admin/probe-unguarded'],
    ['POST', '/api/admin/probe/deeper'],
    ['GET', '/api/dashboard/probe'],
    ['GET', '/api/analytics'],
    ['GET', '/api/analytics/export'],
    ['POST', '/api/analytics/probe'],
    ['PUT', '/api/company'],
    ['POST', '/api/sliders'],
    ['PUT', '/api/sliders/probe'],
    ['PATCH', '/api/sliders/probe'],
    ['DELETE', '/api/sliders/probe'],
  ])('refuses %s %s to anyone but an admin, and answers the admin no-store', async (method, path) => {
    const { none, customer, admin } = await answers(t.app, method, path);
    expect(none.status).toBe(401);
    expect(customer.status).toBe(403);
    expect([401, 403]).not.toContain(admin.status);
    expect(admin.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves the public reads and the page-view beacon public', async () => {
    expect((await t.request('/api/company')).status).toBe(200);
    expect((await t.request('/api/sliders')).status).toBe(200);
    const view = await t.request('/api/analytics/view', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/' }),
    });
    expect(view.status).toBe(204);
    // A method /api/company does not take is still a 405, not a refusal.
    expect((await t.request('/api/company', { method: 'DELETE' })).status).toBe(405);
  });

  it('is the only guard: no module under src/server/modules imports requireAdmin', () => {
    const files = readdirSync(MODULES_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    const importsIt = /import\s*(type\s*)?\{[^}]*\brequireAdmin\b[^}]*\}/;
    expect(files.filter((f) => importsIt.test(readFileSync(join(MODULES_DIR, f), 'utf8')))).toEqual([]);
  });
});
