import { assert, describe, expect, it } from 'vitest';
import {
  afterAttempt,
  afterOutcome,
  backoffConfirm,
  backoffDecision,
  backoffDelay,
  backoffFail,
  type BackoffRule,
  type BackoffState,
  decide,
  expiresAt,
  failureBackoff,
  type LimitState,
  outcomeMatters,
  parseState,
  slidingWindow,
  UNLIMITED,
  windowDecision,
  windowRecord,
  type WindowRule,
  windowUncount,
} from '../../src/server/http/rate-limit.ts';
import { createAccountLimits } from '../../src/server/modules/account/account-limits.ts';
import { createAuthLimits, limitsForSetting } from '../../src/server/modules/auth/auth-limits.ts';

const T0 = 1_000_000;

describe('sliding window rules', () => {
  const rule = (limit: number, windowMs: number): WindowRule => ({ kind: 'window', limit, windowMs });

  /** Checks, and records when allowed, as the store does for one key. */
  function consumer(r: WindowRule) {
    let hits: number[] = [];
    return (now: number) => {
      const decision = windowDecision(hits, r, now);
      if (decision.allowed) hits = windowRecord(hits, r, now);
      return decision;
    };
  }

  it('allows `limit` attempts in a window and refuses the next with the seconds until one expires', () => {
    const consume = consumer(rule(3, 60_000));
    expect(consume(T0).allowed).toBe(true);
    expect(consume(T0 + 5_000).allowed).toBe(true);
    expect(consume(T0 + 10_000).allowed).toBe(true);
    expect(consume(T0 + 10_000)).toEqual({ allowed: false, retryAfterSeconds: 50 });
  });

  it('slides: an old hit leaves the window and frees one slot', () => {
    const consume = consumer(rule(2, 60_000));
    consume(T0);
    consume(T0 + 30_000);
    expect(consume(T0 + 60_001).allowed).toBe(true);
    expect(consume(T0 + 60_001)).toEqual({ allowed: false, retryAfterSeconds: 30 });
  });

  it('never answers a wait longer than the window, even for a hit another connection recorded a moment later', () => {
    const r = rule(1, 60_000);
    // The other connection's clock read came after this request's: its hit lies 5 ms in this request's future.
    expect(windowDecision([T0 + 5], r, T0)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('never answers a wait under one second', () => {
    const r = rule(1, 1000);
    expect(windowDecision(windowRecord([], r, T0), r, T0 + 999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('keeps only the newest `limit` hits, so a state stays small whatever the traffic', () => {
    const r = rule(3, 60_000);
    let hits: number[] = [];
    for (let i = 0; i < 100; i++) hits = windowRecord(hits, r, T0 + i);
    expect(hits).toEqual([T0 + 97, T0 + 98, T0 + 99]);
    expect(windowRecord([T0], r, T0 + 60_001)).toEqual([T0 + 60_001]);
  });

  it('a success takes back exactly the one hit it reserved', () => {
    const r = rule(2, 1000);
    const hits = windowRecord(windowRecord([], r, T0), r, T0 + 1);
    expect(windowDecision(hits, r, T0 + 2).allowed).toBe(false);
    expect(windowUncount(hits, T0)).toEqual([T0 + 1]);
    expect(windowUncount(hits, T0 + 5)).toEqual(hits);
    expect(windowUncount([T0, T0], T0)).toEqual([T0]);
  });

  it('expires once its newest hit has left the window', () => {
    const r = rule(2, 1000);
    expect(expiresAt(r, [T0, T0 + 10])).toBe(T0 + 1010);
    expect(expiresAt(r, [])).toBe(1000);
  });
});

describe('failure backoff rules', () => {
  const rule: BackoffRule = { kind: 'backoff', freeFailures: 3, baseMs: 1000, maxMs: 8000, forgetAfterMs: 60_000 };

  it('lets the free failures through, then doubles the wait up to the cap', () => {
    let state: BackoffState | null = null;
    for (let i = 0; i < 3; i++) {
      expect(backoffDecision(state, rule, T0).allowed).toBe(true);
      state = backoffFail(state, rule, T0);
    }
    expect(backoffDecision(state, rule, T0)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    const waits = [];
    for (let i = 1; i <= 4; i++) {
      const now = T0 + i * 10_000;
      state = backoffFail(state, rule, now);
      waits.push(backoffDecision(state, rule, now).retryAfterSeconds);
    }
    expect(waits).toEqual([2, 4, 8, 8]);
    expect([0, 2, 3, 4, 40].map((n) => backoffDelay(n, rule))).toEqual([0, 0, 1000, 2000, 8000]);
  });

  it('starts again after a success or a quiet period, so nobody is locked out for good', () => {
    let state: LimitState = null;
    for (let i = 0; i < 5; i++) state = afterAttempt(rule, state, T0);
    expect(decide(rule, state, T0).allowed).toBe(false);
    expect(decide(rule, afterOutcome(rule, state, 'succeeded', T0, T0), T0).allowed).toBe(true);
    // An hour of quiet later the run is forgotten: the next failure is the first again.
    expect(decide(rule, state, T0 + 60_001).allowed).toBe(true);
    expect(decide(rule, afterAttempt(rule, state, T0 + 60_001), T0 + 60_001).allowed).toBe(true);
  });

  it('counts a failure before the outcome is known: parallel attempts earn the wait between them', () => {
    let state: BackoffState | null = null;
    for (let i = 0; i < 3; i++) state = backoffFail(state, rule, T0);
    expect(backoffDecision(state, rule, T0)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // A failure known later restarts the wait from then, without counting it twice.
    state = backoffConfirm(state, rule, T0 + 900);
    expect(state?.failures).toBe(3);
    expect(backoffDecision(state, rule, T0 + 1800)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(backoffDecision(state, rule, T0 + 1901).allowed).toBe(true);
    // Confirming a forgotten run brings nothing back.
    expect(backoffConfirm(state, rule, T0 + 900 + 60_001)).toBeNull();
  });

  it('expires an hour (forgetAfterMs) after the last failure', () => {
    expect(expiresAt(rule, { failures: 2, lastFailure: T0, blockedUntil: T0 })).toBe(T0 + 60_000);
  });
});

describe('outcomes', () => {
  const window = slidingWindow('w', { limit: 2, windowMs: 1000 }).rule;
  const backoff = failureBackoff('b', { freeFailures: 0, baseMs: 1000, maxMs: 8000, forgetAfterMs: 60_000 }).rule;
  assert(window && backoff, 'both limiters have a rule');

  it('a window forgets a success and keeps a failure; a backoff resets on a success and restarts its wait on a failure', () => {
    const hits = afterAttempt(window, null, T0);
    expect(afterOutcome(window, hits, 'succeeded', T0, T0 + 5)).toEqual([]);
    expect(afterOutcome(window, hits, 'failed', T0, T0 + 5)).toEqual([T0]);
    const state = afterAttempt(backoff, null, T0);
    expect(afterOutcome(backoff, state, 'succeeded', T0, T0 + 5)).toBeNull();
    expect(afterOutcome(backoff, state, 'failed', T0, T0 + 500)).toEqual({
      failures: 1,
      lastFailure: T0 + 500,
      blockedUntil: T0 + 2500,
    });
  });

  it('says which outcomes need a write at all', () => {
    expect(outcomeMatters(window, 'failed')).toBe(false);
    expect(outcomeMatters(window, 'succeeded')).toBe(true);
    expect(outcomeMatters(backoff, 'failed')).toBe(true);
  });
});

describe('stored states', () => {
  const window: WindowRule = { kind: 'window', limit: 2, windowMs: 1000 };
  const backoff: BackoffRule = { kind: 'backoff', freeFailures: 1, baseMs: 1, maxMs: 1, forgetAfterMs: 1 };

  it('round-trips through JSON and reads anything malformed as a key never seen', () => {
    expect(parseState(window, JSON.stringify([T0, T0 + 1]))).toEqual([T0, T0 + 1]);
    expect(parseState(backoff, JSON.stringify({ failures: 2, lastFailure: T0, blockedUntil: T0 + 5 }))).toEqual({
      failures: 2,
      lastFailure: T0,
      blockedUntil: T0 + 5,
    });
    expect(parseState(window, 'null')).toEqual([]);
    expect(parseState(window, '{oops')).toBeNull();
    expect(parseState(window, '[1,"x",2]')).toEqual([1, 2]);
    expect(parseState(backoff, '[1,2]')).toBeNull();
    expect(parseState(backoff, '{"failures":"lots"}')).toBeNull();
  });
});

describe('UNLIMITED', () => {
  it('has no rule, so the store neither reads nor counts it', () => {
    expect(UNLIMITED.rule).toBeNull();
  });
});

describe('limit names', () => {
  it('are one per limit, since every process keys the shared table by them', () => {
    const names = [...Object.values(createAuthLimits()), ...Object.values(createAccountLimits())].map((l) => l.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('RATE_LIMITS=off replaces only the per-address auth limits', () => {
    const off = limitsForSetting(createAuthLimits(), 'off');
    expect(
      Object.entries(off)
        .filter(([, l]) => l === UNLIMITED)
        .map(([k]) => k)
        .sort(),
    ).toEqual(['loginIp', 'passkeyIp', 'registerIp', 'requestOtpIp', 'resetIp', 'twoFactorIp', 'verifyOtpIp']);
    expect(off.loginBackoff.rule?.kind).toBe('backoff');
  });
});
