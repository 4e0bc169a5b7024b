import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import { sha256Hex } from '../../src/server/modules/auth/tokens.ts';
import { cookieFetch } from '../helpers/cookie-fetch.ts';
import { codeFrom, mailFiles, type OutboxMail, resetTokenFrom, waitForMail } from '../helpers/outbox.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const SITE_URL = 'https://shop.example';
const OLD = 'the old long password';
const NEW = 'a totally new passphrase';

describe('forgot password: code and reset link', () => {
  let server: TestServer;
  const logs: string[] = [];
  beforeAll(async () => {
    setAuthLogSink((line) => logs.push(line));
    server = await startTestServer({ env: { SITE_URL } });
  });
  afterAll(async () => {
    setAuthLogSink(null);
    await server.stop(true);
  });

  const browserFetch = cookieFetch();
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    browserFetch(`${server.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const me = (token: string) => fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  const login = (username: string, password: string) => post('/login', { username, password });

  async function addUser(name: string, verified = true): Promise<string> {
    const now = new Date().toISOString();
    await server.db
      .insertInto('users')
      .values({
        id: randomUUID(),
        first_name: name,
        last_name: 'Tester',
        email: `${name}@example.com`,
        username: name,
        username_key: name,
        password_hash: await hashPassword(OLD),
        email_verified: verified,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return `${name}@example.com`;
  }

  async function forgot(identifier: string, to: string, headers: Record<string, string> = {}): Promise<OutboxMail> {
    const before = mailFiles(server.dataDir);
    const res = await post('/request-otp', { email: identifier }, headers);
    expect(res.status).toBe(200);
    return waitForMail(server.dataDir, { to, after: before });
  }

  it('mails a code and a single-use link built from SITE_URL, whatever the request headers say', async () => {
    const email = await addUser('frank');
    const mail = await forgot('frank', email, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' });
    expect(mail.subject).toBe('Brand: your sign-in code');
    expect(codeFrom(mail)).toMatch(/^\d{6}$/);
    const token = resetTokenFrom(mail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(`${SITE_URL}/reset-password?token=${token}`);
    expect(mail.html).toContain(`${SITE_URL}/reset-password?token=${token}`);
    expect(mail.text).not.toContain('evil.example');
    const row = await server.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(30 * 60 * 1000);
  });

  it('answers an unknown account with the same 200 body and sends nothing', async () => {
    const email = await addUser('gina');
    const before = mailFiles(server.dataDir);
    const known = await post('/request-otp', { email });
    const unknown = await post('/request-otp', { email: 'ghost' });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await unknown.json()).toEqual(await known.json());
    await waitForMail(server.dataDir, { to: email, after: before });
    await new Promise((r) => setTimeout(r, 200));
    expect(mailFiles(server.dataDir).filter((f) => !before.includes(f))).toHaveLength(1);
  });

  it('signs in with the mailed code instead', async () => {
    const email = await addUser('hank');
    const mail = await forgot(email, email);
    const res = await post('/verify-otp', { email: 'hank', otp: codeFrom(mail) });
    expect(res.status).toBe(200);
    expect((await me(((await res.json()) as { token: string }).token)).status).toBe(200);
  });

  it('resets the password with the link: old sessions end, no sign-in, the link works once, a notice is mailed', async () => {
    const email = await addUser('iris');
    const session = ((await (await login('iris', OLD)).json()) as { token: string }).token;
    expect((await me(session)).status).toBe(200);
    const token = resetTokenFrom(await forgot('iris', email));

    const before = mailFiles(server.dataDir);
    const res = await post('/reset-password', { token, newPassword: NEW });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { message?: string };
    expect(body).not.toHaveProperty('token');
    expect(body.message).toMatch(/success/i);

    expect((await me(session)).status).toBe(401);
    expect((await login('iris', OLD)).status).toBe(401);
    expect((await login('iris', NEW)).status).toBe(200);

    const again = await post('/reset-password', { token, newPassword: 'yet another passphrase' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: 'This reset link is invalid or has expired', field: 'token' });

    const notice = await waitForMail(server.dataDir, { to: email, after: before });
    expect(notice.subject).toBe('Brand: your password was changed');
    expect(notice.text).not.toMatch(/reset-password\?token=/);
  });

  it('applies the password policy without using up the link', async () => {
    const email = await addUser('jack');
    const token = resetTokenFrom(await forgot('jack', email));
    for (const [password, reason] of [
      ['too short', /at least 12/],
      ['qwerty123456', /common/],
      ['jack-jack-jack-jack', /must not contain/],
    ] as const) {
      const res = await post('/reset-password', { token, newPassword: password });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; field: string };
      expect(body.message).toMatch(new RegExp(`^Password .*${reason.source}`));
      expect(body.field).toBe('newPassword');
    }
    expect((await post('/reset-password', { token, newPassword: NEW })).status).toBe(200);
  });

  it('refuses a voided, expired or made-up link', async () => {
    const email = await addUser('kate');
    const first = resetTokenFrom(await forgot('kate', email));
    const second = resetTokenFrom(await forgot('kate', email));
    expect((await post('/reset-password', { token: first, newPassword: NEW })).status).toBe(400);
    await server.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256Hex(second))
      .execute();
    expect((await post('/reset-password', { token: second, newPassword: NEW })).status).toBe(400);
    expect((await post('/reset-password', { token: 'x'.repeat(43), newPassword: NEW })).status).toBe(400);
    const missing = await post('/reset-password', { newPassword: NEW });
    expect(await missing.json()).toEqual({
      message: 'This reset link is incomplete; open the link from the email again',
      field: 'token',
    });
  });

  it('sends an unverified account a verification code without a reset link', async () => {
    const email = await addUser('leo', false);
    const mail = await forgot('leo', email);
    expect(mail.subject).toBe('Brand: confirm your email address');
    expect(mail.text).not.toMatch(/reset-password/);
  });

  it('never logs reset tokens', () => {
    expect(logs.some((l) => l.includes('"password.reset"'))).toBe(true);
    expect(logs.join('\n')).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });
});
