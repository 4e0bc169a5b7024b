/**
 * POST /api/contact with the real app, database and outbox (issue 18 item 5): a message is stored, then mailed to the
 * company with Reply-To set to the visitor; a filled honeypot is answered alike and leaves nothing; refusals are
 * sentences naming their field; an address sending too many is told to wait; the admin reads the messages newest first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMIT } from '../../src/server/modules/contact/contact.routes.ts';
import { CONTACT_SENT, CONTACT_TOO_MANY, type ContactMessagePage } from '../../src/shared/schemas/contact.ts';
import { mailFiles, parseMail, waitForMail } from '../helpers/outbox.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const COMPANY_EMAIL = 'hello@northwind.example';
const VALID = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'A question about lamps', message: 'Do you ship to Lisbon?\n\nThanks, Ada', website: '' };

let t: TestApp;
let admin: string;

async function post(body: unknown, app: TestApp = t) {
  const res = await app.request('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { message: string; field?: string } };
}
const storedCount = async (app: TestApp = t) => (await app.db.selectFrom('contact_messages').select('id').execute()).length;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'off' } });
  const now = new Date().toISOString();
  await t.db.insertInto('company_settings').values({ id: 1, public_id: 'c1', name: 'Northwind', email: COMPANY_EMAIL, updated_at: now }).execute();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

describe('a message', () => {
  it('is stored, then mailed to the company with Reply-To set to the visitor', async () => {
    const before = mailFiles(t.dataDir);
    const { status, body } = await post(VALID);
    expect(status).toBe(201);
    expect(body).toEqual({ message: CONTACT_SENT });
    const row = await t.db.selectFrom('contact_messages').selectAll().where('email', '=', 'ada@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ada Lovelace', subject: 'A question about lamps', message: 'Do you ship to Lisbon?\n\nThanks, Ada', read_at: null });
    const mail = await waitForMail(t.dataDir, { to: COMPANY_EMAIL, after: before });
    expect(mail.headers['reply-to']).toBe('Ada Lovelace <ada@example.com>');
    expect(mail.subject).toBe('Northwind contact form: A question about lamps');
    expect(mail.text).toContain('Do you ship to Lisbon?');
    expect(mail.text).toContain('From: Ada Lovelace <ada@example.com>');
    expect(mail.html).toContain('Ada Lovelace &lt;ada@example.com&gt;');
  });

  it('escapes what the visitor wrote in the HTML mail', async () => {
    const before = mailFiles(t.dataDir);
    expect((await post({ ...VALID, message: '<script>alert(1)</script> <b>bold</b>' })).status).toBe(201);
    const mail = await waitForMail(t.dataDir, { to: COMPANY_EMAIL, after: before });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('goes to the first admin when the company has no email address', async () => {
    await t.db.updateTable('company_settings').set({ email: '' }).execute();
    const before = mailFiles(t.dataDir);
    expect((await post({ ...VALID, subject: 'No company address' })).status).toBe(201);
    const mail = await waitForMail(t.dataDir, { to: 'admin@example.com', after: before });
    expect(mail.subject).toContain('No company address');
    await t.db.updateTable('company_settings').set({ email: COMPANY_EMAIL }).execute();
  });

  it('is still answered as sent when the mail fails, since it is stored for the admin', async () => {
    const mailer = t.deps.mailer;
    t.deps.mailer = { send: () => Promise.reject(new Error('SMTP down')) };
    try {
      const stored = await storedCount();
      expect((await post({ ...VALID, subject: 'Mail server down' })).status).toBe(201);
      expect(await storedCount()).toBe(stored + 1);
    } finally {
      t.deps.mailer = mailer;
    }
  });

  it('with the honeypot filled is answered alike, but nothing is stored or mailed', async () => {
    const stored = await storedCount();
    const before = mailFiles(t.dataDir);
    const { status, body } = await post({ ...VALID, website: 'https://spam.example' });
    expect(status).toBe(201);
    expect(body).toEqual({ message: CONTACT_SENT });
    await new Promise((r) => setTimeout(r, 200));
    expect(await storedCount()).toBe(stored);
    expect(mailFiles(t.dataDir)).toEqual(before);
  });
});

describe('refusals', () => {
  const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
    ['a missing name', { ...VALID, name: undefined }, 'name', /^Please enter your name\.$/],
    ['a blank subject', { ...VALID, subject: '   ' }, 'subject', /^Please enter a subject\.$/],
    ['an empty message', { ...VALID, message: '' }, 'message', /^Please write your message\.$/],
    ['an address of the wrong shape', { ...VALID, email: 'ada-at-example' }, 'email', /^Please enter a valid email address/],
    ['a name too long', { ...VALID, name: 'A'.repeat(201) }, 'name', /^Your name must be at most 200 characters\.$/],
    ['a message too long', { ...VALID, message: 'x'.repeat(5001) }, 'message', /^Your message must be at most 5000 characters\.$/],
    ['a number for a name', { ...VALID, name: 42 }, 'name', /^Please enter your name\.$/],
    // Header injection (security.md R16): no line break may reach a header.
    ['a line break in the name', { ...VALID, name: 'Ada\r\nBcc: victim@example.com' }, 'name', /must be on one line/],
    ['a line break in the subject', { ...VALID, subject: 'Hi\nBcc: victim@example.com' }, 'subject', /must be on one line/],
    ['a line break in the email', { ...VALID, email: 'ada@example.com\r\nBcc: victim@example.com' }, 'email', /must be on one line/],
  ];
  it.each(cases)('%s is a 400 naming the field with a sentence, and nothing is stored or mailed', async (_what, body, field, message) => {
    const stored = await storedCount();
    const before = mailFiles(t.dataDir);
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
    expect(answer.body.message).toMatch(message);
    expect(answer.body.message).not.toMatch(new RegExp(`^${field}:`));
    expect(await storedCount()).toBe(stored);
    expect(mailFiles(t.dataDir)).toEqual(before);
  });

  it('a body that is not a JSON object is a 400', async () => {
    const res = await t.request('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1,2]' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/\.$/);
  });
});

describe('the rate limit', () => {
  it(`allows ${CONTACT_LIMIT.limit} messages per address in ten minutes, then answers 429 with a sentence and Retry-After`, async () => {
    const limited = await createTestApp();
    try {
      for (let i = 0; i < CONTACT_LIMIT.limit; i++) expect((await post({ ...VALID, subject: `Try ${i}` }, limited)).status).toBe(201);
      const refused = await post({ ...VALID, subject: 'One too many' }, limited);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(CONTACT_TOO_MANY);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await storedCount(limited)).toBe(CONTACT_LIMIT.limit);
    } finally {
      await limited.close();
    }
  });
});

describe('the admin read', () => {
  it('is admin-only', async () => {
    expect((await t.request('/api/admin/contact-messages')).status).toBe(401);
    const customer = await t.customerToken('cid');
    expect((await t.request('/api/admin/contact-messages', { headers: { authorization: `Bearer ${customer}` } })).status).toBe(403);
  });

  it('lists the messages newest first, paged, never cached', async () => {
    const res = await t.request('/api/admin/contact-messages?pageSize=2', { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = (await res.json()) as ContactMessagePage;
    expect(page.total).toBe(await storedCount());
    expect(page.results).toHaveLength(2);
    expect(page.results[0]!.createdAt >= page.results[1]!.createdAt).toBe(true);
    expect(page.results[0]).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', readAt: null });
    const bad = await t.request('/api/admin/contact-messages?pageSize=1000', { headers: { authorization: `Bearer ${admin}` } });
    expect(bad.status).toBe(400);
  });
});

it('the outbox parser sees every mail whole', () => {
  for (const file of mailFiles(t.dataDir)) expect(parseMail(t.dataDir, file).to).not.toBe('');
});
