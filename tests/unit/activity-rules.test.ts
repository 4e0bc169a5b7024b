import { describe, expect, it } from 'vitest';
import {
  countsKind,
  incrementsOf,
  isCounted,
  mergeBatches,
  mergeCount,
  oldestKeptDay,
  seenKey,
  visitorOf,
  type Batch,
  type PendingCount,
} from '../../src/server/modules/activity/activity.rules.ts';
import { likerOfKey, newLikeKey } from '../../src/server/modules/activity/activity.service.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const pending = (over: Partial<PendingCount> = {}): PendingCount => ({
  day: '2026-12-02',
  seenKey: 'k1',
  kind: 'view',
  type: 'photo',
  id: 'p1',
  ...over,
});

describe('which requests are counted', () => {
  it.each([
    [{ userAgent: FIREFOX, dnt: undefined, gpc: undefined }, true],
    [{ userAgent: FIREFOX, dnt: '0', gpc: '0' }, true],
    [{ userAgent: FIREFOX, dnt: '1', gpc: undefined }, false],
    [{ userAgent: FIREFOX, dnt: undefined, gpc: '1' }, false],
    [{ userAgent: `${FIREFOX} HeadlessChrome/131`, dnt: undefined, gpc: undefined }, false],
    [{ userAgent: 'curl/8.5.0', dnt: undefined, gpc: undefined }, false],
    [{ userAgent: '', dnt: undefined, gpc: undefined }, false],
    [{ userAgent: undefined, dnt: undefined, gpc: undefined }, false],
  ])('%j → %s', (headers, counted) => {
    expect(isCounted(headers)).toBe(counted);
  });

  it.each([
    ['product', 'view', true],
    ['product', 'play', false],
    ['photo', 'download', true],
    ['video', 'download', false],
    ['audio', 'play', true],
    ['audio', 'view', false],
    ['document', 'download', true],
    ['document', 'view', false],
    ['event', 'view', true],
    ['blog', 'view', true],
  ] as const)('a %s counts %s: %s', (type, kind, counts) => {
    expect(countsKind(type, kind)).toBe(counts);
  });
});

describe('the visitor and the key of a count', () => {
  it('is the same for the same visitor on the same salt, and another with another salt, address, browser or account', () => {
    const base = visitorOf('salt', { ip: '203.0.113.7', userAgent: FIREFOX });
    expect(visitorOf('salt', { ip: '203.0.113.7', userAgent: FIREFOX })).toBe(base);
    const others = [
      visitorOf('salt2', { ip: '203.0.113.7', userAgent: FIREFOX }),
      visitorOf('salt', { ip: '203.0.113.8', userAgent: FIREFOX }),
      visitorOf('salt', { ip: '203.0.113.7', userAgent: `${FIREFOX} x` }),
      visitorOf('salt', { userId: 'u1' }),
    ];
    expect(new Set([base, ...others]).size).toBe(5);
    // Nothing of the address is kept in the clear.
    expect(base).not.toContain('203.0.113.7');
  });

  it('keys a count by visitor, kind, type and id', () => {
    const key = seenKey('v', 'view', 'photo', 'p1');
    expect(seenKey('v', 'view', 'photo', 'p1')).toBe(key);
    const others = [
      seenKey('w', 'view', 'photo', 'p1'),
      seenKey('v', 'download', 'photo', 'p1'),
      seenKey('v', 'view', 'video', 'p1'),
      seenKey('v', 'view', 'photo', 'p2'),
    ];
    expect(new Set([key, ...others]).size).toBe(5);
  });

  it('keeps yesterday and today remembered, so a batch written at midnight meets its own day', () => {
    expect(oldestKeptDay('2026-12-02')).toBe('2026-12-01');
    expect(oldestKeptDay('2027-01-01')).toBe('2026-12-31');
  });
});

describe('merging a batch', () => {
  it('keeps one count per day and key', () => {
    const batch: Batch = new Map();
    expect(mergeCount(batch, pending())).toBe(true);
    expect(mergeCount(batch, pending())).toBe(false);
    expect(mergeCount(batch, pending({ day: '2026-12-03' }))).toBe(true);
    expect(mergeCount(batch, pending({ seenKey: 'k2' }))).toBe(true);
    expect(batch.size).toBe(3);
  });

  it('puts a failed batch back in front of the newer one without repeating a count', () => {
    const older: Batch = new Map();
    mergeCount(older, pending());
    const newer: Batch = new Map();
    mergeCount(newer, pending());
    mergeCount(newer, pending({ seenKey: 'k2' }));
    const merged = mergeBatches(older, newer);
    expect([...merged.values()].map((c) => c.seenKey)).toEqual(['k1', 'k2']);
    expect(older.size).toBe(1);
  });

  it('adds up the new counts per item and column', () => {
    expect(
      incrementsOf([
        pending(),
        pending({ seenKey: 'k2' }),
        pending({ kind: 'download' }),
        pending({ type: 'audio', kind: 'play', id: 'a1' }),
        pending({ type: 'audio', kind: 'download', id: 'a1' }),
      ]),
    ).toEqual([
      { type: 'photo', id: 'p1', column: 'views', by: 2 },
      { type: 'photo', id: 'p1', column: 'downloads', by: 1 },
      { type: 'audio', id: 'a1', column: 'plays', by: 1 },
      { type: 'audio', id: 'a1', column: 'downloads', by: 1 },
    ]);
  });
});

describe('a guest like key', () => {
  const secret = Buffer.alloc(32, 1);

  it('is accepted as made and stands for a hash of itself', () => {
    const key = newLikeKey(secret);
    const liker = likerOfKey(secret, key);
    expect(liker).toMatch(/^anon:[\w-]{43}$/);
    expect(liker).not.toContain(key);
    expect(likerOfKey(secret, key)).toBe(liker);
    expect(likerOfKey(secret, newLikeKey(secret))).not.toBe(liker);
  });

  it('is refused when another secret signed it, or it was changed, or it is no key', () => {
    const key = newLikeKey(secret);
    const [nonce, mac = ''] = key.split('.');
    expect(likerOfKey(Buffer.alloc(32, 2), key)).toBeNull();
    expect(likerOfKey(secret, `${nonce}x.${mac}`)).toBeNull();
    expect(likerOfKey(secret, `${nonce}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    for (const bad of ['', '.', 'abc', `${key}.x`, 'x'.repeat(200)]) expect(likerOfKey(secret, bad)).toBeNull();
  });
});
