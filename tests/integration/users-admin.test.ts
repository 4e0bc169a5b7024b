/**
 * Manage Users with the real app and database: list, search, filters and paging; role changes;
 * deactivation revokes every session at once; the last-admin and self guards; audit rows; access for admins only.
 */
import { randomUUID } from 'node:crypto';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import type { AdminUser, AdminUserPage } from '../../src/shared/admin.ts';
import { LAST_ADMIN_MESSAGE, SELF_CHANGE_MESSAGE } from '../../src/shared/schemas/user-admin.ts';
import { type Answer, type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { holdWrites, waitForWaitingWriters } from '../helpers/test-database.ts';
import { expectSentence } from '../helpers/sentence.ts';

const PASSWORD = 'a long customer password';

let t: TestApp;
let admin: string;
let adminId: string;
const ids: Record<string, string> = {};

type Body = ApiBody & Partial<AdminUserPage> & { user?: AdminUser };

const client = jsonClient((path, init) => t.request(path, init));
const call = (method: string, path: string, options?: CallOptions) => client<Body>(method, path, options);

const list = (query = '', token: string | undefined = admin) => call('GET', `/api/admin/users${query}`, { token });
const patch = (id: string, body: object | string, token: string | undefined = admin) =>
  call('PATCH', `/api/admin/users/${id}`, { token, body });
/** The id of an account the tests added. */
const idOf = (username: string) => {
  const id = ids[username];
  assert(id, `${username} was added`);
  return id;
};
const names = (answer: Answer<Body>) => (answer.body.results ?? []).map((u) => u.username);
const me = async (token: string) => (await call('GET', '/api/auth/me', { token })).status;

const audit = () =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.update').orderBy('at').execute();

/** A verified account made straight in the database; `minutes` orders created_at (higher is newer). */
async function addUser(
  username: string,
  first: string,
  last: string,
  minutes: number,
  role: 'customer' | 'admin' = 'customer',
) {
  const id = randomUUID();
  const at = new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
  await t.db
    .insertInto('users')
    .values({
      id,
      first_name: first,
      last_name: last,
      email: `${username}@example.com`,
      username,
      username_key: username.toLowerCase(),
      password_hash: await hashPassword(PASSWORD),
      role,
      email_verified: true,
      created_at: at,
      updated_at: at,
    })
    .execute();
  ids[username] = id;
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  adminId = (await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  await addUser('ana', 'Ana', 'Diaz', 1);
  await addUser('bob_smith', 'Bob', 'Smith', 2);
  await addUser('pct', 'Per%Cent', 'Under_Score', 3);
  for (let i = 0; i < 5; i += 1) await addUser(`bulk${i}`, 'Bulk', `User${i}`, 10 + i);
});

describe('GET /api/admin/users', () => {
  it('lists accounts newest first with the admin fields and nothing secret, never cached', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.total).toBe(9);
    expect(answer.body.page).toBe(1);
    expect(answer.body.pageSize).toBe(20);
    // The first admin was made now, after the 2026-01-01 test accounts.
    expect(names(answer)).toEqual(['admin', 'bulk4', 'bulk3', 'bulk2', 'bulk1', 'bulk0', 'pct', 'bob_smith', 'ana']);
    const ana = answer.body.results?.find((u) => u.username === 'ana');
    assert(ana, 'ana is listed');
    expect(Object.keys(ana).sort()).toEqual([
      '_id',
      'created_at',
      'disabled',
      'email',
      'first_name',
      'last_name',
      'last_seen_at',
      'role',
      'two_factor',
      'username',
    ]);
    expect(ana).toMatchObject({
      _id: ids['ana'],
      first_name: 'Ana',
      last_name: 'Diaz',
      email: 'ana@example.com',
      role: 'customer',
      disabled: false,
      last_seen_at: null,
    });
    expect(answer.body.results?.find((u) => u.username === 'admin')?.last_seen_at).toEqual(expect.any(String));
  });

  it('searches names, full names, emails and usernames, ignoring case', async () => {
    expect(names(await list('?q=ANA'))).toEqual(['ana']);
    expect(names(await list('?q=ana%20diaz'))).toEqual(['ana']);
    expect(names(await list('?q=BOB_SMITH@EXAMPLE'))).toEqual(['bob_smith']);
    expect(names(await list('?q=user3'))).toEqual(['bulk3']);
    expect((await list('?q=nobody-like-this')).body).toMatchObject({ results: [], total: 0 });
  });

  it('takes % and _ in a search literally (R48)', async () => {
    expect(names(await list('?q=%25'))).toEqual(['pct']);
    expect(names(await list('?q=r_s'))).toEqual(['pct']);
    expect(names(await list('?q=_'))).toEqual(['pct', 'bob_smith']);
  });

  it('pages with the total of every match', async () => {
    const first = await list('?pageSize=4&q=bulk');
    expect(first.body).toMatchObject({ total: 5, page: 1, pageSize: 4 });
    expect(names(first)).toEqual(['bulk4', 'bulk3', 'bulk2', 'bulk1']);
    const second = await list('?pageSize=4&page=2&q=bulk');
    expect(names(second)).toEqual(['bulk0']);
    expect(names(await list('?pageSize=4&page=3&q=bulk'))).toEqual([]);
  });

  it('filters by role and status', async () => {
    expect(names(await list('?role=admin'))).toEqual(['admin']);
    expect((await list('?role=customer')).body.total).toBe(8);
    expect((await list('?status=active')).body.total).toBe(9);
    expect((await list('?status=deactivated')).body.total).toBe(0);
    expect((await list('?role=&status=')).body.total).toBe(9);
  });

  it.each([
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?pageSize=101', 'pageSize'],
    ['?pageSize=-1', 'pageSize'],
    [`?q=${'x'.repeat(201)}`, 'q'],
    ['?role=owner', 'role'],
    ['?status=banned', 'status'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
    expectSentence(answer.body.message, field);
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it('makes a customer admin and back, each change audited and answered with the account', async () => {
    const before = (await audit()).length;
    const up = await patch(idOf('ana'), { role: 'admin', _id: 'ignored', email: 'x@example.com' });
    expect(up.status).toBe(200);
    expect(up.body.message).toBe('Ana Diaz made admin');
    expect(up.body.user).toMatchObject({ _id: ids['ana'], role: 'admin', email: 'ana@example.com', disabled: false });
    // The new admin's own token reaches the admin API at once.
    const anaToken = await t.login('ana', PASSWORD);
    expect((await list('', anaToken)).status).toBe(200);

    const down = await patch(idOf('ana'), { role: 'customer' });
    expect(down.status).toBe(200);
    expect(down.body.message).toBe('Ana Diaz made customer');
    expect(down.body.user?.role).toBe('customer');
    // The admin session ended with the role; the customer's next session is refused the admin API.
    expect((await list('', anaToken)).status).toBe(401);
    expect((await list('', await t.login('ana', PASSWORD))).status).toBe(403);

    const rows = (await audit()).slice(before);
    expect(rows.map((r) => [r.summary, r.target_type, r.target_id, r.actor_id])).toEqual([
      ['Ana Diaz made admin', 'user', ids['ana'], adminId],
      ['Ana Diaz made customer', 'user', ids['ana'], adminId],
    ]);
  });

  it("a new role ends every session of the account; the acting admin's own session lives on", async () => {
    const asCustomer = await t.login('pct', PASSWORD);
    expect((await patch(idOf('pct'), { role: 'admin' })).status).toBe(200);
    expect(await me(asCustomer)).toBe(401);
    const asAdmin = await t.login('pct', PASSWORD);
    expect(await me(asAdmin)).toBe(200);
    expect((await patch(idOf('pct'), { role: 'customer' })).status).toBe(200);
    expect(await me(asAdmin)).toBe(401);
    // Asking for the role it already has ends nothing.
    const kept = await t.login('pct', PASSWORD);
    expect((await patch(idOf('pct'), { role: 'customer' })).status).toBe(200);
    expect(await me(kept)).toBe(200);
    expect(await me(admin)).toBe(200);
  });

  it('deactivating ends every session of the account at once; reactivating lets it sign in again', async () => {
    const first = await t.login('bob_smith', PASSWORD);
    const second = await t.login('bob_smith', PASSWORD);
    expect(await me(first)).toBe(200);

    const off = await patch(idOf('bob_smith'), { disabled: true });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Bob Smith deactivated');
    expect(off.body.user?.disabled).toBe(true);
    expect(await me(first)).toBe(401);
    expect(await me(second)).toBe(401);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', idOf('bob_smith')).execute()).toEqual(
      [],
    );
    await expect(t.login('bob_smith', PASSWORD)).rejects.toThrow(/401/);
    expect(names(await list('?status=deactivated'))).toEqual(['bob_smith']);

    const on = await patch(idOf('bob_smith'), { disabled: false });
    expect(on.body).toMatchObject({ message: 'Bob Smith reactivated', user: { disabled: false } });
    // Revoked tokens stay revoked; a new sign-in works.
    expect(await me(first)).toBe(401);
    expect(await me(await t.login('bob_smith', PASSWORD))).toBe(200);
    expect((await audit()).slice(-2).map((r) => r.summary)).toEqual(['Bob Smith deactivated', 'Bob Smith reactivated']);
  });

  it("never changes the acting admin's own account (400 naming the field), changing nothing", async () => {
    const before = (await audit()).length;
    expect(await patch(adminId, { role: 'customer' })).toMatchObject({
      status: 400,
      body: { message: SELF_CHANGE_MESSAGE, field: 'role' },
    });
    expect(await patch(adminId, { disabled: true })).toMatchObject({
      status: 400,
      body: { message: SELF_CHANGE_MESSAGE, field: 'disabled' },
    });
    // Asking for what already is changes nothing and is no accident.
    expect(await patch(adminId, { role: 'admin', disabled: false })).toMatchObject({
      status: 200,
      body: { user: { role: 'admin', disabled: false } },
    });
    expect((await audit()).length).toBe(before);
    expect(await me(admin)).toBe(200);
  });

  it('refuses to demote or deactivate the last active admin (409) when two admins remove each other at once', async () => {
    // Two active admins, and each asks to remove the other in the same instant: both pass the admin check, then the
    // writes run one after the other and the second finds its target the last active admin.
    await patch(idOf('bulk0'), { role: 'admin' });
    const who = {
      admin: { id: adminId, password: TEST_ADMIN_PASSWORD, token: admin },
      bulk0: { id: idOf('bulk0'), password: PASSWORD, token: await t.login('bulk0', PASSWORD) },
    };
    for (const change of [{ role: 'customer' }, { disabled: true }]) {
      const before = (await audit()).length;
      const writes = await holdWrites(t.db);
      const answers = Promise.all([
        patch(who.bulk0.id, change, who.admin.token),
        patch(who.admin.id, change, who.bulk0.token),
      ]);
      try {
        // Both requests queue for the write lock, well inside the 5 s a write waits for its turn.
        await waitForWaitingWriters(t.db, 2);
      } finally {
        await writes.release();
      }
      const [byAdmin, byBulk0] = await answers;
      expect([byAdmin.status, byBulk0.status].sort()).toEqual([200, 409]);
      const [standing, removed] =
        byAdmin.status === 200 ? (['admin', 'bulk0'] as const) : (['bulk0', 'admin'] as const);
      expect((byAdmin.status === 409 ? byAdmin : byBulk0).body).toEqual({ message: LAST_ADMIN_MESSAGE });
      expect(names(await list('?role=admin&status=active', who[standing].token))).toEqual([standing]);
      expect((await audit()).length).toBe(before + 1);
      // The admin left standing restores the other, who signs in again (a deactivation ended their session).
      expect((await patch(who[removed].id, { role: 'admin', disabled: false }, who[standing].token)).status).toBe(200);
      who[removed].token = await t.login(removed, who[removed].password);
    }
    admin = who.admin.token;
    expect((await patch(idOf('bulk0'), { role: 'customer' })).status).toBe(200);
  });

  it('answers 404 for an unknown account and 400 for a bad body, changing nothing', async () => {
    expect(await patch(randomUUID(), { role: 'admin' })).toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
    expect((await patch('x'.repeat(200), { role: 'admin' })).status).toBe(404);
    const before = (await audit()).length;
    for (const [body, field] of [
      [{ role: 'owner' }, 'role'],
      [{ disabled: 'yes' }, 'disabled'],
      [{}, 'role'],
      [{ name: 'x' }, 'role'],
    ] as const) {
      const answer = await patch(idOf('ana'), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.field).toBe(field);
    }
    expect((await patch(idOf('ana'), '[1]')).status).toBe(400);
    expect((await patch(idOf('ana'), 'not json')).status).toBe(400);
    expect((await audit()).length).toBe(before);
    expect((await list('?q=ana')).body.results?.[0]).toMatchObject({ role: 'customer', disabled: false });
  });
});

describe('access', () => {
  it('401 without or with a garbage token, 403 for a customer, on every route', async () => {
    const customer = await t.login('pct', PASSWORD);
    const routes: [string, string, object | undefined][] = [
      ['GET', '/api/admin/users', undefined],
      ['PATCH', `/api/admin/users/${ids['ana']}`, { role: 'admin' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(method, path, { body })).status).toBe(401);
      expect((await call(method, path, { body, token: 'garbage-token' })).status).toBe(401);
      expect((await call(method, path, { body, token: customer })).status).toBe(403);
    }
    expect((await list('?q=ana')).body.results?.[0]?.role).toBe('customer');
  });
});
