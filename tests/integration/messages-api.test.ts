/**
 * Conversations with the company with the real app, database and outbox: a signed-in visitor's own
 * threads only (the caller from the session, never from the query or body), blank messages refused, blocked senders
 * refused with nothing stored, the admin's list, unread count, read, reply (mailed), close/reopen and block.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_USER_LIMIT } from '../../src/server/modules/messages/messages-limits.ts';
import type {
  AdminConversationPage,
  AdminConversationThread,
  ConversationList,
  ConversationThread,
} from '../../src/shared/messages.ts';
import { CONTACT_TOO_MANY, SENDER_BLOCKED } from '../../src/shared/schemas/contact.ts';
import { type Answer, jsonClient } from '../helpers/json-client.ts';
import { mailFiles, waitForMail } from '../helpers/outbox.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const COMPANY_EMAIL = 'hello@northwind.example';

let t: TestApp;
let admin: string;
let carol: string;
let dave: string;
let carolId: string;

/** A JSON call to `app` as `token` (none when undefined); a string body is sent as it is. */
function call<T = { message: string; field?: string }>(
  method: string,
  path: string,
  token?: string,
  body?: object | string,
  app: TestApp = t,
): Promise<Answer<T>> {
  return jsonClient((target, init) => app.request(target, init))<T>(method, path, { token, body });
}
const send = (token: string, body: object | string, app: TestApp = t) =>
  call<ConversationThread & { message: string; field?: string }>('POST', '/api/messages', token, body, app);
const messageCount = async () => (await t.db.selectFrom('conversation_messages').select('id').execute()).length;
const conversation = (id: string) =>
  t.db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

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
  carol = await t.customerToken('carol');
  dave = await t.customerToken('dave');
  carolId = (await t.db.selectFrom('users').select('id').where('username', '=', 'carol').executeTakeFirstOrThrow()).id;
});

describe('a visitor writing', () => {
  it('needs a session for every call', async () => {
    expect((await call('GET', '/api/messages')).status).toBe(401);
    expect((await call('GET', '/api/messages/some-id')).status).toBe(401);
    expect((await call('POST', '/api/messages', undefined, { message: 'Hi' })).status).toBe(401);
  });

  it('starts a thread with a default subject and the name and address of the account, and the company is mailed', async () => {
    const before = mailFiles(t.dataDir);
    const stranger = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'dave')
      .executeTakeFirstOrThrow();
    // The spec's placeholder fields are ignored: the sender is the session's user, whatever the body says.
    const { status, body } = await send(carol, {
      message: '  Where is my parcel?  ',
      senderId: stranger.id,
      receiverId: 'x',
      userId: stranger.id,
    });
    expect(status).toBe(201);
    expect(body.conversation).toMatchObject({
      subject: 'Message from Carol',
      status: 'open',
      source: 'account',
      unread: 0,
      preview: 'Where is my parcel?',
      lastAuthor: 'visitor',
    });
    expect(body.messages).toEqual([expect.objectContaining({ author: 'visitor', body: 'Where is my parcel?' })]);
    const row = await conversation(body.conversation._id);
    expect(row).toMatchObject({
      user_id: carolId,
      name: 'Carol Customer',
      email: 'carol@example.com',
      admin_unread: 1,
      visitor_unread: 0,
    });
    const mail = await waitForMail(t.dataDir, { to: COMPANY_EMAIL, after: before });
    expect(mail.subject).toBe('Northwind message: Message from Carol');
    expect(mail.headers['reply-to']).toBe('Carol Customer <carol@example.com>');
    expect(mail.text).toContain('Where is my parcel?');
  });

  it('uses the subject given, answers in its own thread (201 new, 200 answer) and lists its threads newest first', async () => {
    const first = await send(carol, { subject: 'Returns', message: 'Can I return a lamp?' });
    expect(first.status).toBe(201);
    const id = first.body.conversation._id;
    const answer = await send(carol, {
      conversationId: id,
      message: 'It is the blue one.',
      subject: 'ignored for an answer',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.conversation).toMatchObject({ _id: id, subject: 'Returns', preview: 'It is the blue one.' });
    expect(answer.body.messages.map((m) => m.body)).toEqual(['Can I return a lamp?', 'It is the blue one.']);
    expect((await conversation(id)).admin_unread).toBe(2);
    const list = await call<ConversationList>('GET', '/api/messages', carol);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body.results.map((c) => c.subject)).toEqual(['Returns', 'Message from Carol']);
  });

  it('cuts a long preview at 140 characters', async () => {
    const { body } = await send(carol, { subject: 'Long one', message: 'word '.repeat(200) });
    expect(Array.from(body.conversation.preview).length).toBeLessThanOrEqual(140);
    expect(body.conversation.preview.endsWith('…')).toBe(true);
  });

  it.each([
    ['an empty message', { message: '' }, 'message'],
    ['a blank message', { message: ' \n\t ' }, 'message'],
    ['no message', { subject: 'Hello' }, 'message'],
    ['a message too long', { message: 'x'.repeat(5001) }, 'message'],
    ['a number for a message', { message: 5 }, 'message'],
    ['a subject on two lines', { message: 'Hi', subject: 'a\nBcc: x@y.z' }, 'subject'],
  ])('refuses %s with a 400 sentence naming the field, and stores nothing', async (_what, body, field) => {
    const stored = await messageCount();
    const answer = await send(carol, body);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
    expect(answer.body.message).toMatch(/^[A-Z].*\.$/);
    expect(await messageCount()).toBe(stored);
  });

  it('refuses a body that is not a JSON object', async () => {
    expect((await send(carol, '[1]')).status).toBe(400);
    expect((await send(carol, 'not json')).status).toBe(400);
  });
});

describe("another customer's threads", () => {
  let carolThread: string;
  beforeAll(async () => {
    carolThread = (await send(carol, { subject: 'Private', message: 'Only for Carol' })).body.conversation._id;
  });

  it('never show in their list, whatever userId the query names', async () => {
    const list = await call<ConversationList>('GET', `/api/messages?userId=${carolId}`, dave);
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual([]);
  });

  it('are not found when read or answered (404, never 403), and nothing is stored', async () => {
    const read = await call('GET', `/api/messages/${carolThread}`, dave);
    expect(read.status).toBe(404);
    expect(read.body.message).toBe('Conversation not found');
    const stored = await messageCount();
    const answer = await send(dave, { conversationId: carolThread, message: 'Sneaky' });
    expect(answer.status).toBe(404);
    expect(await messageCount()).toBe(stored);
    expect((await call('GET', `/api/messages/${'x'.repeat(500)}`, dave)).status).toBe(404);
    expect((await send(dave, { conversationId: 'no-such-thread', message: 'Hi' })).status).toBe(404);
  });
});

describe('the admin side', () => {
  let thread: string;
  beforeAll(async () => {
    thread = (await send(carol, { subject: 'Admin flow', message: 'Hello <b>company</b>' })).body.conversation._id;
  });

  it('is admin-only: 401 for a guest, 403 for a customer', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/messages'],
      ['GET', '/api/admin/messages/unread'],
      ['GET', `/api/admin/messages/${thread}`],
      ['POST', `/api/admin/messages/${thread}/reply`],
      ['PATCH', `/api/admin/messages/${thread}`],
    ] as const) {
      expect(
        (await call(method, path, undefined, method === 'GET' ? undefined : { message: 'x', status: 'closed' })).status,
        path,
      ).toBe(401);
      expect(
        (await call(method, path, carol, method === 'GET' ? undefined : { message: 'x', status: 'closed' })).status,
        path,
      ).toBe(403);
    }
  });

  it('lists threads unread first with the sender, whether they have an account, and counts the unread ones', async () => {
    const list = await call<AdminConversationPage>('GET', '/api/admin/messages?pageSize=100', admin);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const row = list.body.results.find((c) => c._id === thread);
    expect(row).toMatchObject({
      name: 'Carol Customer',
      email: 'carol@example.com',
      userId: carolId,
      adminUnread: 1,
      blocked: false,
      subject: 'Admin flow',
    });
    const unreadFlags = list.body.results.map((c) => c.adminUnread > 0);
    expect(unreadFlags).toEqual([...unreadFlags].sort((a, b) => Number(b) - Number(a)));
    const unread = await call<{ conversations: number }>('GET', '/api/admin/messages/unread', admin);
    expect(unread.body.conversations).toBe(unreadFlags.filter(Boolean).length);
  });

  it('searches subject, sender and text, filters by status, and refuses a malformed query', async () => {
    const found = await call<AdminConversationPage>('GET', '/api/admin/messages?q=COMPANY%3C%2Fb', admin);
    expect(found.body.results.map((c) => c._id)).toEqual([thread]);
    expect((await call<AdminConversationPage>('GET', '/api/admin/messages?q=100%25', admin)).body.total).toBe(0);
    expect((await call<AdminConversationPage>('GET', '/api/admin/messages?status=closed', admin)).body.total).toBe(0);
    for (const query of ['page=0', 'page=abc', 'pageSize=1000', 'status=archived', `q=${'x'.repeat(201)}`]) {
      const bad = await call('GET', `/api/admin/messages?${query}`, admin);
      expect(bad.status, query).toBe(400);
      expect(bad.body.field).toBeTruthy();
    }
  });

  it('reading a thread marks it read for the company, and the unread count falls', async () => {
    const before = (await call<{ conversations: number }>('GET', '/api/admin/messages/unread', admin)).body
      .conversations;
    const read = await call<AdminConversationThread>('GET', `/api/admin/messages/${thread}`, admin);
    expect(read.status).toBe(200);
    expect(read.body.messages.map((m) => m.body)).toEqual(['Hello <b>company</b>']);
    expect(read.body.conversation.adminUnread).toBe(0);
    expect((await conversation(thread)).admin_unread).toBe(0);
    expect((await call<{ conversations: number }>('GET', '/api/admin/messages/unread', admin)).body.conversations).toBe(
      before - 1,
    );
  });

  it('a reply is stored as the company, unread for the visitor, audited and mailed with a link to /messages', async () => {
    const before = mailFiles(t.dataDir);
    const reply = await call<AdminConversationThread & { message: string }>(
      'POST',
      `/api/admin/messages/${thread}/reply`,
      admin,
      { message: 'Thanks <Carol> & welcome.\n\nSecond paragraph.' },
    );
    expect(reply.status).toBe(201);
    expect(reply.body.messages.at(-1)).toMatchObject({
      author: 'company',
      body: 'Thanks <Carol> & welcome.\n\nSecond paragraph.',
    });
    const adminRow = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const stored = await t.db
      .selectFrom('conversation_messages')
      .selectAll()
      .where('conversation_id', '=', thread)
      .where('author', '=', 'company')
      .executeTakeFirstOrThrow();
    expect(stored.author_id).toBe(adminRow.id);
    expect((await conversation(thread)).visitor_unread).toBe(1);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('target_id', '=', thread).execute();
    expect(audit.map((a) => a.action)).toEqual(['conversation.reply']);

    const mail = await waitForMail(t.dataDir, { to: 'carol@example.com', after: before });
    expect(mail.subject).toBe('Northwind: Re: Admin flow');
    expect(mail.text).toContain('Thanks <Carol> & welcome.');
    expect(mail.text).toContain(`${t.env.SITE_URL}/messages`);
    expect(mail.html).toContain('Thanks &lt;Carol&gt; &amp; welcome.');
    expect(mail.html).not.toContain('<Carol>');
    expect(mail.headers['reply-to']).toContain(COMPANY_EMAIL);

    const list = await call<ConversationList>('GET', '/api/messages', carol);
    expect(list.body.results.find((c) => c._id === thread)).toMatchObject({
      unread: 1,
      lastAuthor: 'company',
      preview: 'Thanks <Carol> & welcome. Second paragraph.',
    });
    const read = await call<ConversationThread>('GET', `/api/messages/${thread}`, carol);
    expect(read.body.conversation.unread).toBe(0);
    expect((await conversation(thread)).visitor_unread).toBe(0);
  });

  it("a guest's thread is answered by mail only, without a link to /messages", async () => {
    await t.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Gus Guest',
        email: 'gus@example.com',
        subject: 'Guest asks',
        message: 'Open on Sunday?',
      }),
    });
    const row = await t.db
      .selectFrom('conversations')
      .select('id')
      .where('email', '=', 'gus@example.com')
      .executeTakeFirstOrThrow();
    const before = mailFiles(t.dataDir);
    expect(
      (await call('POST', `/api/admin/messages/${row.id}/reply`, admin, { message: 'Yes, from ten.' })).status,
    ).toBe(201);
    const mail = await waitForMail(t.dataDir, { to: 'gus@example.com', after: before });
    expect(mail.text).toContain('Yes, from ten.');
    expect(mail.text).not.toContain('/messages');
    const listed = await call<AdminConversationPage>('GET', '/api/admin/messages?q=gus%40example.com', admin);
    expect(listed.body.results[0]).toMatchObject({ userId: null, source: 'contact', name: 'Gus Guest' });
  });

  it('closes and reopens a thread; a visitor message or a reply reopens a closed one', async () => {
    const closed = await call<AdminConversationThread>('PATCH', `/api/admin/messages/${thread}`, admin, {
      status: 'closed',
    });
    expect(closed.status).toBe(200);
    expect(closed.body.conversation.status).toBe('closed');
    expect(
      (await call<AdminConversationPage>('GET', '/api/admin/messages?status=closed', admin)).body.results.map(
        (c) => c._id,
      ),
    ).toEqual([thread]);
    expect(
      (
        await call<AdminConversationPage>('GET', '/api/admin/messages?status=open&pageSize=100', admin)
      ).body.results.map((c) => c._id),
    ).not.toContain(thread);
    const answered = await send(carol, { conversationId: thread, message: 'One more thing.' });
    expect(answered.body.conversation.status).toBe('open');
    await call('PATCH', `/api/admin/messages/${thread}`, admin, { status: 'closed' });
    expect(
      (
        await call<AdminConversationThread>('POST', `/api/admin/messages/${thread}/reply`, admin, {
          message: 'Reopened by a reply.',
        })
      ).body.conversation.status,
    ).toBe('open');
    const audit = await t.db.selectFrom('audit_log').select('action').where('target_id', '=', thread).execute();
    expect(audit.filter((a) => a.action === 'conversation.update')).toHaveLength(2);
  });

  it('blocks a sender: their messages are refused on both routes with nothing stored, until unblocked', async () => {
    const blocked = await call<AdminConversationThread>('PATCH', `/api/admin/messages/${thread}`, admin, {
      blocked: true,
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body.conversation.blocked).toBe(true);
    expect(await t.db.selectFrom('blocked_senders').select(['email', 'blocked_by']).execute()).toEqual([
      { email: 'carol@example.com', blocked_by: expect.any(String) as unknown },
    ]);
    const stored = await messageCount();
    const refused = await send(carol, { conversationId: thread, message: 'Still there?' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SENDER_BLOCKED);
    const contact = await call('POST', '/api/contact', carol, {
      name: 'C',
      email: 'other-address@example.com',
      subject: 'S',
      message: 'M',
    });
    expect(contact.status).toBe(403);
    expect(await messageCount()).toBe(stored);

    const unblocked = await call<AdminConversationThread>('PATCH', `/api/admin/messages/${thread}`, admin, {
      blocked: false,
    });
    expect(unblocked.body.conversation.blocked).toBe(false);
    expect((await send(carol, { conversationId: thread, message: 'Back again.' })).status).toBe(200);
    const actions = (
      await t.db.selectFrom('audit_log').select('action').where('target_type', '=', 'sender').execute()
    ).map((a) => a.action);
    expect(actions).toEqual(['sender.block', 'sender.unblock']);
  });

  it('answers 404 for an unknown id and 400 for malformed input, never a 500', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { message: 'Hi' }],
      ['PATCH', { status: 'closed' }],
    ] as const) {
      const path = method === 'POST' ? '/api/admin/messages/no-such-id/reply' : '/api/admin/messages/no-such-id';
      const answer = await call(method, path, admin, body);
      expect(answer.status, method).toBe(404);
      expect(answer.body.message).toBe('Conversation not found');
    }
    const cases: [string, string, object | string, string][] = [
      ['POST', `/api/admin/messages/${thread}/reply`, { message: '   ' }, 'message'],
      ['POST', `/api/admin/messages/${thread}/reply`, '[]', 'body'],
      ['PATCH', `/api/admin/messages/${thread}`, {}, 'status'],
      ['PATCH', `/api/admin/messages/${thread}`, { status: 'archived' }, 'status'],
      ['PATCH', `/api/admin/messages/${thread}`, { blocked: 'yes' }, 'blocked'],
      ['PATCH', `/api/admin/messages/${thread}`, '"nope"', 'body'],
    ];
    for (const [method, path, body, field] of cases) {
      const answer = await call(method, path, admin, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.field).toBe(field);
    }
    // Not JSON at all: refused before the route reads it.
    expect((await call('PATCH', `/api/admin/messages/${thread}`, admin, 'nope')).status).toBe(400);
  });
});

describe('the per-account limit', () => {
  it(`allows ${MESSAGE_USER_LIMIT.limit} messages in ten minutes, then answers 429 with Retry-After and stores nothing`, async () => {
    const limited = await createTestApp();
    try {
      const token = await limited.customerToken('eager');
      for (let i = 0; i < MESSAGE_USER_LIMIT.limit; i++)
        expect((await send(token, { message: `Message ${i}` }, limited)).status).toBe(201);
      const refused = await send(token, { message: 'One too many' }, limited);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(CONTACT_TOO_MANY);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await limited.db.selectFrom('conversation_messages').select('id').execute()).length).toBe(
        MESSAGE_USER_LIMIT.limit,
      );
      // Another account is not held up by this one.
      expect((await send(await limited.customerToken('calm'), { message: 'Hello' }, limited)).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
