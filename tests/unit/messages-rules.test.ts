/** The pure rules of conversations: input checks, previews, times, list order, the mails, the screens' state. */
import { assert, describe, expect, it } from 'vitest';
import {
  INITIAL_MESSAGES_QUERY,
  isFiltered,
  messagesQueryReducer,
  parseStatusFilter,
  senderKind,
  unreadLabel,
} from '../../src/components/admin/messages/messages-list.ts';
import { messagesLinkLabel } from '../../src/components/admin/messages/unread-count.ts';
import {
  messageTime,
  searchWithThread,
  threadIdFrom,
  withSummary,
} from '../../src/components/messages/messages-view.ts';
import type { MailBrand } from '../../src/server/mail/layout.ts';
import { contactMail } from '../../src/server/modules/contact/contact-mail.ts';
import { replyMail } from '../../src/server/modules/messages/messages-mail.ts';
import { timeAfter } from '../../src/server/modules/messages/messages.repository.ts';
import { defaultSubject, previewOf, type ConversationSummary } from '../../src/shared/messages.ts';
import { checkContactField } from '../../src/shared/schemas/contact.ts';
import {
  AdminMessagesQuery,
  checkNewMessage,
  checkReply,
  ConversationChange,
  isBlankMessage,
} from '../../src/shared/schemas/messages.ts';

describe('previewOf', () => {
  it('puts the message on one line', () => expect(previewOf('  Hello\n\nthere\tyou  ')).toBe('Hello there you'));
  it('keeps a text of the limit whole and cuts a longer one with an ellipsis', () => {
    expect(previewOf('x'.repeat(140))).toBe('x'.repeat(140));
    const cut = previewOf('word '.repeat(100));
    expect(Array.from(cut).length).toBeLessThanOrEqual(140);
    expect(cut.endsWith('word…') || cut.endsWith('wor…') || cut.endsWith('…')).toBe(true);
    expect(cut).not.toMatch(/ …$/);
  });
  it('counts characters, not UTF-16 units', () => expect(Array.from(previewOf('😀'.repeat(200))).length).toBe(140));
});

describe('defaultSubject', () => {
  it('names the first name, or a customer', () => {
    expect(defaultSubject('Carol')).toBe('Message from Carol');
    expect(defaultSubject('  ')).toBe('Message from a customer');
  });
});

describe('checkNewMessage', () => {
  it('trims the message and keeps only message, subject and conversationId (senderId, receiverId, userId ignored)', () => {
    expect(
      checkNewMessage({
        message: ' Hi\r\nthere ',
        subject: ' Parcel ',
        conversationId: 'abc',
        senderId: 'u1',
        receiverId: 'u2',
        userId: 'u3',
      }),
    ).toEqual({
      ok: true,
      value: { message: 'Hi\nthere', subject: 'Parcel', conversationId: 'abc' },
    });
  });
  it('leaves a blank or missing subject and an empty thread id out', () => {
    expect(checkNewMessage({ message: 'Hi', subject: '  ', conversationId: '' })).toEqual({
      ok: true,
      value: { message: 'Hi' },
    });
    expect(checkNewMessage({ message: 'Hi', subject: null, conversationId: null })).toEqual({
      ok: true,
      value: { message: 'Hi' },
    });
  });
  it.each([
    [{ message: '' }, 'message', 'Please write your message.'],
    [{ message: ' \n ' }, 'message', 'Please write your message.'],
    [{}, 'message', 'Please write your message.'],
    [{ message: 'x'.repeat(5001) }, 'message', 'Your message must be at most 5000 characters.'],
    [{ message: 'bell\u0007' }, 'message', 'Your message contains characters that cannot be sent.'],
    [{ message: 'Hi', subject: 'a\nb' }, 'subject', 'The subject must be on one line, without special characters.'],
    [{ message: 'Hi', subject: 7 }, 'subject', 'Please enter a subject.'],
    [
      { message: 'Hi', conversationId: 7 },
      'conversationId',
      'The conversation could not be found. Please reload the page.',
    ],
  ])('refuses %j on %s with a sentence', (body, field, message) => {
    expect(checkNewMessage(body)).toEqual({ ok: false, field, message });
  });
  it('refuses a body that is not an object', () =>
    expect(checkNewMessage(['Hi'])).toMatchObject({ ok: false, field: 'body' }));
});

describe('checkReply and isBlankMessage', () => {
  it('accepts a reply and refuses a blank one', () => {
    expect(checkReply({ message: ' Thanks ' })).toEqual({ ok: true, value: { message: 'Thanks' } });
    expect(checkReply({ message: '\t' })).toMatchObject({ ok: false, field: 'message' });
    expect(checkReply(null)).toMatchObject({ ok: false, field: 'body' });
  });
  it.each([
    ['', true],
    ['  \n', true],
    [' a ', false],
  ])('%j blank: %s', (text, blank) => expect(isBlankMessage(text)).toBe(blank));
  it('checkContactField answers one field like the form', () => {
    expect(checkContactField('email', ' a@b.co ')).toEqual({ ok: true, value: 'a@b.co' });
    expect(checkContactField('name', '')).toEqual({ ok: false, field: 'name', message: 'Please enter your name.' });
  });
});

describe('AdminMessagesQuery', () => {
  it('defaults to all statuses, page 1 of 20', () => {
    expect(AdminMessagesQuery.parse({})).toEqual({ status: 'all', q: '', page: 1, pageSize: 20 });
    expect(AdminMessagesQuery.parse({ status: '', q: ' ada ', page: '2' })).toEqual({
      status: 'all',
      q: 'ada',
      page: 2,
      pageSize: 20,
    });
  });
  it.each([{ status: 'archived' }, { page: '0' }, { page: 'x' }, { pageSize: '101' }, { q: 'x'.repeat(201) }])(
    'refuses %j',
    (query) => {
      expect(AdminMessagesQuery.safeParse(query).success).toBe(false);
    },
  );
});

describe('ConversationChange', () => {
  it('takes a status, a block, or both', () => {
    expect(ConversationChange.parse({ status: 'closed' })).toEqual({ status: 'closed' });
    expect(ConversationChange.parse({ blocked: false })).toEqual({ blocked: false });
  });
  it.each([{}, { status: 'archived' }, { blocked: 'yes' }, { status: null }])('refuses %j', (body) =>
    expect(ConversationChange.safeParse(body).success).toBe(false),
  );
});

describe('timeAfter', () => {
  const now = new Date('2026-11-24T12:00:00.000Z');
  it('is now when the last message is older', () =>
    expect(timeAfter('2026-11-24T11:00:00.000Z', now)).toBe(now.toISOString()));
  it('is a millisecond past the last one when that is not older (same millisecond, or a clock that went back)', () => {
    expect(timeAfter('2026-11-24T12:00:00.000Z', now)).toBe('2026-11-24T12:00:00.001Z');
    expect(timeAfter('2026-11-24T12:05:00.000Z', now)).toBe('2026-11-24T12:05:00.001Z');
  });
  it('is now for a last time that cannot be read', () => expect(timeAfter('yesterday', now)).toBe(now.toISOString()));
});

const BRAND: MailBrand = { name: 'Northwind', logoUrl: null, primaryColor: '#0091ea' };

describe('replyMail', () => {
  const input = {
    name: 'Ada <x>',
    to: 'ada@example.com',
    subject: 'Lamps & more',
    body: 'Yes <b>we</b> do.\n\nBye',
    hasAccount: true,
    replyTo: 'hello@northwind.example',
  };
  it('links an account holder to /messages, escapes everything in HTML, and sets Reply-To to the company', () => {
    const mail = replyMail(BRAND, input, 'https://shop.example');
    expect(mail.subject).toBe('Northwind: Re: Lamps & more');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.replyTo).toEqual({ name: 'Northwind', address: 'hello@northwind.example' });
    expect(mail.text).toContain('Yes <b>we</b> do.');
    expect(mail.text).toContain('https://shop.example/messages');
    expect(mail.html).toContain('Yes &lt;b&gt;we&lt;/b&gt; do.');
    expect(mail.html).toContain('Hello Ada &lt;x&gt;,');
    expect(mail.html).not.toContain('<b>we</b>');
  });
  it('gives a guest no link, and no Reply-To when the company has no address', () => {
    const mail = replyMail(BRAND, { ...input, hasAccount: false, replyTo: undefined }, 'https://shop.example');
    expect(mail.text).not.toContain('/messages');
    expect(mail.replyTo).toBeUndefined();
  });
});

describe('contactMail', () => {
  const input = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' };
  it('names where the message was written', () => {
    expect(contactMail(BRAND, 'co@example.com', input, 'https://s.example').subject).toBe('Northwind contact form: Hi');
    const account = contactMail(BRAND, 'co@example.com', input, 'https://s.example', 'account');
    expect(account.subject).toBe('Northwind message: Hi');
    expect(account.text).toContain('https://s.example/admin/messages');
  });
});

const summary = (id: string, at: string): ConversationSummary => ({
  _id: id,
  subject: id,
  status: 'open',
  source: 'account',
  lastMessageAt: at,
  createdAt: at,
  unread: 0,
  preview: '',
  lastAuthor: 'visitor',
});

describe('withSummary', () => {
  it('replaces a thread by id and keeps newest activity first', () => {
    const list = [summary('a', '2026-11-24T10:00:00Z'), summary('b', '2026-11-24T09:00:00Z')];
    expect(withSummary(list, summary('b', '2026-11-24T11:00:00Z')).map((c) => c._id)).toEqual(['b', 'a']);
    expect(withSummary(list, summary('c', '2026-11-24T09:30:00Z')).map((c) => c._id)).toEqual(['a', 'c', 'b']);
    const [first] = list;
    assert(first, 'the first thread');
    expect(withSummary(list, { ...first, unread: 0 })).toHaveLength(2);
  });
});

describe('messageTime', () => {
  const now = new Date('2026-11-24T18:00:00Z');
  it.each([
    ['2026-11-24T15:05:00Z', {}, '3:05 PM'],
    ['2026-11-24T00:30:00Z', {}, '12:30 AM'],
    ['2026-11-22T15:05:00Z', {}, 'Nov 22, 3:05 PM'],
    ['2026-11-22T15:05:00Z', { short: true }, 'Nov 22'],
    ['2025-01-02T15:05:00Z', {}, 'Jan 2, 2025'],
    ['not a time', {}, ''],
  ])('%s %j → %s', (iso, options, text) => expect(messageTime(iso, { now, utc: true, ...options })).toBe(text));
});

describe('the open thread in the URL', () => {
  it('reads a plausible id only', () => {
    expect(threadIdFrom('?id=3f2a-b_9')).toBe('3f2a-b_9');
    expect(threadIdFrom('?id=<script>')).toBeNull();
    expect(threadIdFrom('')).toBeNull();
  });
  it('sets and removes it, keeping other parameters', () => {
    expect(searchWithThread('?x=1', 'abc')).toBe('?x=1&id=abc');
    expect(searchWithThread('?id=abc&x=1', null)).toBe('?x=1');
    expect(searchWithThread('?id=abc', null)).toBe('');
  });
});

describe('the admin list query', () => {
  it('starts on open threads; a new filter goes back to page 1; reset keeps the page size', () => {
    const paged = messagesQueryReducer(INITIAL_MESSAGES_QUERY, { type: 'page', page: 3 });
    expect(paged.page).toBe(3);
    expect(messagesQueryReducer(paged, { type: 'status', status: 'all' })).toMatchObject({ status: 'all', page: 1 });
    expect(messagesQueryReducer(paged, { type: 'search', q: 'ada' })).toMatchObject({ q: 'ada', page: 1 });
    expect(messagesQueryReducer(paged, { type: 'search', q: '' })).toBe(paged);
    expect(messagesQueryReducer({ ...paged, pageSize: 50, q: 'x' }, { type: 'reset' })).toEqual({
      ...INITIAL_MESSAGES_QUERY,
      pageSize: 50,
    });
    expect(messagesQueryReducer(paged, { type: 'page', page: -2 }).page).toBe(1);
  });
  it('is filtered when searching or not on open', () => {
    expect(isFiltered(INITIAL_MESSAGES_QUERY)).toBe(false);
    expect(isFiltered({ ...INITIAL_MESSAGES_QUERY, status: 'all' })).toBe(true);
    expect(isFiltered({ ...INITIAL_MESSAGES_QUERY, q: 'a' })).toBe(true);
  });
  it.each([
    ['open', 'open'],
    ['closed', 'closed'],
    ['all', 'all'],
    ['archived', 'all'],
    ['', 'all'],
  ])('parses %j as %s', (value, status) => expect(parseStatusFilter(value)).toBe(status));
  it('labels senders, unread counts and the top bar link', () => {
    expect(senderKind({ userId: 'u1' })).toBe('Customer account');
    expect(senderKind({ userId: null })).toBe('Guest (contact form)');
    expect([unreadLabel(0), unreadLabel(1), unreadLabel(3)]).toEqual(['', '1 unread message', '3 unread messages']);
    expect([messagesLinkLabel(null), messagesLinkLabel(0), messagesLinkLabel(4)]).toEqual([
      'Messages',
      'Messages',
      'Messages (4 unread)',
    ]);
  });
});
