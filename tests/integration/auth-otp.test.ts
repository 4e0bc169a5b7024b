import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import { cookieFetch } from '../helpers/cookie-fetch.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

async function addUser(server: TestServer, name: string, verified = true): Promise<string> {
  const now = new Date().toISOString();
  const email = `${name}@example.com`;
  await server.db
    .insertInto('users')
    .values({
      id: randomUUID(),
      first_name: name,
      last_name: 'Tester',
      email,
      username: name,
      username_key: name,
      password_hash: await hashPassword('a long test password'),
      email_verified: verified,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return email;
}

function client(server: TestServer) {
  const browserFetch = cookieFetch();
  const post = (path: string, body: unknown) =>
    browserFetch(`${server.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  /** Requests a code and reads it from the outbox. */
  const code = async (identifier: string, email: string) => {
    const before = mailFiles(server.dataDir);
    const res = await post('/request-otp', { email: identifier });
    expect(res.status).toBe(200);
    return codeFrom(await waitForMail(server.dataDir, { to: email, after: before }));
  };
  const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  return { post, code, other };
}

describe('one-time codes', () => {
  let server: TestServer;
  let api: ReturnType<typeof client>;
  const logs: string[] = [];
  beforeAll(async () => {
    setAuthLogSink((line) => logs.push(line));
    server = await startTestServer();
    api = client(server);
  });
  afterAll(async () => {
    setAuthLogSink(null);
    await server.stop(true);
  });

  it('stores only an HMAC of the code, with an expiry at most 10 minutes away', async () => {
    const email = await addUser(server, 'stored');
    const code = await api.code(email, email);
    const row = await server.db
      .selectFrom('one_time_codes')
      .innerJoin('users', 'users.id', 'one_time_codes.user_id')
      .select([
        'one_time_codes.code_hash',
        'one_time_codes.expires_at',
        'one_time_codes.created_at',
        'one_time_codes.attempts',
      ])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);
    expect(row.attempts).toBe(0);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(600_000);
  });

  it('accepts a code requested by username, once', async () => {
    const email = await addUser(server, 'byname');
    const code = await api.code('ByName', email);
    const first = await api.post('/verify-otp', { email: 'byname', otp: code });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { token: string }).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await api.post('/verify-otp', { email, otp: code });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      message: 'This code is wrong or has expired; request a new one',
      field: 'otp',
    });
  });

  it('voids the previous code when a new one is requested', async () => {
    const email = await addUser(server, 'renewed');
    const old = await api.code(email, email);
    let fresh = await api.code(email, email);
    if (fresh === old) fresh = await api.code(email, email);
    expect((await api.post('/verify-otp', { email, otp: old })).status).toBe(400);
    expect((await api.post('/verify-otp', { email, otp: fresh })).status).toBe(200);
  });

  it('voids a code after 5 wrong guesses: 429 even for the right code, until a new code is requested', async () => {
    const email = await addUser(server, 'guesser');
    const code = await api.code(email, email);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await api.post('/verify-otp', { email, otp: api.other(code) })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await api.post('/verify-otp', { email, otp: code });
    expect(right.status).toBe(429);
    expect(((await right.json()) as { message: string }).message).toMatch(/new code/i);
    const next = await api.code(email, email);
    expect((await api.post('/verify-otp', { email, otp: next })).status).toBe(200);
  });

  it('counts parallel wrong guesses atomically', async () => {
    const email = await addUser(server, 'racer');
    const code = await api.code(email, email);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => api.post('/verify-otp', { email, otp: api.other(code) })),
    );
    expect(results.filter((r) => r.status === 400)).toHaveLength(4);
    expect((await api.post('/verify-otp', { email, otp: code })).status).toBe(429);
  });

  it('lets only one of several parallel uses of the right code succeed', async () => {
    const email = await addUser(server, 'twice');
    const code = await api.code(email, email);
    const results = await Promise.all(Array.from({ length: 4 }, () => api.post('/verify-otp', { email, otp: code })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const email = await addUser(server, 'known');
    const before = mailFiles(server.dataDir);
    const known = await api.post('/request-otp', { email });
    const unknown = await api.post('/request-otp', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    await waitForMail(server.dataDir, { to: email, after: before });
    await new Promise((r) => setTimeout(r, 200));
    expect(mailFiles(server.dataDir).filter((f) => !before.includes(f))).toHaveLength(1);

    const verifyUnknown = await api.post('/verify-otp', { email: 'nobody@example.com', otp: '123456' });
    const verifyWrong = await api.post('/verify-otp', { email, otp: '000000' });
    expect(verifyUnknown.status).toBe(400);
    expect(await verifyUnknown.json()).toEqual(await verifyWrong.json());
  });

  it('answers 400 naming the field for a malformed code or a missing email', async () => {
    const bad = await api.post('/verify-otp', { email: 'x@example.com', otp: '12ab56' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'The code must be the 6 digits we emailed', field: 'otp' });
    const missing = await api.post('/request-otp', {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'Username or email is required', field: 'email' });
  });

  it('never logs codes', () => {
    const text = logs.join('\n');
    expect(logs.some((l) => l.includes('"otp.failure"'))).toBe(true);
    expect(text).not.toMatch(/\b\d{6}\b/);
  });
});

describe('an expired code', () => {
  let server: TestServer;
  beforeAll(async () => {
    setAuthLogSink(() => undefined);
    server = await startTestServer({ env: { OTP_TTL_SECONDS: '1' } });
  });
  afterAll(async () => {
    setAuthLogSink(null);
    await server.stop(true);
  });

  it('is refused once OTP_TTL_SECONDS have passed', async () => {
    const api = client(server);
    const email = await addUser(server, 'late');
    const code = await api.code(email, email);
    await new Promise((r) => setTimeout(r, 1100));
    const res = await api.post('/verify-otp', { email, otp: code });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'This code is wrong or has expired; request a new one',
    );
  });
});
