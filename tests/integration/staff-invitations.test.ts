/**
 * Staff invitations (users/invitations.service.ts): an admin invites an address to a staff role; the mailed link
 * works once, for its days, and makes a verified account with that role; a withdrawn or used link, and an address that
 * has an account, are refused; every step is in the audit log. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_READY,
  INVITATION_EMAIL_HAS_ACCOUNT,
  INVITATION_GONE,
} from '../../src/shared/schemas/staff-invitation.ts';
import { invitationTokenFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'harbour lantern copper tide';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  return () => t.close();
});
afterAll(() => undefined);

async function call(method: string, path: string, body?: unknown, token = admin) {
  const res = await t.request(path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Invites `email` as `role` and answers the token of the link mailed to it. */
async function invite(email: string, role: string): Promise<string> {
  const before = mailFiles(t.dataDir);
  const sent = await call('POST', '/api/admin/users/invitations', { email, role });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const mail = await waitForMail(t.dataDir, { to: email, after: before });
  expect(mail.subject).toContain('invited');
  return invitationTokenFrom(mail);
}

const accept = (token: string, username: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/invitations/accept', {
    token,
    first_name: 'Ana',
    last_name: 'Diaz',
    username,
    password: PASSWORD,
    ...extra,
  });

const auditActions = async () => (await t.db.selectFrom('audit_log').select('action').execute()).map((r) => r.action);

describe('staff invitations', () => {
  it('makes a verified editor from the mailed link, once; the editor signs in and reaches the content, not the users', async () => {
    const token = await invite('Ana.Diaz@Example.com', 'editor');
    const listed = await call('GET', '/api/admin/users/invitations');
    const open = listed.body['results'] as { email: string; role: string; invited_by: string }[];
    expect(open.map(({ email, role }) => ({ email, role }))).toEqual([
      { email: 'ana.diaz@example.com', role: 'editor' },
    ]);
    expect(open[0]?.invited_by).not.toBe('');
    const facts = await call('GET', `/api/invitations/${token}`, undefined, '');
    expect(facts.status).toBe(200);
    expect(facts.body).toMatchObject({ email: 'ana.diaz@example.com', role: 'editor' });
    expect(typeof facts.body['company']).toBe('string');
    const made = await accept(token, 'ana_editor');
    expect(made).toEqual({ status: 201, body: { message: ACCOUNT_READY } });
    const row = await t.db
      .selectFrom('users')
      .select(['role', 'email', 'email_verified'])
      .where('username', '=', 'ana_editor')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'editor', email: 'ana.diaz@example.com' });
    expect(Boolean(row.email_verified)).toBe(true);
    const editor = await t.login('ana_editor', PASSWORD);
    expect((await call('GET', '/api/admin/blogs', undefined, editor)).status).toBe(200);
    expect((await call('GET', '/api/admin/users', undefined, editor)).status).toBe(403);
    // Used: the link works no more, and the list of open invitations is empty.
    expect(await accept(token, 'ana_again')).toEqual({
      status: 400,
      body: { message: INVITATION_GONE, field: 'token' },
    });
    expect((await call('GET', `/api/invitations/${token}`, undefined, '')).status).toBe(404);
    expect((await call('GET', '/api/admin/users/invitations')).body['results']).toEqual([]);
    expect(await auditActions()).toEqual(expect.arrayContaining(['user.invite', 'user.invite.accept']));
  });

  it('refuses an address that already has an account, and changes nothing', async () => {
    await t.customerToken('bea');
    const before = await t.db.selectFrom('staff_invitations').select('id').execute();
    expect(await call('POST', '/api/admin/users/invitations', { email: 'bea@example.com', role: 'support' })).toEqual({
      status: 409,
      body: { message: INVITATION_EMAIL_HAS_ACCOUNT, field: 'email' },
    });
    expect(await t.db.selectFrom('staff_invitations').select('id').execute()).toEqual(before);
  });

  it.each([
    [{ email: 'x@example.com', role: 'root' }, 'role'],
    [{ email: 'x@example.com', role: 'customer' }, 'role'],
    [{ email: 'not an address', role: 'editor' }, 'email'],
    [{ role: 'editor' }, 'email'],
  ])('refuses %j naming %s', async (body, field) => {
    const answer = await call('POST', '/api/admin/users/invitations', body);
    expect(answer.status).toBe(400);
    expect(answer.body['field']).toBe(field);
  });

  it('a withdrawn link, an expired one and one replaced by a new invitation no longer work', async () => {
    const withdrawn = await invite('cleo@example.com', 'support');
    const id = ((await call('GET', '/api/admin/users/invitations')).body['results'] as { _id: string }[])[0]?._id;
    expect((await call('DELETE', `/api/admin/users/invitations/${id ?? ''}`)).status).toBe(200);
    expect((await accept(withdrawn, 'cleo')).status).toBe(400);
    expect((await call('DELETE', `/api/admin/users/invitations/${id ?? ''}`)).status).toBe(404);

    const replaced = await invite('dan@example.com', 'shop_manager');
    const current = await invite('dan@example.com', 'shop_manager');
    expect((await accept(replaced, 'dan')).body).toEqual({ message: INVITATION_GONE, field: 'token' });

    await t.db
      .updateTable('staff_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'dan@example.com')
      .execute();
    expect((await accept(current, 'dan')).status).toBe(400);
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'dan').execute()).toEqual([]);
    expect(await auditActions()).toContain('user.invite.withdraw');
  });

  it("refuses a weak password or a taken username on the invited person's form, and the link still works after", async () => {
    const token = await invite('eve@example.com', 'editor');
    const weak = await accept(token, 'eve', { password: 'password' });
    expect(weak.status).toBe(400);
    expect(weak.body['field']).toBe('password');
    const taken = await accept(token, 'ana_editor');
    expect(taken).toMatchObject({ status: 409, body: { field: 'username' } });
    expect((await accept(token, 'eve')).status).toBe(201);
  });

  it('answers a malformed link 404 and a malformed body 400, naming the field', async () => {
    expect((await call('GET', '/api/invitations/short', undefined, '')).status).toBe(404);
    const answer = await call('POST', '/api/invitations/accept', { token: 'short', first_name: 'A' }, '');
    expect(answer.status).toBe(400);
    expect(answer.body['field']).toBe('token');
  });
});
