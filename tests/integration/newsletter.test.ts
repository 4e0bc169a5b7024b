/** Newsletter double opt-in through the real HTTP server: sign-up, mailed links, confirm, unsubscribe, limits. */
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/server/modules/auth/tokens.ts';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { NEWSLETTER_LIMITS } from '../../src/server/modules/newsletter/newsletter.routes.ts';
import type { NewsletterSubscriberPage } from '../../src/shared/schemas/newsletter.ts';
import { mailFiles, type OutboxMail, waitForMail } from '../helpers/outbox.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { TEST_ADMIN_PASSWORD } from '../helpers/test-app.ts';

const SITE_URL = 'https://shop.example';

describe('newsletter double opt-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    setAuthLogSink(() => undefined);
    // Per-address limits off: every test shares 127.0.0.1; the per-email limit stays on.
    server = await startTestServer({ env: { SITE_URL, RATE_LIMITS: 'off' } });
  });
  afterAll(async () => {
    setAuthLogSink(null);
    await server.stop(true);
  });

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}/api/newsletter${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const row = (email: string) =>
    server.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();
  const storedRow = async (email: string) => {
    const found = await row(email);
    assert(found, `${email} is stored`);
    return found;
  };
  const linkToken = (mail: OutboxMail, page: 'confirm' | 'unsubscribe') => {
    const token = new RegExp(`${SITE_URL}/newsletter/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];
    if (!token) throw new Error(`no ${page} link in ${mail.file}`);
    return token;
  };

  async function signUp(email: string): Promise<OutboxMail> {
    const before = mailFiles(server.dataDir);
    const res = await post('', { email });
    expect(res.status).toBe(202);
    return waitForMail(server.dataDir, { to: email.trim().toLowerCase(), after: before });
  }

  it('stores a pending address with hashed tokens and mails confirm and unsubscribe links built from SITE_URL', async () => {
    const mail = await signUp('  Ada@Example.com ');
    expect(mail.to).toContain('ada@example.com');
    expect(mail.subject).toMatch(/confirm your newsletter subscription/);
    const confirm = linkToken(mail, 'confirm');
    const unsubscribe = linkToken(mail, 'unsubscribe');
    expect(mail.html).toContain(`${SITE_URL}/newsletter/confirm?token=${confirm}`);
    expect(mail.html).toContain(`<a href="${SITE_URL}/newsletter/unsubscribe?token=${unsubscribe}"`);
    expect(mail.headers['list-unsubscribe']).toBe(`<${SITE_URL}/newsletter/unsubscribe?token=${unsubscribe}>`);
    const stored = await storedRow('ada@example.com');
    expect(stored.status).toBe('pending');
    expect(stored.confirm_token_hash).toBe(sha256Hex(confirm));
    expect(stored.unsubscribe_token_hash).toBe(sha256Hex(unsubscribe));
    expect(JSON.stringify(stored)).not.toContain(confirm);
    assert.isNotNull(stored.confirm_expires_at, 'a pending address has a confirmation deadline');
    const hours = (Date.parse(stored.confirm_expires_at) - Date.parse(stored.created_at)) / 3_600_000;
    expect(hours).toBeCloseTo(48, 1);
  });

  it('confirms with the mailed token once, then unsubscribes with the other', async () => {
    const mail = await signUp('bob@example.com');
    const res = await post('/confirm', { token: linkToken(mail, 'confirm') });
    expect(res.status).toBe(200);
    expect(await storedRow('bob@example.com')).toMatchObject({ status: 'confirmed', confirm_token_hash: null });
    expect((await storedRow('bob@example.com')).confirmed_at).toBeTruthy();

    const again = await post('/confirm', { token: linkToken(mail, 'confirm') });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ field: 'token' });

    const out = await post('/unsubscribe', { token: linkToken(mail, 'unsubscribe') });
    expect(out.status).toBe(200);
    expect((await storedRow('bob@example.com')).status).toBe('unsubscribed');
    // Twice is harmless.
    expect((await post('/unsubscribe', { token: linkToken(mail, 'unsubscribe') })).status).toBe(200);
  });

  it('refuses an expired confirmation link with 400 and keeps the address pending', async () => {
    const mail = await signUp('cleo@example.com');
    await server.db
      .updateTable('newsletter_subscribers')
      .set({ confirm_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'cleo@example.com')
      .execute();
    const res = await post('/confirm', { token: linkToken(mail, 'confirm') });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/expired/);
    expect((await storedRow('cleo@example.com')).status).toBe('pending');
  });

  it('refuses unknown and malformed tokens with 400, never 500', async () => {
    for (const body of [{ token: 'x'.repeat(43) }, { token: 'short' }, {}, { token: 42 }]) {
      expect((await post('/confirm', body)).status).toBe(400);
      expect((await post('/unsubscribe', body)).status).toBe(400);
    }
    const notJson = await fetch(`${server.url}/api/newsletter/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
  });

  it('answers a new, a pending and a confirmed address alike, and mails only the first two', async () => {
    const confirmed = await signUp('dora@example.com');
    expect((await post('/confirm', { token: linkToken(confirmed, 'confirm') })).status).toBe(200);
    await signUp('eve@example.com');

    const before = mailFiles(server.dataDir);
    const answers = await Promise.all(
      ['dora@example.com', 'eve@example.com', 'fred@example.com'].map((email) => post('', { email })),
    );
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202]);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    await waitForMail(server.dataDir, { to: 'eve@example.com', after: before });
    await waitForMail(server.dataDir, { to: 'fred@example.com', after: before });
    await new Promise((r) => setTimeout(r, 200));
    const fresh = mailFiles(server.dataDir).filter((f) => !before.includes(f));
    expect(fresh).toHaveLength(2);
    expect((await storedRow('dora@example.com')).status).toBe('confirmed');
  });

  it('a new sign-up voids the previous link of a pending address', async () => {
    const first = await signUp('gus@example.com');
    const second = await signUp('gus@example.com');
    expect((await post('/confirm', { token: linkToken(first, 'confirm') })).status).toBe(400);
    expect((await post('/confirm', { token: linkToken(second, 'confirm') })).status).toBe(200);
  });

  it('resubscribing after unsubscribing takes a new confirmation', async () => {
    const first = await signUp('hana@example.com');
    await post('/confirm', { token: linkToken(first, 'confirm') });
    await post('/unsubscribe', { token: linkToken(first, 'unsubscribe') });
    const again = await signUp('hana@example.com');
    expect((await storedRow('hana@example.com')).status).toBe('pending');
    expect((await post('/confirm', { token: linkToken(again, 'confirm') })).status).toBe(200);
    expect((await storedRow('hana@example.com')).status).toBe('confirmed');
    // The old mail's unsubscribe link was replaced by the new one.
    expect((await post('/unsubscribe', { token: linkToken(first, 'unsubscribe') })).status).toBe(400);
  });

  it('refuses a bad email with 400 naming the field', async () => {
    for (const email of [
      'not-an-email',
      '',
      'a@b',
      'x@example.com\r\nBcc: y@example.com',
      42,
      `${'a'.repeat(250)}@example.com`,
    ]) {
      const res = await post('', { email });
      expect(res.status, String(email)).toBe(400);
      expect(await res.json()).toEqual({ message: 'Enter a valid email address.', field: 'email' });
    }
    expect((await post('', {})).status).toBe(400);
  });

  it('limits sign-ups per email address with 429 and Retry-After', async () => {
    for (let n = 0; n < NEWSLETTER_LIMITS.perEmail; n++)
      expect((await post('', { email: 'ivy@example.com' })).status).toBe(202);
    const limited = await post('', { email: 'IVY@example.com' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post('', { email: 'other-ivy@example.com' })).status).toBe(202);
  });

  it('lists subscribers to an admin only, paged and filtered by status', async () => {
    expect((await fetch(`${server.url}/api/admin/newsletter/subscribers`)).status).toBe(401);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const get = (query: string) =>
      fetch(`${server.url}/api/admin/newsletter/subscribers${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const page = await get('?pageSize=2&status=confirmed');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const body = (await page.json()) as NewsletterSubscriberPage;
    expect(body.results).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.results.every((s) => s.status === 'confirmed')).toBe(true);
    const [first] = body.results;
    assert(first);
    expect(Object.keys(first).sort()).toEqual([
      '_id',
      'confirmedAt',
      'createdAt',
      'email',
      'source',
      'status',
      'unsubscribedAt',
    ]);
    expect((await get('?status=nope')).status).toBe(400);
    expect((await get('?pageSize=1000')).status).toBe(400);
  });
});

describe('newsletter limits per client address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SITE_URL } });
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('refuses more sign-ups from one address than the limit, whatever the emails', async () => {
    const post = (email: string) =>
      fetch(`${server.url}/api/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    for (let n = 0; n < NEWSLETTER_LIMITS.perIp; n++) expect((await post(`reader${n}@example.com`)).status).toBe(202);
    const limited = await post('one-more@example.com');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});
