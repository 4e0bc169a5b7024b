/**
 * The webhook rules that need no server: which audited admin writes are content events, the retry schedule, what an
 * endpoint URL may look like and where it may lead, and the event list the admin's checkboxes are built from.
 */
import { describe, expect, it } from 'vitest';
import { checkWebhookChanges, checkWebhookCreate, webhookUrlProblem } from '../../src/shared/schemas/webhooks.ts';
import {
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  webhookEventLabel,
} from '../../src/shared/webhook-events.ts';
import { contentEventOf } from '../../src/server/modules/webhooks/content-events.ts';
import {
  isDelivered,
  nextAttemptAfter,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_S,
} from '../../src/server/modules/webhooks/webhook-retry.ts';
import {
  HOST_NOT_FOUND,
  isPrivateAddress,
  literalAddressRefused,
  PRIVATE_REFUSED,
  webhookDestinationProblem,
} from '../../src/server/modules/webhooks/webhook-url.ts';

describe('contentEventOf', () => {
  const write = (action: string, target: { type: string; id?: string }, summary = 'Page "About" created') => ({
    action,
    target,
    summary,
  });

  it.each([
    ['blog.create', 'blog', 'content.created'],
    ['page.create', 'page', 'content.created'],
    ['photo.create', 'photo', 'content.created'],
    ['product.update', 'product', 'content.updated'],
    ['video.update', 'video', 'content.updated'],
    ['slider.update', 'slider', 'content.updated'],
    ['plan.publish', 'plan', 'content.updated'],
    ['event.unpublish', 'event', 'content.updated'],
    ['audio.delete', 'audio', 'content.deleted'],
    ['document.delete', 'document', 'content.deleted'],
  ])('%s of a %s is %s, with the type, the id and the summary', (action, type, event) => {
    expect(contentEventOf(write(action, { type, id: 'item-1' }))).toEqual({
      event,
      data: { type, id: 'item-1', summary: 'Page "About" created' },
    });
  });

  it.each([
    ['a draft saved', write('blog.draft', { type: 'blog', id: 'b1' })],
    ['a reorder', write('slider.reorder', { type: 'slider' })],
    [
      'a comment moderated on a post (its target is the comment)',
      write('blog.update', { type: 'blog-comment', id: 'c1' }),
    ],
    ['a write naming no item', write('page.update', { type: 'page' })],
    ['a write naming an empty id', write('page.update', { type: 'page', id: '' })],
    ['the company settings', write('company.update', { type: 'company' })],
    ['an order status change (orders have their own event)', write('order.status', { type: 'order', id: 'o1' })],
    ['a user changed', write('user.update', { type: 'user', id: 'u1' })],
    ['a team member (not a content type here)', write('team.create', { type: 'team', id: 't1' })],
    ['a media file', write('media.create', { type: 'media', id: 'm1' })],
    ['a backup restored', write('backup.restore', { type: 'site' })],
    ['a webhook changed', write('webhook.update', { type: 'webhook', id: 'w1' })],
    ['an action without a verb', write('blog', { type: 'blog', id: 'b1' })],
    ['a verb that is an object key', write('blog.constructor', { type: 'blog', id: 'b1' })],
  ])('%s is no content event', (_what, audited) => {
    expect(contentEventOf(audited)).toBeNull();
  });
});

describe('the retry schedule', () => {
  const now = new Date('2026-12-10T09:00:00.000Z');
  const minutesAfter = (attempts: number) => {
    const next = nextAttemptAfter(attempts, now);
    return next && (next.getTime() - now.getTime()) / 60_000;
  };

  it('waits 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and 24 h after each failed attempt, and stops after the 8th', () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(8);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(minutesAfter)).toEqual([1, 5, 30, 120, 360, 720, 1440, null]);
    expect(nextAttemptAfter(9, now)).toBeNull();
  });

  it('grows with every attempt', () => {
    const delays = [...WEBHOOK_RETRY_DELAYS_S];
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(new Set(delays).size).toBe(delays.length);
  });

  it.each([
    [200, true],
    [204, true],
    [299, true],
    [199, false],
    [301, false],
    [302, false],
    [404, false],
    [410, false],
    [500, false],
  ])('an answer %i is delivered: %s', (status, delivered) => {
    expect(isDelivered(status)).toBe(delivered);
  });
});

describe('an endpoint URL', () => {
  it.each([
    ['https://example.com/hooks', null],
    ['http://example.com:8080/in?source=site', null],
    ['https://[2606:4700::1]/hooks', null],
    ['', 'The URL is required.'],
    ['example.com/hooks', 'The URL must be a whole web address, such as https://example.com/hooks.'],
    ['ftp://example.com/hooks', 'The URL must start with https:// or http://.'],
    ['javascript:alert(1)', 'The URL must start with https:// or http://.'],
    ['file:///etc/passwd', 'The URL must start with https:// or http://.'],
    ['https://user:pass@example.com/hooks', 'The URL must not contain a user name or password.'],
    ['https://token@example.com/hooks', 'The URL must not contain a user name or password.'],
    [`https://example.com/${'a'.repeat(2048)}`, 'The URL must be at most 2048 characters.'],
  ])('%s: %s', (url, problem) => {
    expect(webhookUrlProblem(url)).toBe(problem);
  });

  it('is refused with its field by the create and change checks, and the events must come from the list', () => {
    expect(checkWebhookCreate({ url: 'ftp://x', events: ['ping'] })).toEqual({
      ok: false,
      field: 'url',
      message: 'The URL must start with https:// or http://.',
    });
    expect(checkWebhookCreate({ url: 'https://example.com', events: [] })).toMatchObject({
      ok: false,
      field: 'events',
    });
    expect(checkWebhookCreate({ url: 'https://example.com', events: ['ping'] })).toMatchObject({
      ok: false,
      field: 'events',
    });
    expect(checkWebhookCreate({ url: 'https://example.com' })).toMatchObject({ ok: false, field: 'events' });
    expect(checkWebhookCreate({ url: ' https://example.com/in ', events: ['order.created', 'order.created'] })).toEqual(
      { ok: true, value: { url: 'https://example.com/in', description: '', events: ['order.created'] } },
    );
    expect(checkWebhookChanges({ enabled: 'yes' })).toMatchObject({ ok: false, field: 'enabled' });
    expect(checkWebhookChanges({ enabled: false })).toEqual({ ok: true, value: { enabled: false } });
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:10.0.0.1', true],
    ['64:ff9b::a9fe:a9fe', true],
    ['not an address', true],
    ['8.8.8.8', false],
    ['172.32.0.1', false],
    ['93.184.215.14', false],
    ['2606:4700:4700::1111', false],
    ['::ffff:8.8.8.8', false],
  ])('%s is not public: %s', (address, refused) => {
    expect(isPrivateAddress(address)).toBe(refused);
  });

  const resolver = (table: Record<string, string[]>) => (host: string) =>
    host in table ? Promise.resolve(table[host] ?? []) : Promise.reject(new Error('ENOTFOUND'));
  const dns = resolver({
    'hooks.example.com': ['93.184.215.14', '2606:4700:4700::1111'],
    'internal.example.com': ['10.0.0.5'],
    'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
    'empty.example.com': [],
  });

  it.each([
    ['https://hooks.example.com/in', null],
    ['https://93.184.215.14/in', null],
    ['https://internal.example.com/in', PRIVATE_REFUSED],
    ['https://mixed.example.com/in', PRIVATE_REFUSED],
    ['http://127.0.0.1:3000/in', PRIVATE_REFUSED],
    ['http://[::1]:3000/in', PRIVATE_REFUSED],
    ['http://169.254.169.254/latest/meta-data', PRIVATE_REFUSED],
    ['http://localhost:3000/in', PRIVATE_REFUSED],
    ['http://api.localhost/in', PRIVATE_REFUSED],
    // Addresses written as numbers are addresses all the same (the URL parser writes them out).
    ['http://2130706433/in', PRIVATE_REFUSED],
    ['http://0x7f.1/in', PRIVATE_REFUSED],
    ['http://[::ffff:169.254.169.254]/in', PRIVATE_REFUSED],
    ['https://nowhere.example.com/in', HOST_NOT_FOUND],
    ['https://empty.example.com/in', HOST_NOT_FOUND],
  ])('%s, private addresses refused: %s', async (url, problem) => {
    expect(await webhookDestinationProblem(url, false, dns)).toBe(problem);
  });

  it('may lead anywhere with private addresses allowed, without a lookup', async () => {
    const none = () => Promise.reject(new Error('no lookup expected'));
    expect(await webhookDestinationProblem('http://127.0.0.1:3000/in', true, none)).toBeNull();
    expect(await webhookDestinationProblem('https://internal.example.com/in', true, none)).toBeNull();
  });

  it('is refused at send time when its host is a private address itself', () => {
    expect(literalAddressRefused(new URL('http://127.0.0.1/in'))).toBe(true);
    expect(literalAddressRefused(new URL('http://[::1]/in'))).toBe(true);
    expect(literalAddressRefused(new URL('http://localhost/in'))).toBe(true);
    expect(literalAddressRefused(new URL('https://8.8.8.8/in'))).toBe(false);
    // A name is checked on the addresses the connection uses (publicOnlyLookup).
    expect(literalAddressRefused(new URL('https://hooks.example.com/in'))).toBe(false);
  });
});

describe('the event list', () => {
  it('groups every event once, each with a label; the test event is labelled but in no group', () => {
    const grouped = WEBHOOK_EVENT_GROUPS.flatMap((group) => group.events);
    expect([...grouped].sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(WEBHOOK_EVENT_GROUPS.map((group) => group.label)).toEqual(['Content', 'Orders', 'Subscribers']);
    for (const event of WEBHOOK_EVENTS) expect(WEBHOOK_EVENT_LABELS[event]).toBeTruthy();
    expect(webhookEventLabel('ping')).toBe('Test event');
    expect(webhookEventLabel('order.refunded')).toBe('order.refunded');
    expect(webhookEventLabel('toString')).toBe('toString');
  });
});
