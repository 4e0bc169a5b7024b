/**
 * The bounded queue of expensive work (work-queue.ts), the picture queue's bounds and refusal, the per-purpose
 * pixel caps, and the password hashes going through a bounded queue.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/server/http/errors.ts';
import {
  maxPixelsFor,
  MAX_PICTURE_MEGAPIXELS,
  PICTURE_MEGAPIXELS,
  type PicturePurpose,
  tooManyPixelsMessage,
} from '../../src/server/media/picture-caps.ts';
import {
  DEFAULT_PICTURE_WAITING,
  PICTURE_RETRY_AFTER_SECONDS,
  pictureQueue,
  pictureQueueBounds,
} from '../../src/server/media/picture-queue.ts';
import { TOO_MANY_PIXELS_MESSAGE } from '../../src/server/media/upload-check.ts';
import { countFromEnv, createWorkQueue, defaultConcurrency } from '../../src/server/work-queue.ts';
import { hashPassword, hashQueue } from '../../src/server/modules/auth/password-hash.ts';

/** A job that runs until `finish()` is called, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish,
    job: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const busy = () => new Error('busy');

describe('createWorkQueue', () => {
  it('runs at most `concurrency` jobs at once and the rest in arrival order', async () => {
    const log: string[] = [];
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 10, refuse: busy });
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(log, name));
    const results = gates.map((g) => queue.run(g.job));
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);

    gates[1]?.finish();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    gates[0]?.finish();
    await tick();
    expect(log.at(-1)).toBe('start d');
    gates[2]?.finish();
    gates[3]?.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses a job beyond the waiting bound at once, without running it, and takes jobs again once there is room', async () => {
    const log: string[] = [];
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 2, refuse: busy });
    const gates = ['a', 'b', 'c'].map((name) => gate(log, name));
    const accepted = gates.map((g) => queue.run(g.job));
    let ran = false;
    await expect(queue.run(() => Promise.resolve((ran = true)))).rejects.toThrow('busy');
    expect(ran).toBe(false);
    expect([queue.running, queue.waiting]).toEqual([1, 2]);

    gates[0]?.finish();
    await tick();
    // One waiting job took the freed slot: one place in the waiting list is free again.
    const later = queue.run(() => Promise.resolve('later'));
    for (const g of gates) g.finish();
    expect(await Promise.all([...accepted, later])).toEqual(['a', 'b', 'c', 'later']);
  });

  it('frees the slot of a job that fails and passes the failure on', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0, refuse: busy });
    await expect(queue.run(() => Promise.reject(new Error('decode failed')))).rejects.toThrow('decode failed');
    expect(queue.running).toBe(0);
    await expect(queue.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('does not let a job arriving as a slot frees overtake the ones waiting', async () => {
    const log: string[] = [];
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 5, refuse: busy });
    const a = gate(log, 'a');
    const first = queue.run(a.job);
    const second = queue.run(() => Promise.resolve(log.push('b')));
    a.finish();
    await first;
    const third = queue.run(() => Promise.resolve(log.push('c')));
    await Promise.all([second, third]);
    expect(log).toEqual(['start a', 'end a', 'b', 'c']);
  });

  it('refuses bounds that cannot work', () => {
    expect(() => createWorkQueue({ concurrency: 0, maxWaiting: 1, refuse: busy })).toThrow(RangeError);
    expect(() => createWorkQueue({ concurrency: 1.5, maxWaiting: 1, refuse: busy })).toThrow(RangeError);
    expect(() => createWorkQueue({ concurrency: 1, maxWaiting: -1, refuse: busy })).toThrow(RangeError);
  });
});

describe('defaultConcurrency', () => {
  it.each([
    [1, 4, 1],
    [2, 4, 1],
    [4, 4, 3],
    [16, 4, 3],
    [16, 16, 15],
    [8, 1, 1],
  ])('on %i cores with a pool of %i threads: %i', (cores, pool, expected) => {
    expect(defaultConcurrency(cores, pool)).toBe(expected);
  });
});

describe('countFromEnv', () => {
  it('reads a count, falls back when unset or empty, and refuses anything else', () => {
    expect(countFromEnv('N', 3, { N: '5' })).toBe(5);
    expect(countFromEnv('N', 3, {})).toBe(3);
    expect(countFromEnv('N', 3, { N: ' ' })).toBe(3);
    expect(countFromEnv('N', 3, { N: '0' }, 0)).toBe(0);
    expect(() => countFromEnv('N', 3, { N: '0' })).toThrow(/N must be an integer >= 1/);
    expect(() => countFromEnv('N', 3, { N: 'two' })).toThrow(/N must be/);
    expect(() => countFromEnv('N', 3, { N: '1.5' })).toThrow(/N must be/);
  });
});

describe('the picture queue', () => {
  it('takes its bounds from PICTURE_ENCODE_CONCURRENCY and PICTURE_ENCODE_QUEUE, else from the cores', () => {
    expect(pictureQueueBounds({})).toEqual({ concurrency: defaultConcurrency(), maxWaiting: DEFAULT_PICTURE_WAITING });
    expect(pictureQueueBounds({ PICTURE_ENCODE_CONCURRENCY: '3', PICTURE_ENCODE_QUEUE: '0' })).toEqual({
      concurrency: 3,
      maxWaiting: 0,
    });
  });

  it('refuses with 503 and Retry-After once its waiting list is full', async () => {
    const queue = pictureQueue();
    const held: (() => void)[] = [];
    const hold = () => queue.run(() => new Promise<void>((resolve) => held.push(resolve)));
    const accepted = Array.from({ length: queue.concurrency + queue.maxWaiting }, hold);
    const refusal = await queue.run(() => Promise.resolve('never')).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 503, headers: { 'Retry-After': String(PICTURE_RETRY_AFTER_SECONDS) } });
    expect((refusal as ApiError).message).toMatch(/busy/);
    while (held.length < accepted.length) {
      held.forEach((release) => release());
      await tick();
    }
    held.forEach((release) => release());
    await Promise.all(accepted);
  });
});

describe('pixel caps per purpose', () => {
  it.each([
    // Photos and heroes keep security.md R40's 40 MP: an 8K photo (7680 x 4320) fits.
    ['photo', 40, 7680 * 4320],
    ['hero', 40, 7680 * 4320],
    ['product', 24, 6000 * 4000],
    ['blog', 24, 6000 * 4000],
    ['event', 24, 6000 * 4000],
    ['audio', 16, 4608 * 3456],
    // A phone's 12 MP and 16 MP photos fit a profile picture; the audit's 6000 x 6000 does not.
    ['profile', 16, 4608 * 3456],
    ['team', 16, 4032 * 3024],
    ['logo', 4, 2000 * 2000],
    ['icon', 4, 2000 * 2000],
  ] as const)('%s: %i megapixels, enough for %i pixels', (purpose, megapixels, fits) => {
    expect(PICTURE_MEGAPIXELS[purpose]).toBe(megapixels);
    expect(maxPixelsFor(purpose)).toBe(megapixels * 1_000_000);
    expect(fits).toBeLessThanOrEqual(maxPixelsFor(purpose));
  });

  it('gives no purpose more than the 40 MP maximum, and profile pictures and logos far less than photos', () => {
    for (const purpose of Object.keys(PICTURE_MEGAPIXELS) as PicturePurpose[])
      expect(PICTURE_MEGAPIXELS[purpose]).toBeLessThanOrEqual(MAX_PICTURE_MEGAPIXELS);
    expect(6000 * 6000).toBeGreaterThan(maxPixelsFor('profile'));
    expect(6000 * 6000).toBeLessThanOrEqual(maxPixelsFor('photo'));
    expect(maxPixelsFor('logo') * 10).toBeLessThanOrEqual(maxPixelsFor('photo'));
  });

  it('names the cap in the refusal, in the words of the 40 MP message', () => {
    expect(tooManyPixelsMessage(16)).toBe('The image has too many pixels (at most 16 megapixels)');
    expect(tooManyPixelsMessage(40)).toBe(TOO_MANY_PIXELS_MESSAGE);
  });
});

describe('password hashing', () => {
  it('runs through a bounded queue: never more hashes at once than its slots', async () => {
    expect(hashQueue.concurrency).toBe(defaultConcurrency());
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, hashQueue.running)), 1);
    try {
      await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`a long enough passphrase ${i}`)));
    } finally {
      clearInterval(watch);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(hashQueue.concurrency);
  });
});
