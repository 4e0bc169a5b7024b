/**
 * POST /api/contact with the real app, database and outbox: a message starts a conversation
 * (its first visitor message), then is mailed to the company with Reply-To set to the visitor; a filled honeypot is
 * answered alike and leaves nothing; refusals are sentences naming their field; an address sending too many is told to
 * wait; a blocked address is refused; a guest's address is limited too; signed in, the thread is the account's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMIT } from '../../src/server/modules/contact/contact.routes.ts';
import { GUEST_EMAIL_LIMIT } from '../../src/server/modules/messages/messages-limits.ts';
import type { ConversationList } from '../../src/shared/messages.ts';
import { CONTACT_SENT, CONTACT_TOO_MANY, SENDER_BLOCKED } from '../../src/shared/schemas/contact.ts';
import { mailFiles, parseMail, waitForMail } from '../helpers/outbox.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const COMPANY_EMAIL = 'hello@northwind.example';
const VALID = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'A question about lamps',
  message: 'Do you ship to Lisbon?\n\nThanks, Ada',
  website: '',
};

let t: TestApp;
let admin: string;

async function post(body: unknown, app: TestApp = t, token?: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  const res = await app.request('/api/contact', { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { message: string; field?: string } };
}
const storedCount = async (app: TestApp = t) =>
  (await app.db.selectFrom('conversation_messages').select('id').execute()).length;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'off' } });
  return () => t.close();
});
beforeAll(async () => {
  const now = new Date().toISOString();
  await t.db
    .insertInto('company_settings')
    .values({ id: 1, public_id: 'c1', name: 'Northwind', email: COMPANY_EMAIL, updated_at: now })
    .execute();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});

describe('a message', () => {
  it('starts a guest conversation with it as the first visitor message, then is mailed to the company with Reply-To set to the visitor', async () => {
    const before = mailFiles(t.dataDir);
    const { status, body } = await post(VALID);
    expect(status).toBe(201);
    expect(body).toEqual({ message: CONTACT_SENT });
    const row = await t.db
      .selectFrom('conversations')
      .selectAll()
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      subject: 'A question about lamps',
      source: 'contact',
      status: 'open',
      user_id: null,
      admin_unread: 1,
      visitor_unread: 0,
    });
    const messages = await t.db
      .selectFrom('conversation_messages')
      .selectAll()
      .where('conversation_id', '=', row.id)
      .execute();
    expect(messages).toEqual([
      expect.objectContaining({ author: 'visitor', author_id: null, body: 'Do you ship to Lisbon?\n\nThanks, Ada' }),
    ]);
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
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['a missing name', { ...VALID, name: undefined }, 'name', /^Please enter your name\.$/],
    ['a blank subject', { ...VALID, subject: '   ' }, 'subject', /^Please enter a subject\.$/],
    ['an empty message', { ...VALID, message: '' }, 'message', /^Please write your message\.$/],
    [
      'an address of the wrong shape',
      { ...VALID, email: 'ada-at-example' },
      'email',
      /^Please enter a valid email address/,
    ],
    ['a name too long', { ...VALID, name: 'A'.repeat(201) }, 'name', /^Your name must be at most 200 characters\.$/],
    [
      'a message too long',
      { ...VALID, message: 'x'.repeat(5001) },
      'message',
      /^Your message must be at most 5000 characters\.$/,
    ],
    ['a number for a name', { ...VALID, name: 42 }, 'name', /^Please enter your name\.$/],
    // Header injection (security.md R16): no line break may reach a header.
    ['a line break in the name', { ...VALID, name: 'Ada\r\nBcc: victim@example.com' }, 'name', /must be on one line/],
    [
      'a line break in the subject',
      { ...VALID, subject: 'Hi\nBcc: victim@example.com' },
      'subject',
      /must be on one line/,
    ],
    [
      'a line break in the email',
      { ...VALID, email: 'ada@example.com\r\nBcc: victim@example.com' },
      'email',
      /must be on one line/,
    ],
  ];
  it.each(cases)(
    '%s is a 400 naming the field with a sentence, and nothing is stored or mailed',
    async (_what, body, field, message) => {
      const stored = await storedCount();
      const before = mailFiles(t.dataDir);
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe(field);
      expect(answer.body.message).toMatch(message);
      expect(answer.body.message).not.toMatch(new RegExp(`^${field}:`));
      expect(await storedCount()).toBe(stored);
      expect(mailFiles(t.dataDir)).toEqual(before);
    },
  );

  it('a body that is not a JSON object is a 400', async () => {
    const res = await t.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[1,2]',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/\.$/);
  });
});

describe('the rate limit', () => {
  it(`allows ${CONTACT_LIMIT.limit} messages per address in ten minutes, then answers 429 with a sentence and Retry-After`, async () => {
    const limited = await createTestApp();
    try {
      // A new address each time: one address alone meets its own (smaller) limit first.
      for (let i = 0; i < CONTACT_LIMIT.limit; i++)
        expect((await post({ ...VALID, email: `ada${i}@example.com`, subject: `Try ${i}` }, limited)).status).toBe(201);
      const refused = await post({ ...VALID, email: 'ada-last@example.com', subject: 'One too many' }, limited);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(CONTACT_TOO_MANY);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await storedCount(limited)).toBe(CONTACT_LIMIT.limit);
    } finally {
      await limited.close();
    }
  });
});

describe('signed in', () => {
  it('the conversation belongs to the account, so its reply is read at /messages', async () => {
    const token = await t.customerToken('contactor');
    expect((await post({ ...VALID, subject: 'Signed-in question' }, t, token)).status).toBe(201);
    const row = await t.db
      .selectFrom('conversations')
      .select(['user_id', 'source'])
      .where('subject', '=', 'Signed-in question')
      .executeTakeFirstOrThrow();
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'contactor')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: user.id, source: 'contact' });
    const list = (await (
      await t.request('/api/messages', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as ConversationList;
    expect(list.results.map((c) => c.subject)).toEqual(['Signed-in question']);
  });
});

describe('blocked and unknown senders', () => {
  it('a blocked address (any case) is refused with a 403 sentence, and nothing is stored or mailed', async () => {
    await t.db
      .insertInto('blocked_senders')
      .values({ email: 'spammer@example.com', blocked_by: null, created_at: new Date().toISOString() })
      .execute();
    const stored = await storedCount();
    const before = mailFiles(t.dataDir);
    const answer = await post({ ...VALID, email: 'Spammer@Example.com' });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(SENDER_BLOCKED);
    expect(await storedCount()).toBe(stored);
    expect(mailFiles(t.dataDir)).toEqual(before);
  });

  it(`a guest's address may send ${GUEST_EMAIL_LIMIT.limit} messages an hour, then is told to wait (another address still may)`, async () => {
    const limited = await createTestApp();
    try {
      for (let i = 0; i < GUEST_EMAIL_LIMIT.limit; i++)
        expect((await post({ ...VALID, email: 'guest@example.com', subject: `Try ${i}` }, limited)).status).toBe(201);
      const refused = await post({ ...VALID, email: 'GUEST@example.com', subject: 'One too many' }, limited);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(CONTACT_TOO_MANY);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await storedCount(limited)).toBe(GUEST_EMAIL_LIMIT.limit);
      expect((await post({ ...VALID, email: 'other@example.com' }, limited)).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('the admin read', () => {
  it('is the admin messages API now: the old contact-messages route is gone', async () => {
    expect(
      (await t.request('/api/admin/contact-messages', { headers: { authorization: `Bearer ${admin}` } })).status,
    ).toBe(404);
    const res = await t.request('/api/admin/messages?q=lisbon', { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { results: { email: string; adminUnread: number }[] };
    expect(page.results.length).toBeGreaterThan(0);
    for (const row of page.results) expect(row).toMatchObject({ email: 'ada@example.com', adminUnread: 1 });
  });
});

it('the outbox parser sees every mail whole', () => {
  for (const file of mailFiles(t.dataDir)) expect(parseMail(t.dataDir, file).to).not.toBe('');
});
