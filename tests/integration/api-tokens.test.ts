/**
 * API tokens with the real server and database: an admin makes one (shown once, stored only as its SHA-256), another
 * system calls the admin API with it within its scopes and nowhere else (not the admin's own parts, not an account),
 * its writes are audited under the token's name, its last use is kept; revoked, expired, or made by an account that
 * is no longer an enabled admin, it counts for nothing. Bad input is refused with the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenCreated, ApiTokenItem } from '../../src/shared/schemas/api-tokens.ts';
import { insertCustomer, TEST_ADMIN_PASSWORD, TEST_CUSTOMER_PASSWORD } from '../helpers/test-app.ts';
import { storedText } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe('API tokens', () => {
  let server: TestServer;
  let admin: string;

  const call = (path: string, token: string | null, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  const signIn = async (username: string, password: string) =>
    (
      (await (await call('/api/auth/login', null, { method: 'POST', body: { username, password } })).json()) as {
        token: string;
      }
    ).token;
  const make = async (body: unknown) => {
    const res = await call('/api/admin/api-tokens', admin, { method: 'POST', body });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as ApiTokenCreated;
  };
  const list = async () =>
    ((await (await call('/api/admin/api-tokens', admin)).json()) as { tokens: ApiTokenItem[] }).tokens;

  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn('admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('makes a token shown once, listed by its last characters, stored only as a hash', async () => {
    const { token, item } = await make({
      name: 'Reporting',
      scopes: ['content:read', 'orders:read'],
      expiresInDays: 30,
    });
    expect(token).toMatch(/^cst_[A-Za-z0-9_-]{43}$/);
    expect(item).toMatchObject({
      name: 'Reporting',
      hint: `cst_…${token.slice(-4)}`,
      scopes: ['content:read', 'orders:read'],
      lastUsedAt: null,
      revokedAt: null,
    });
    const days = (Date.parse(item.expiresAt ?? '') - Date.parse(item.createdAt)) / 86_400_000;
    expect(days).toBe(30);
    const listed = await list();
    expect(listed.map((t) => t.id)).toContain(item.id);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(await storedText(server.db, server.dataDir)).not.toContain(token);
  });

  it('reads within its scopes and nothing else: no writes, no admin parts, no account', async () => {
    const { token, item } = await make({
      name: 'Read only',
      scopes: ['content:read', 'orders:read'],
      expiresInDays: null,
    });
    expect((await call('/api/admin/pages', token)).status).toBe(200);
    expect((await call('/api/admin/orders', token)).status).toBe(200);
    const write = await call('/api/admin/pages', token, {
      method: 'POST',
      body: { title: 'Nope', content: '<p>x</p>' },
    });
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({ message: 'This API token’s scopes do not include this call' });
    for (const path of ['/api/admin/users', '/api/admin/api-tokens', '/api/admin/restore', '/api/admin/products'])
      expect((await call(path, token)).status, path).toBe(403);
    expect((await call('/api/company', token, { method: 'PUT', body: { name: 'Taken over' } })).status).toBe(403);
    // A token is nobody's sign-in.
    expect((await call('/api/auth/me', token)).status).toBe(401);
    expect((await call('/api/account/passkeys', token)).status).toBe(401);
    const used = (await list()).find((t) => t.id === item.id);
    expect(used?.lastUsedAt).not.toBeNull();
  });

  it('writes within its scopes, audited under the token’s name', async () => {
    const { token } = await make({ name: 'CMS sync', scopes: ['content:write'], expiresInDays: 7 });
    const res = await call('/api/admin/pages', token, {
      method: 'POST',
      body: { title: 'Synced page', content: '<p>From the CMS</p>' },
    });
    expect(res.status).toBe(201);
    const entry = await server.db
      .selectFrom('audit_log')
      .select(['actor_name', 'action'])
      .where('action', '=', 'page.create')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.actor_name).toBe('API token “CMS sync”');
  });

  it('counts for nothing once revoked, expired, tampered with, or when its maker is no longer an enabled admin', async () => {
    const revoked = await make({ name: 'Revoked', scopes: ['content:read'], expiresInDays: null });
    expect((await call(`/api/admin/api-tokens/${revoked.item.id}`, admin, { method: 'DELETE' })).status).toBe(200);
    expect((await call('/api/admin/pages', revoked.token)).status).toBe(401);
    expect((await list()).find((t) => t.id === revoked.item.id)?.revokedAt).not.toBeNull();
    expect((await call('/api/admin/api-tokens/no-such-token', admin, { method: 'DELETE' })).status).toBe(404);

    const expired = await make({ name: 'Expired', scopes: ['content:read'], expiresInDays: 1 });
    await server.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.item.id)
      .execute();
    expect((await call('/api/admin/pages', expired.token)).status).toBe(401);

    const live = await make({ name: 'Live', scopes: ['content:read'], expiresInDays: null });
    const last = live.token.at(-1) === 'A' ? 'B' : 'A';
    expect((await call('/api/admin/pages', `${live.token.slice(0, -1)}${last}`)).status).toBe(401);
    expect((await call('/api/admin/pages', live.token)).status).toBe(200);
    await server.db.updateTable('users').set({ disabled: true }).where('username', '=', 'admin').execute();
    expect((await call('/api/admin/pages', live.token)).status).toBe(401);
    await server.db.updateTable('users').set({ disabled: false }).where('username', '=', 'admin').execute();
    await server.db.updateTable('users').set({ role: 'editor' }).where('username', '=', 'admin').execute();
    expect((await call('/api/admin/pages', live.token)).status).toBe(401);
    await server.db.updateTable('users').set({ role: 'admin' }).where('username', '=', 'admin').execute();
    expect((await call('/api/admin/pages', live.token)).status).toBe(200);
  });

  it('refuses bad input with the field, and anyone but an admin', async () => {
    admin = await signIn('admin', TEST_ADMIN_PASSWORD);
    for (const [body, field] of [
      [{ name: '', scopes: ['content:read'], expiresInDays: null }, 'name'],
      [{ name: 'X', scopes: [], expiresInDays: null }, 'scopes'],
      [{ name: 'X', scopes: ['everything'], expiresInDays: null }, 'scopes'],
      [{ name: 'X', scopes: ['content:read'], expiresInDays: 0 }, 'expiresInDays'],
      [{ name: 'X', scopes: ['content:read'], expiresInDays: 400 }, 'expiresInDays'],
      [{ name: 'X', scopes: ['content:read'] }, 'expiresInDays'],
    ] as const) {
      const res = await call('/api/admin/api-tokens', admin, { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { field: string }).field).toBe(field);
    }
    await insertCustomer(server.db);
    const customer = await signIn('carol', TEST_CUSTOMER_PASSWORD);
    const refused = await call('/api/admin/api-tokens', customer, {
      method: 'POST',
      body: { name: 'Mine', scopes: ['content:read'], expiresInDays: null },
    });
    expect(refused.status).toBe(403);
    expect((await call('/api/admin/api-tokens', null)).status).toBe(401);
  });
});
