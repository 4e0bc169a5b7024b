/**
 * Two-factor sign-in for admins, the session list and the new sign-in mail, against the real server and
 * database: setting up an authenticator, the second step after a password, an emailed code and Google, wrong and
 * reused codes, single-use recovery codes, the attempt limits, turning it off, ADMIN_2FA=required, customers left
 * as they were, signing out one session, the sessions a change of role or second factor ends, and the mail to an
 * admin after each sign-in.
 */
import { PERSON_UA } from '../helpers/user-agents.ts';
import { randomUUID } from 'node:crypto';
import { generateHOTP } from '@oslojs/otp';
import { afterAll, assert, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountSessions } from '../../src/shared/account.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { CookieJar, googleFlow } from '../helpers/google-flow.ts';
import { codeFrom, mailFiles, parseMail, waitForMail } from '../helpers/outbox.ts';
import { startOidcProvider, type TestAccount, type TestOidcProvider } from '../helpers/oidc-provider.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_CUSTOMER_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const SITE_URL = 'http://localhost:4398';
const ADMIN_EMAIL = 'admin@example.com';

type Body = Record<string, unknown>;
interface Answer<B> {
  status: number;
  headers: Headers;
  body: B;
}

/** JSON calls to a server URL or through `app.request`, as a browser (its User-Agent, and a cookie when given). */
function client(target: () => { url: string } | { app: TestApp }) {
  return async function call<B = Body>(
    method: string,
    path: string,
    options: { token?: string; body?: object; cookie?: string } = {},
  ): Promise<Answer<B>> {
    const headers: Record<string, string> = { 'user-agent': PERSON_UA };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (options.cookie) headers['cookie'] = options.cookie;
    if (options.body) headers['content-type'] = 'application/json';
    const init: RequestInit = { method, headers, ...(options.body ? { body: JSON.stringify(options.body) } : {}) };
    const to = target();
    const res = 'url' in to ? await fetch(`${to.url}${path}`, init) : await to.app.request(path, init);
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : {}) as B };
  };
}

/** RFC 4648 base32 (the secret as the setup shows it, spaces allowed) to bytes. */
function base32Bytes(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  return new Uint8Array((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

/** The authenticator app: the code for now, or `offset` steps of 30 s away. */
const codeOf = (key: Uint8Array, offset = 0) => generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + offset), 6);

async function insertUser(
  db: TestServer['db'],
  username: string,
  role: 'admin' | 'customer',
  password = TEST_CUSTOMER_PASSWORD,
): Promise<string> {
  const now = new Date().toISOString();
  const id = randomUUID();
  await db
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

describe('two-factor sign-in with ADMIN_2FA=optional (the default)', () => {
  let server: TestServer;
  let provider: TestOidcProvider;
  const logs: string[] = [];
  const call = client(() => ({ url: server.url }));
  let key: Uint8Array;
  let recovery: string[] = [];

  const login = (username: string, password: string) =>
    call('POST', '/api/auth/login', { body: { username, password } });
  /** Lets the authenticator's current code be used again, for tests that are not about reuse. */
  const forgetUsedStep = (userId: string) =>
    server.db.updateTable('user_two_factor').set({ last_used_step: null }).where('user_id', '=', userId).execute();
  const adminId = async () =>
    (await server.db.selectFrom('users').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    setAuthLogSink((line) => logs.push(line));
    provider = await startOidcProvider({ redirectUri: `${SITE_URL}/api/auth/google/callback` });
    return () => provider.close();
  });
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        SITE_URL,
        RATE_LIMITS: 'off',
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        OIDC_ISSUER: provider.issuer,
      },
    });
    return () => server.stop(true);
  });
  afterAll(() => {
    setAuthLogSink(null);
  });

  it('leaves customers as they were: no setup, and a sign-in still answers { token } alone', async () => {
    await insertUser(server.db, 'cora', 'customer');
    const signIn = await login('cora', TEST_CUSTOMER_PASSWORD);
    expect(signIn.status).toBe(200);
    expect(Object.keys(signIn.body)).toEqual(['token']);
    const token = String(signIn.body['token']);
    expect((await call('GET', '/api/account/two-factor', { token })).body).toMatchObject({
      enabled: false,
      available: false,
      required: false,
    });
    const setup = await call('POST', '/api/account/two-factor/setup', { token });
    expect(setup.status).toBe(403);
    expect(setup.body['message']).toBe('Two-factor sign-in is for administrator accounts');
  });

  it('sets up an authenticator: the secret is shown only then and stored encrypted; only a right code turns it on, with 10 recovery codes shown once', async () => {
    const token = String((await login('admin', TEST_ADMIN_PASSWORD)).body['token']);
    expect((await call('GET', '/api/account/two-factor', { token })).body).toEqual({
      enabled: false,
      required: false,
      available: true,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const setup = await call('POST', '/api/account/two-factor/setup', { token });
    expect(setup.status).toBe(200);
    const secret = String(setup.body['secret']);
    expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/);
    const uri = new URL(String(setup.body['uri']));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret.replace(/ /g, ''));
    expect(decodeURIComponent(uri.pathname)).toContain(ADMIN_EMAIL);
    key = base32Bytes(secret);
    const row = await server.db
      .selectFrom('user_two_factor')
      .selectAll()
      .where('user_id', '=', await adminId())
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(secret.replace(/ /g, ''));
    const sealed = row.secret.split('.')[3];
    assert.exists(sealed);
    expect(Buffer.from(sealed, 'base64url').equals(Buffer.from(key))).toBe(false);

    const wrong = await call('POST', '/api/account/two-factor/confirm', { token, body: { code: codeOf(key, 5) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'code', message: 'That code is not right. Please try again' });
    expect((await call('GET', '/api/account/two-factor', { token })).body['enabled']).toBe(false);
    // Still unconfirmed, signing in gives a session as before.
    const elsewhere = await login('admin', TEST_ADMIN_PASSWORD);
    expect(Object.keys(elsewhere.body)).toEqual(['token']);

    const on = await call('POST', '/api/account/two-factor/confirm', { token, body: { code: codeOf(key) } });
    expect(on.status).toBe(200);
    // Turning it on ends the account's other sessions (one a stolen password made would be among them), not this one.
    expect((await call('GET', '/api/auth/me', { token: String(elsewhere.body['token']) })).status).toBe(401);
    expect((await call('GET', '/api/auth/me', { token })).status).toBe(200);
    recovery = on.body['recoveryCodes'] as string[];
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = await call('GET', '/api/account/two-factor', { token });
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.body)).not.toContain(secret.slice(0, 8));
    // Never shown again: a second setup is refused while it is on.
    expect((await call('POST', '/api/account/two-factor/setup', { token })).status).toBe(409);
    const stored = await server.db.selectFrom('two_factor_recovery_codes').select('code_hash').execute();
    expect(stored).toHaveLength(10);
    const [firstCode] = recovery;
    assert.exists(firstCode);
    expect(stored.map((r) => r.code_hash).join()).not.toContain(firstCode.replace('-', ''));
  });

  it('answers a password sign-in with a short-lived challenge instead of a session; the code then gives the token, and never works twice', async () => {
    await forgetUsedStep(await adminId());
    const sessionsBefore = (await server.db.selectFrom('sessions').select('id').execute()).length;
    const first = await login('admin', TEST_ADMIN_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body['token']).toBeUndefined();
    expect(first.body['twoFactor']).toBe('code');
    const challenge = String(first.body['challenge']);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(String(first.body['expiresAt'])) - Date.now()).toBeLessThanOrEqual(300_000);
    expect((await server.db.selectFrom('sessions').select('id').execute()).length).toBe(sessionsBefore);
    // A challenge is no session.
    expect((await call('GET', '/api/auth/me', { token: challenge })).status).toBe(401);

    const wrong = await call('POST', '/api/auth/two-factor', { body: { challenge, code: codeOf(key, 4) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body['field']).toBe('code');
    const code = codeOf(key);
    const done = await call('POST', '/api/auth/two-factor', { body: { challenge, code } });
    expect(done.status).toBe(200);
    expect(Object.keys(done.body)).toEqual(['token']);
    expect((await call('GET', '/api/auth/me', { token: String(done.body['token']) })).body['email']).toBe(ADMIN_EMAIL);
    // The challenge is used up, and the same code is refused on a new one.
    expect((await call('POST', '/api/auth/two-factor', { body: { challenge, code } })).status).toBe(401);
    const again = String((await login('admin', TEST_ADMIN_PASSWORD)).body['challenge']);
    const reused = await call('POST', '/api/auth/two-factor', { body: { challenge: again, code } });
    expect(reused.status).toBe(400);
    expect(reused.body['message']).toBe('That code is not right. Please try again');
    // The next step's code (a phone a little ahead) is within the ±1 window.
    expect(
      (await call('POST', '/api/auth/two-factor', { body: { challenge: again, code: codeOf(key, 1) } })).status,
    ).toBe(200);
    expect(logs.join('\n')).not.toContain(code);
  });

  it('asks for the second step after a sign-in by emailed code too', async () => {
    await forgetUsedStep(await adminId());
    const before = mailFiles(server.dataDir);
    const requested = await call('POST', '/api/auth/request-otp', { body: { email: ADMIN_EMAIL } });
    expect(requested.status).toBe(200);
    // The code works only in the browser that asked for it: its otp_browser cookie goes back.
    const cookie = requested.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const mail = await waitForMail(server.dataDir, { to: ADMIN_EMAIL, after: before, subject: 'sign-in code' });
    const verified = await call('POST', '/api/auth/verify-otp', {
      body: { email: ADMIN_EMAIL, otp: codeFrom(mail) },
      cookie,
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ twoFactor: 'code' });
    expect(verified.body['token']).toBeUndefined();
    const done = await call('POST', '/api/auth/two-factor', {
      body: { challenge: verified.body['challenge'], code: codeOf(key) },
    });
    expect(done.status).toBe(200);
    expect(typeof done.body['token']).toBe('string');
  });

  it('asks for it after Google sign-in: /login gets a challenge bound to the browser, never a token', async () => {
    await forgetUsedStep(await adminId());
    const { signIn } = googleFlow(() => server.url, SITE_URL);
    provider.next = { sub: 'g-admin-1', email: ADMIN_EMAIL, email_verified: true } satisfies TestAccount;
    const { login: back, jar } = await signIn(new CookieJar());
    expect(back.searchParams.get('token')).toBeNull();
    expect(back.searchParams.get('error')).toBeNull();
    expect(back.searchParams.get('two_factor')).toBe('code');
    const challenge = back.searchParams.get('challenge') ?? '';
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(jar.get('session_bind')?.path).toBe('/api/auth');
    // Without the browser's binding cookie the challenge is worth nothing (a link sent to someone else).
    const stolen = await call('POST', '/api/auth/two-factor', { body: { challenge, code: codeOf(key) } });
    expect(stolen.status).toBe(401);
    const done = await call('POST', '/api/auth/two-factor', {
      body: { challenge, code: codeOf(key) },
      cookie: jar.header(`${server.url}/api/auth/two-factor`),
    });
    expect(done.status).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: String(done.body['token']) })).body['role']).toBe('admin');
  });

  it('with ADMIN_2FA=required, Google sign-in leads an admin to set up an authenticator in the same browser first', async () => {
    const required = await startTestServer({
      env: {
        SITE_URL,
        RATE_LIMITS: 'off',
        ADMIN_2FA: 'required',
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        OIDC_ISSUER: provider.issuer,
      },
    });
    try {
      const at = client(() => ({ url: required.url }));
      provider.next = { sub: 'g-admin-2', email: ADMIN_EMAIL, email_verified: true } satisfies TestAccount;
      const { login: back, jar } = await googleFlow(() => required.url, SITE_URL).signIn(new CookieJar());
      expect(back.searchParams.get('token')).toBeNull();
      expect(back.searchParams.get('two_factor')).toBe('enrol');
      const challenge = back.searchParams.get('challenge') ?? '';
      const cookie = jar.header(`${required.url}/api/auth/two-factor`);
      // The key goes only to the browser the challenge was handed to.
      expect((await at('POST', '/api/auth/two-factor/setup', { body: { challenge } })).status).toBe(401);
      const setup = await at('POST', '/api/auth/two-factor/setup', { body: { challenge }, cookie });
      expect(setup.status).toBe(200);
      const own = base32Bytes(String(setup.body['secret']));
      const done = await at('POST', '/api/auth/two-factor', { body: { challenge, code: codeOf(own) }, cookie });
      expect(done.status).toBe(200);
      expect(done.body['recoveryCodes']).toHaveLength(10);
      expect((await at('GET', '/api/auth/me', { token: String(done.body['token']) })).body['role']).toBe('admin');
    } finally {
      await required.stop(true);
    }
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const challenge = String((await login('admin', TEST_ADMIN_PASSWORD)).body['challenge']);
    const [code] = recovery;
    assert.exists(code);
    const used = await call('POST', '/api/auth/two-factor', {
      body: { challenge, code: ` ${code.replace('-', '').toUpperCase()} ` },
    });
    expect(used.status).toBe(200);
    const again = String((await login('admin', TEST_ADMIN_PASSWORD)).body['challenge']);
    expect((await call('POST', '/api/auth/two-factor', { body: { challenge: again, code } })).status).toBe(400);
    expect((await call('POST', '/api/auth/two-factor', { body: { challenge: again, code: recovery[1] } })).status).toBe(
      200,
    );
    const token = String(used.body['token']);
    expect((await call('GET', '/api/account/two-factor', { token })).body['recoveryCodesLeft']).toBe(8);
    const shape = await call('POST', '/api/auth/two-factor', { body: { challenge: again, code: 'not a code' } });
    expect(shape.status).toBe(400);
    expect(shape.body['field']).toBe('code');
  });

  it('voids a challenge after 5 wrong codes and stops an account after 10 wrong codes in 15 minutes, right code or not', async () => {
    const id = await insertUser(server.db, 'adele', 'admin', TEST_ADMIN_PASSWORD);
    const token = String((await login('adele', TEST_ADMIN_PASSWORD)).body['token']);
    const own = base32Bytes(String((await call('POST', '/api/account/two-factor/setup', { token })).body['secret']));
    expect((await call('POST', '/api/account/two-factor/confirm', { token, body: { code: codeOf(own) } })).status).toBe(
      200,
    );
    await forgetUsedStep(id);
    const wrong = codeOf(own, 7);

    const a = String((await login('adele', TEST_ADMIN_PASSWORD)).body['challenge']);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await call('POST', '/api/auth/two-factor', { body: { challenge: a, code: wrong } })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const voided = await call('POST', '/api/auth/two-factor', { body: { challenge: a, code: codeOf(own) } });
    expect(voided.status).toBe(429);
    expect(voided.body['message']).toBe('Too many wrong codes. Please sign in again');

    const b = String((await login('adele', TEST_ADMIN_PASSWORD)).body['challenge']);
    for (let i = 0; i < 4; i++)
      expect((await call('POST', '/api/auth/two-factor', { body: { challenge: b, code: wrong } })).status).toBe(400);
    // 10 failures for the account (the voided challenge's last try counted too): even the right code waits now.
    const c = String((await login('adele', TEST_ADMIN_PASSWORD)).body['challenge']);
    const limited = await call('POST', '/api/auth/two-factor', { body: { challenge: c, code: codeOf(own) } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('turns off only with the password or a code, then signs in with a token again', async () => {
    await forgetUsedStep(await adminId());
    const challenge = String((await login('admin', TEST_ADMIN_PASSWORD)).body['challenge']);
    const token = String(
      (await call('POST', '/api/auth/two-factor', { body: { challenge, code: codeOf(key) } })).body['token'],
    );
    await forgetUsedStep(await adminId());
    const second = String((await login('admin', TEST_ADMIN_PASSWORD)).body['challenge']);
    const elsewhere = String(
      (await call('POST', '/api/auth/two-factor', { body: { challenge: second, code: codeOf(key, 1) } })).body['token'],
    );
    expect((await call('GET', '/api/auth/me', { token: elsewhere })).status).toBe(200);
    const none = await call('DELETE', '/api/account/two-factor', { token, body: {} });
    expect(none.status).toBe(400);
    const wrongPassword = await call('DELETE', '/api/account/two-factor', {
      token,
      body: { password: 'not the password at all' },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body['field']).toBe('password');
    const before = mailFiles(server.dataDir);
    const off = await call('DELETE', '/api/account/two-factor', { token, body: { password: TEST_ADMIN_PASSWORD } });
    expect(off.status).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: elsewhere })).status).toBe(401);
    expect((await call('GET', '/api/auth/me', { token })).status).toBe(200);
    expect(
      (
        await waitForMail(server.dataDir, {
          to: ADMIN_EMAIL,
          after: before,
          subject: 'two-factor sign-in was turned off',
        })
      ).text,
    ).not.toMatch(/\b\d{6}\b/);
    expect(
      await server.db
        .selectFrom('two_factor_recovery_codes')
        .select('id')
        .where('user_id', '=', await adminId())
        .execute(),
    ).toEqual([]);
    expect(Object.keys((await login('admin', TEST_ADMIN_PASSWORD)).body)).toEqual(['token']);
    expect(
      (await call('DELETE', '/api/account/two-factor', { token, body: { password: TEST_ADMIN_PASSWORD } })).status,
    ).toBe(409);
  });

  it('signs the admin in even when the new sign-in mail cannot be sent, or hangs', async () => {
    const send = vi.spyOn(server.deps.mailer, 'send');
    try {
      send.mockImplementation(() => Promise.reject(new Error('smtp down')));
      expect(Object.keys((await login('admin', TEST_ADMIN_PASSWORD)).body)).toEqual(['token']);
      send.mockImplementation(() => new Promise(() => undefined));
      const started = Date.now();
      expect(Object.keys((await login('admin', TEST_ADMIN_PASSWORD)).body)).toEqual(['token']);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(logs.some((line) => line.includes('"mail.failure"') && line.includes('smtp down'))).toBe(true);
    } finally {
      send.mockRestore();
    }
  });
});

describe('ADMIN_2FA=required, sessions and the new sign-in mail', () => {
  let t: TestApp;
  let adminKey: Uint8Array;
  const call = client(() => ({ app: t }));
  const login = (username: string, password: string) =>
    call('POST', '/api/auth/login', { body: { username, password } });

  beforeAll(async () => {
    setAuthLogSink(() => undefined);
    t = await createTestApp({ env: { ADMIN_2FA: 'required', RATE_LIMITS: 'off' } });
    return () => t.close();
  });
  afterAll(() => {
    setAuthLogSink(null);
  });

  it('makes an admin without an authenticator set one up before any admin session, and never lets it be turned off', async () => {
    const first = await login('admin', TEST_ADMIN_PASSWORD);
    expect(first.body).toMatchObject({ twoFactor: 'enrol' });
    expect(first.body['token']).toBeUndefined();
    const challenge = String(first.body['challenge']);
    // The code step before a secret exists is refused.
    expect((await call('POST', '/api/auth/two-factor', { body: { challenge, code: '123456' } })).status).toBe(400);
    const setup = await call('POST', '/api/auth/two-factor/setup', { body: { challenge } });
    expect(setup.status).toBe(200);
    const key = base32Bytes(String(setup.body['secret']));
    adminKey = key;
    const wrong = await call('POST', '/api/auth/two-factor', { body: { challenge, code: codeOf(key, 6) } });
    expect(wrong.status).toBe(400);
    const done = await call('POST', '/api/auth/two-factor', { body: { challenge, code: codeOf(key) } });
    expect(done.status).toBe(200);
    expect(done.body['recoveryCodes']).toHaveLength(10);
    const token = String(done.body['token']);
    expect((await call('GET', '/api/account/two-factor', { token })).body).toMatchObject({
      enabled: true,
      required: true,
    });
    const off = await call('DELETE', '/api/account/two-factor', { token, body: { password: TEST_ADMIN_PASSWORD } });
    expect(off.status).toBe(409);
    // From now on the ordinary second step.
    const next = await login('admin', TEST_ADMIN_PASSWORD);
    expect(next.body['twoFactor']).toBe('code');
    // A setup request with a 'code' challenge gets nothing.
    expect(
      (await call('POST', '/api/auth/two-factor/setup', { body: { challenge: next.body['challenge'] } })).status,
    ).toBe(401);
  });

  it('ends every session of an account whose role changes: a promoted customer must sign in, and enrol, first', async () => {
    await t.db.updateTable('user_two_factor').set({ last_used_step: null }).execute();
    const challenge = String((await login('admin', TEST_ADMIN_PASSWORD)).body['challenge']);
    const admin = String(
      (await call('POST', '/api/auth/two-factor', { body: { challenge, code: codeOf(adminKey) } })).body['token'],
    );
    const customer = await t.customerToken('promo');
    const id = (await t.db.selectFrom('users').select('id').where('username', '=', 'promo').executeTakeFirstOrThrow())
      .id;
    const me = async (token: string) => (await call('GET', '/api/auth/me', { token })).status;

    expect((await call('PATCH', `/api/admin/users/${id}`, { token: admin, body: { role: 'admin' } })).status).toBe(200);
    // The customer's session never acts as an admin's: it ended with the change.
    expect(await me(customer)).toBe(401);
    const write = await call('PUT', '/api/company', { token: customer, body: { name: 'Taken over' } });
    expect(write.status).toBe(401);
    // The next sign-in is judged by the admin rules: no session before an authenticator is set up.
    const promoted = await login('promo', TEST_CUSTOMER_PASSWORD);
    expect(promoted.body).toMatchObject({ twoFactor: 'enrol' });
    expect(promoted.body['token']).toBeUndefined();

    // Back to customer: the sessions end again, and the next sign-in is a customer's.
    expect((await call('PATCH', `/api/admin/users/${id}`, { token: admin, body: { role: 'customer' } })).status).toBe(
      200,
    );
    const again = String((await login('promo', TEST_CUSTOMER_PASSWORD)).body['token']);
    expect(await me(again)).toBe(200);
    // A session made for one role is refused once the account has another, however the role changed (a sign-in
    // judged as a customer's that finished just after a promotion).
    await t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', id).execute();
    expect(await me(again)).toBe(401);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect(await me(admin)).toBe(200);
  });

  it('leaves customers alone and mails no customer sign-in', async () => {
    const before = mailFiles(t.dataDir);
    await t.customerToken('cleo');
    const signIn = await login('cleo', TEST_CUSTOMER_PASSWORD);
    expect(Object.keys(signIn.body)).toEqual(['token']);
    expect(mailFiles(t.dataDir).filter((f) => !before.includes(f))).toEqual([]);
  });

  it("lists the sessions and signs out exactly the one named, never another account's", async () => {
    await t.customerToken('sid');
    const a = String((await login('sid', TEST_CUSTOMER_PASSWORD)).body['token']);
    const b = String((await login('sid', TEST_CUSTOMER_PASSWORD)).body['token']);
    const c = String((await login('sid', TEST_CUSTOMER_PASSWORD)).body['token']);
    const list = (await call<AccountSessions>('GET', '/api/account/sessions', { token: a })).body.results;
    expect(list.length).toBe(4);
    const current = list.find((s) => s.current);
    assert(current, 'the calling session is listed');
    const me = async (token: string) => (await call('GET', '/api/auth/me', { token })).status;
    const idOf = async (token: string) => {
      const own = (await call<AccountSessions>('GET', '/api/account/sessions', { token })).body.results.find(
        (s) => s.current,
      );
      assert(own, 'the calling session is listed');
      return own._id;
    };
    const bId = await idOf(b);
    const ended = await call('POST', `/api/account/sessions/${bId}/sign-out`, { token: a });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ signedOut: 1 });
    expect([await me(a), await me(b), await me(c)]).toEqual([200, 401, 200]);
    expect((await call('POST', `/api/account/sessions/${bId}/sign-out`, { token: a })).status).toBe(404);
    // Another account's session: 404, and it lives on.
    const other = await t.customerToken('oscar');
    const otherId = await idOf(other);
    expect((await call('POST', `/api/account/sessions/${otherId}/sign-out`, { token: a })).status).toBe(404);
    expect(await me(other)).toBe(200);
    // Its own session too, like signing out.
    expect((await call('POST', `/api/account/sessions/${current._id}/sign-out`, { token: a })).status).toBe(200);
    expect(await me(a)).toBe(401);
    expect((await call('POST', `/api/account/sessions/${bId}/sign-out`)).status).toBe(401);
  });

  it('mails the admin after each admin sign-in with the time, address and browser, and nothing that signs in', async () => {
    await insertUser(t.db, 'ada', 'admin');
    // Not yet set up under ADMIN_2FA=required: the sign-in waits for the authenticator, and nothing is mailed yet.
    const before = mailFiles(t.dataDir);
    const challenge = String((await login('ada', TEST_CUSTOMER_PASSWORD)).body['challenge']);
    expect(mailFiles(t.dataDir).filter((f) => !before.includes(f))).toEqual([]);
    const key = base32Bytes(
      String((await call('POST', '/api/auth/two-factor/setup', { body: { challenge } })).body['secret']),
    );
    const done = await call('POST', '/api/auth/two-factor', { body: { challenge, code: codeOf(key) } });
    const token = String(done.body['token']);
    const mails = mailFiles(t.dataDir)
      .filter((f) => !before.includes(f))
      .map((f) => parseMail(t.dataDir, f));
    const notice = mails.find((m) => m.subject.includes('new sign-in to your admin account'));
    expect(notice?.to).toContain('ada@example.com');
    assert(notice);
    expect(notice.text).toMatch(/Time: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);
    expect(notice.text).toContain('Network address: unknown.');
    expect(notice.text).toContain('Browser: Chrome on Linux.');
    expect(notice.text).toContain('Signed in with: password.');
    for (const secret of [token, challenge, codeOf(key), ...(done.body['recoveryCodes'] as string[])]) {
      expect(notice.text).not.toContain(secret);
      expect(notice.html).not.toContain(secret);
    }
  });
});
