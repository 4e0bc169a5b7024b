/**
 * Admin account follow-ups to two-factor sign-in, against the real API and database: sessions name their browser and
 * system (names only, never the User-Agent header), a backup download is in the audit log, the account export
 * holds the two-factor state (never a secret or code), and an admin resets another admin's two-factor sign-in
 * (refusals, sessions ended, audit, mail; with ADMIN_2FA=required the next sign-in asks for a new authenticator).
 */
import { PERSON_UA } from '../helpers/user-agents.ts';
import { randomUUID } from 'node:crypto';
import { generateHOTP } from '@oslojs/otp';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport, AccountSessions } from '../../src/shared/account.ts';
import type { AdminUser, AdminUserPage, AuditEntry } from '../../src/shared/admin.ts';
import { ADMIN_TWO_FACTOR_TEXTS } from '../../src/shared/admin-two-factor.ts';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import { mailFiles, waitForMail } from '../helpers/outbox.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_CUSTOMER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ADMIN2_PASSWORD = 'second admin passphrase 2026';

type Body = Record<string, unknown>;
interface Answer<B> {
  status: number;
  type: string;
  body: B;
}

/** JSON calls through `app.request`, with a browser's User-Agent unless `userAgent` is null. */
function client(app: () => TestApp) {
  return async <B = Body>(
    method: string,
    path: string,
    options: { token?: string | undefined; body?: object; userAgent?: string | null | undefined } = {},
  ): Promise<Answer<B>> => {
    const headers: Record<string, string> = {};
    if (options.userAgent !== null) headers['user-agent'] = options.userAgent ?? PERSON_UA;
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (options.body) headers['content-type'] = 'application/json';
    const res = await app().request(path, {
      method,
      headers,
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, type, body: (type.includes('json') && text ? JSON.parse(text) : {}) as B };
  };
}

/** RFC 4648 base32 (as the setup shows the secret) to bytes. */
function base32Bytes(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  return new Uint8Array((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

const codeOf = (key: Uint8Array) => generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000)), 6);

async function insertUser(t: TestApp, username: string, role: 'admin' | 'customer', password: string): Promise<string> {
  const now = new Date().toISOString();
  const id = randomUUID();
  await t.db
    .insertInto('users')
    .values({
      id,
      first_name: 'Pat',
      last_name: username,
      email: `${username}@example.com`,
      username,
      username_key: username.toLowerCase(),
      password_hash: await hashPassword(password),
      role,
      email_verified: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const activity = async (call: ReturnType<typeof client>, token: string) =>
  (await call<{ results: AuditEntry[] }>('GET', '/api/admin/activity?limit=100', { token })).body.results;

beforeAll(() => setAuthLogSink(() => undefined));
afterAll(() => setAuthLogSink(null));

describe('admin accounts follow-ups (ADMIN_2FA=optional)', () => {
  let t: TestApp;
  const call = client(() => t);
  let admin: string;
  let customer: string;
  let admin2Id: string;
  let admin2Token: string;
  let recovery: string[];

  const login = (username: string, password: string, userAgent?: string | null) =>
    call('POST', '/api/auth/login', { body: { username, password }, userAgent });

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: 'off' } });
    return () => t.close();
  });
  beforeAll(async () => {
    admin = String((await login('admin', TEST_ADMIN_PASSWORD)).body['token']);
    await insertUser(t, 'cleo', 'customer', TEST_CUSTOMER_PASSWORD);
    customer = String((await login('cleo', TEST_CUSTOMER_PASSWORD)).body['token']);
    // A second admin turns two-factor sign-in on under Settings.
    admin2Id = await insertUser(t, 'dana', 'admin', ADMIN2_PASSWORD);
    admin2Token = String((await login('dana', ADMIN2_PASSWORD)).body['token']);
    const setup = await call('POST', '/api/account/two-factor/setup', { token: admin2Token });
    const confirmed = await call('POST', '/api/account/two-factor/confirm', {
      token: admin2Token,
      body: { code: codeOf(base32Bytes(String(setup.body['secret']))) },
    });
    expect(confirmed.status).toBe(200);
    recovery = confirmed.body['recoveryCodes'] as string[];
  });

  it('names each session by its browser and system, stores names only, and marks this one', async () => {
    const firefox = String((await login('cleo', TEST_CUSTOMER_PASSWORD, FIREFOX_WINDOWS)).body['token']);
    await login('cleo', TEST_CUSTOMER_PASSWORD, null);
    const { results } = (await call<AccountSessions>('GET', '/api/account/sessions', { token: firefox })).body;
    expect(results).toHaveLength(3);
    expect(results.map((s) => s.device).sort()).toEqual(['Chrome on Linux', 'Firefox on Windows', 'Unknown browser']);
    expect(results.find((s) => s.current)?.device).toBe('Firefox on Windows');
    expect(results.filter((s) => s.current)).toHaveLength(1);
    for (const s of results) expect(s.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The column holds the names (or null), never the header.
    const stored = await t.db.selectFrom('sessions').select('device').execute();
    for (const row of stored) {
      expect(row.device === null || /^[A-Za-z ]+$/.test(row.device)).toBe(true);
      expect(String(row.device)).not.toMatch(/Mozilla|Gecko|AppleWebKit|\d/);
    }
  });

  it('shows a session from before devices were kept (no name stored) as an unknown browser', async () => {
    await t.db
      .updateTable('sessions')
      .set({ device: null })
      .where(
        'user_id',
        '=',
        (await t.db.selectFrom('users').select('id').where('username', '=', 'cleo').executeTakeFirstOrThrow()).id,
      )
      .execute();
    const { results } = (await call<AccountSessions>('GET', '/api/account/sessions', { token: customer })).body;
    expect(results.every((s) => s.device === 'Unknown browser')).toBe(true);
    expect((await call('GET', '/api/account/sessions')).status).toBe(401);
  });

  it('records who downloaded a backup and when in the audit log; a refused download records nothing', async () => {
    const body = { passphrase: 'a long backup passphrase 26' };
    expect((await call('POST', '/api/admin/backup', { body })).status).toBe(401);
    expect((await call('POST', '/api/admin/backup', { token: customer, body })).status).toBe(403);
    expect((await call('POST', '/api/admin/backup', { token: admin, body: { passphrase: 'short' } })).status).toBe(400);
    expect((await activity(call, admin)).filter((e) => e.action === 'backup.download')).toHaveLength(0);
    const before = Date.now();
    const res = await t.request('/api/admin/backup', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const entries = (await activity(call, admin)).filter((e) => e.action === 'backup.download');
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    assert(entry);
    const adminId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    expect(entry).toMatchObject({
      actor: { id: adminId, name: expect.any(String) as unknown },
      target: { type: 'backup' },
      summary: expect.stringMatching(/^Backup site-backup.*\.tar\.gz\.age downloaded$/) as unknown,
    });
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('exports the two-factor state: on, since when and how many recovery codes are left; never a secret, code or hash', async () => {
    const off = JSON.parse(
      await (await t.request('/api/account/export', { headers: { authorization: `Bearer ${customer}` } })).text(),
    ) as AccountExport;
    expect(off.twoFactor).toEqual({ enabled: false, enrolledAt: null, recoveryCodesLeft: 0 });
    expect(off.sessions.every((s) => typeof s.device === 'string')).toBe(true);

    // One recovery code used at a sign-in leaves nine.
    const challenge = (await login('dana', ADMIN2_PASSWORD)).body;
    expect(challenge['twoFactor']).toBe('code');
    expect(
      (await call('POST', '/api/auth/two-factor', { body: { challenge: challenge['challenge'], code: recovery[0] } }))
        .status,
    ).toBe(200);

    const text = await (
      await t.request('/api/account/export', { headers: { authorization: `Bearer ${admin2Token}` } })
    ).text();
    const data = JSON.parse(text) as AccountExport;
    expect(data.twoFactor).toEqual({
      enabled: true,
      enrolledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
      recoveryCodesLeft: 9,
    });
    const secret = (
      await t.db
        .selectFrom('user_two_factor')
        .select('secret')
        .where('user_id', '=', admin2Id)
        .executeTakeFirstOrThrow()
    ).secret;
    const hashes = (
      await t.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', admin2Id).execute()
    ).map((r) => r.code_hash);
    expect(text).not.toContain(secret);
    for (const value of [...hashes, ...recovery]) expect(text).not.toContain(value);
    expect(text).not.toMatch(/secret|code_hash|v1\./);
  });

  it('refuses a reset without a token (401), to a customer (403), of oneself (403), of an unknown or malformed id (404) and when two-factor is off (409)', async () => {
    const path = (id: string) => `/api/admin/users/${id}/two-factor`;
    const adminId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    const customerId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'cleo').executeTakeFirstOrThrow()
    ).id;
    const cases: [string, string | undefined, number][] = [
      [path(admin2Id), undefined, 401],
      [path(admin2Id), 'not-a-real-token', 401],
      [path(admin2Id), customer, 403],
      [path(adminId), admin, 403],
      [path(randomUUID()), admin, 404],
      [path('not-an-id'), admin, 404],
      [path('x'.repeat(300)), admin, 404],
      [path('%27%20OR%201%3D1--'), admin, 404],
      [path(customerId), admin, 409],
    ];
    for (const [url, token, status] of cases) {
      const answer = await call('DELETE', url, { token });
      expect(answer.status, `${url} as ${token ?? 'nobody'}`).toBe(status);
      expect(answer.type).toContain('application/json');
      expect(typeof answer.body['message']).toBe('string');
    }
    expect((await call('DELETE', path(adminId), { token: admin })).body['message']).toBe(
      ADMIN_TWO_FACTOR_TEXTS.notYourOwn,
    );
    expect((await call('DELETE', path(customerId), { token: admin })).body['message']).toBe(
      ADMIN_TWO_FACTOR_TEXTS.notOn,
    );
    // Nothing was reset by a refusal.
    expect(
      await t.db.selectFrom('user_two_factor').select('user_id').where('user_id', '=', admin2Id).executeTakeFirst(),
    ).toBeDefined();
    expect((await activity(call, admin)).filter((e) => e.action === 'user.two-factor-reset')).toHaveLength(0);
  });

  it('lists who has two-factor on; a reset removes the secret and codes, signs the account out, is audited and mailed', async () => {
    const page = (await call<AdminUserPage>('GET', '/api/admin/users?pageSize=50', { token: admin })).body;
    const dana = page.results.find((u) => u._id === admin2Id);
    const cleo = page.results.find((u) => u.username === 'cleo');
    assert(dana && cleo, 'dana and cleo are listed');
    expect(dana.two_factor).toBe(true);
    expect(cleo.two_factor).toBe(false);
    const danaSessions = String(
      (
        await call('POST', '/api/auth/two-factor', {
          body: { challenge: (await login('dana', ADMIN2_PASSWORD)).body['challenge'], code: recovery[1] },
        })
      ).body['token'],
    );
    expect((await call('GET', '/api/auth/me', { token: danaSessions })).status).toBe(200);

    const before = mailFiles(t.dataDir);
    const reset = await call('DELETE', `/api/admin/users/${admin2Id}/two-factor`, { token: admin });
    expect(reset.status).toBe(200);
    expect(reset.body['message']).toBe(ADMIN_TWO_FACTOR_TEXTS.reset('Pat dana'));
    expect((reset.body['user'] as AdminUser).two_factor).toBe(false);

    expect(await t.db.selectFrom('user_two_factor').selectAll().where('user_id', '=', admin2Id).execute()).toEqual([]);
    expect(
      await t.db.selectFrom('two_factor_recovery_codes').selectAll().where('user_id', '=', admin2Id).execute(),
    ).toEqual([]);
    expect(await t.db.selectFrom('sessions').selectAll().where('user_id', '=', admin2Id).execute()).toEqual([]);
    expect((await call('GET', '/api/auth/me', { token: admin2Token })).status).toBe(401);
    expect((await call('GET', '/api/auth/me', { token: danaSessions })).status).toBe(401);
    // The acting admin stays signed in.
    expect((await call('GET', '/api/auth/me', { token: admin })).status).toBe(200);

    const [entry] = (await activity(call, admin)).filter((e) => e.action === 'user.two-factor-reset');
    expect(entry).toMatchObject({
      target: { type: 'user', id: admin2Id },
      summary: 'Two-factor sign-in of Pat dana was reset',
    });
    const mail = await waitForMail(t.dataDir, {
      to: 'dana@example.com',
      after: before,
      subject: 'two-factor sign-in was reset',
    });
    expect(mail.text).toContain('signed out everywhere');
    expect(mail.text).toContain('Turn two-factor sign-in on again under Settings');

    // Done once: a second reset has nothing to reset, and the next sign-in (optional) asks for no code.
    expect((await call('DELETE', `/api/admin/users/${admin2Id}/two-factor`, { token: admin })).status).toBe(409);
    expect(Object.keys((await login('dana', ADMIN2_PASSWORD)).body)).toEqual(['token']);
  });
});

describe('a reset with ADMIN_2FA=required', () => {
  let t: TestApp;
  const call = client(() => t);

  /** Signs in and sets up an authenticator at sign-in, as a required admin without one must: the session token. */
  async function enrolAtSignIn(username: string, password: string): Promise<string> {
    const first = (await call('POST', '/api/auth/login', { body: { username, password } })).body;
    expect(first['twoFactor']).toBe('enrol');
    const setup = await call('POST', '/api/auth/two-factor/setup', { body: { challenge: first['challenge'] } });
    const done = await call('POST', '/api/auth/two-factor', {
      body: { challenge: first['challenge'], code: codeOf(base32Bytes(String(setup.body['secret']))) },
    });
    expect(done.status).toBe(200);
    return String(done.body['token']);
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: 'off', ADMIN_2FA: 'required' } });
    return () => t.close();
  });

  it('asks the reset admin to set up an authenticator again at the next sign-in, and says so in the mail', async () => {
    const admin = await enrolAtSignIn('admin', TEST_ADMIN_PASSWORD);
    const id = await insertUser(t, 'eve', 'admin', ADMIN2_PASSWORD);
    const eve = await enrolAtSignIn('eve', ADMIN2_PASSWORD);
    const before = mailFiles(t.dataDir);
    expect((await call('DELETE', `/api/admin/users/${id}/two-factor`, { token: admin })).status).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: eve })).status).toBe(401);
    const mail = await waitForMail(t.dataDir, {
      to: 'eve@example.com',
      after: before,
      subject: 'two-factor sign-in was reset',
    });
    expect(mail.text).toContain('asked to set up an authenticator app again');
    const next = await call('POST', '/api/auth/login', { body: { username: 'eve', password: ADMIN2_PASSWORD } });
    expect(next.status).toBe(200);
    expect(next.body['twoFactor']).toBe('enrol');
    expect(next.body['token']).toBeUndefined();
  });
});
