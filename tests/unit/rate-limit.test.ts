import { describe, expect, it } from 'vitest';
import { FailureBackoff, SlidingWindowLimiter, UNLIMITED } from '../../src/server/http/rate-limit.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('SlidingWindowLimiter', () => {
  it('allows `limit` attempts in a window and refuses the next with the seconds until one expires', () => {
    const time = clock();
    const limiter = new SlidingWindowLimiter({ limit: 3, windowMs: 60_000, now: time.now });
    expect(limiter.consume('a').allowed).toBe(true);
    time.advance(10_000);
    expect(limiter.consume('a').allowed).toBe(true);
    expect(limiter.consume('a').allowed).toBe(true);
    expect(limiter.consume('a')).toEqual({ allowed: false, retryAfterSeconds: 50 });
  });

  it('slides: the oldest attempt leaving the window frees one slot, not all of them', () => {
    const time = clock();
    const limiter = new SlidingWindowLimiter({ limit: 2, windowMs: 60_000, now: time.now });
    limiter.consume('a');
    time.advance(30_000);
    limiter.consume('a');
    time.advance(30_001);
    expect(limiter.consume('a').allowed).toBe(true);
    expect(limiter.consume('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
  });

  it('keeps keys apart and never counts a refused attempt', () => {
    const time = clock();
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1000, now: time.now });
    expect(limiter.consume('a').allowed).toBe(true);
    expect(limiter.consume('b').allowed).toBe(true);
    for (let i = 0; i < 5; i++) expect(limiter.consume('a').allowed).toBe(false);
    time.advance(1001);
    expect(limiter.consume('a').allowed).toBe(true);
  });

  it('check does not record; record counts without checking', () => {
    const limiter = new SlidingWindowLimiter({ limit: 2, windowMs: 1000 });
    expect(limiter.check('a').allowed).toBe(true);
    expect(limiter.check('a').allowed).toBe(true);
    limiter.record('a');
    limiter.record('a');
    expect(limiter.check('a').allowed).toBe(false);
    limiter.reset('a');
    expect(limiter.check('a').allowed).toBe(true);
  });

  it('reports at least one second to wait', () => {
    const time = clock();
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1000, now: time.now });
    limiter.consume('a');
    time.advance(999);
    expect(limiter.check('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('reserve counts the attempt at once; a success uncounts only that one, a failure keeps it', () => {
    const limiter = new SlidingWindowLimiter({ limit: 2, windowMs: 1000 });
    const first = limiter.reserve('a');
    const second = limiter.reserve('a');
    expect(limiter.check('a').allowed).toBe(false);
    first.succeeded();
    expect(limiter.check('a').allowed).toBe(true);
    second.failed();
    limiter.reserve('a');
    expect(limiter.check('a').allowed).toBe(false);
  });

  it('bounds memory under a flood of distinct keys', () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 60_000, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) limiter.consume(`ip-${i}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
  });
});

describe('FailureBackoff', () => {
  const options = { freeFailures: 3, baseMs: 1000, maxMs: 8000, forgetAfterMs: 60_000 };

  it('lets the free failures through, then doubles the wait up to the cap', () => {
    const time = clock();
    const backoff = new FailureBackoff({ ...options, now: time.now });
    for (let i = 0; i < 3; i++) {
      expect(backoff.check('u').allowed).toBe(true);
      backoff.fail('u');
    }
    expect(backoff.check('u')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    const waits = [];
    for (let i = 0; i < 4; i++) {
      time.advance(10_000);
      backoff.fail('u');
      waits.push(backoff.check('u').retryAfterSeconds);
    }
    expect(waits).toEqual([2, 4, 8, 8]);
  });

  it('starts again after a success or a quiet period, so nobody is locked out for good', () => {
    const time = clock();
    const backoff = new FailureBackoff({ ...options, now: time.now });
    for (let i = 0; i < 5; i++) backoff.fail('u');
    expect(backoff.check('u').allowed).toBe(false);
    backoff.succeed('u');
    expect(backoff.check('u').allowed).toBe(true);
    for (let i = 0; i < 5; i++) backoff.fail('v');
    time.advance(60_001);
    expect(backoff.check('v').allowed).toBe(true);
    backoff.fail('v');
    expect(backoff.check('v').allowed).toBe(true);
  });

  it('reserve counts a failure before the outcome is known: parallel attempts earn the wait between them', () => {
    const time = clock();
    const backoff = new FailureBackoff({ ...options, now: time.now });
    const attempts = [backoff.reserve('u'), backoff.reserve('u'), backoff.reserve('u')];
    expect(backoff.check('u')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // A failure known later restarts the wait from then.
    time.advance(900);
    attempts[0]!.failed();
    time.advance(900);
    expect(backoff.check('u')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    time.advance(101);
    expect(backoff.check('u').allowed).toBe(true);
    // A success ends the run of failures.
    attempts.push(backoff.reserve('u'));
    expect(backoff.check('u').allowed).toBe(false);
    attempts[1]!.succeeded();
    expect(backoff.check('u').allowed).toBe(true);
  });
});

describe('Unlimited', () => {
  it('allows every attempt and keeps nothing', () => {
    for (let i = 0; i < 1000; i++) UNLIMITED.reserve('a');
    expect(UNLIMITED.check('a').allowed).toBe(true);
  });
});
