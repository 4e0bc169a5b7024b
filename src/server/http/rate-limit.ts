/** In-memory attempt limits (security.md R58-R60): a sliding-window counter and an exponential backoff, per key. */

export interface LimitDecision {
  allowed: boolean;
  /** Whole seconds until the next attempt is allowed; 0 when allowed. */
  retryAfterSeconds: number;
}

const ALLOWED: LimitDecision = { allowed: true, retryAfterSeconds: 0 };
const blocked = (ms: number): LimitDecision => ({ allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) });

/** An attempt counted (as a failure) before the slow work that decides it; settled once the outcome is known. */
export interface Reservation {
  /** It was no failure: uncount it. */
  succeeded(): void;
  /** It failed: it stays counted, and any wait it earns runs from now. */
  failed(): void;
}

/**
 * A limit whose attempts are counted before the work that decides them (reserve, then settle), so requests in flight
 * together cannot all pass one check (R58).
 */
export interface AttemptLimiter {
  /** Whether one more attempt is allowed now; records nothing. */
  check(key: string): LimitDecision;
  /** Counts one attempt now, without checking. */
  reserve(key: string): Reservation;
}

const SETTLED: Reservation = { succeeded: () => {}, failed: () => {} };

/** Allows everything and keeps nothing: stands in for the per-address limits under RATE_LIMITS=off. */
export const UNLIMITED: AttemptLimiter = { check: () => ALLOWED, reserve: () => SETTLED };

export interface WindowOptions {
  /** Attempts allowed inside any window of `windowMs`. */
  limit: number;
  windowMs: number;
  now?: () => number;
  /** Keys kept before stale ones are dropped; bounds memory under a flood of distinct keys. */
  maxKeys?: number;
}

/** Sliding-log limiter: at most `limit` recorded hits in any `windowMs` span. */
export class SlidingWindowLimiter implements AttemptLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly #now: () => number;
  readonly #maxKeys: number;
  readonly #hits = new Map<string, number[]>();

  constructor(options: WindowOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
    this.#maxKeys = options.maxKeys ?? 10_000;
  }

  /** Whether one more attempt is allowed now; records nothing. */
  check(key: string): LimitDecision {
    const hits = this.#recent(key);
    if (hits.length < this.limit) return ALLOWED;
    return blocked(hits[hits.length - this.limit]! + this.windowMs - this.#now());
  }

  /** Records one attempt (e.g. a failure) without checking. */
  record(key: string): void {
    const hits = this.#recent(key);
    hits.push(this.#now());
    this.#hits.set(key, hits);
    if (this.#hits.size > this.#maxKeys) this.#prune();
  }

  /** Records one attempt now; a success takes back that one hit. */
  reserve(key: string): Reservation {
    const at = this.#now();
    this.record(key);
    return {
      succeeded: () => {
        const hits = this.#hits.get(key);
        const index = hits?.lastIndexOf(at) ?? -1;
        if (index < 0) return;
        hits!.splice(index, 1);
        if (hits!.length === 0) this.#hits.delete(key);
      },
      failed: () => {},
    };
  }

  /** Checks and, when allowed, records the attempt. */
  consume(key: string): LimitDecision {
    const decision = this.check(key);
    if (decision.allowed) this.record(key);
    return decision;
  }

  reset(key: string): void {
    this.#hits.delete(key);
  }

  get size(): number {
    return this.#hits.size;
  }

  #recent(key: string): number[] {
    const since = this.#now() - this.windowMs;
    const hits = (this.#hits.get(key) ?? []).filter((t) => t > since);
    if (hits.length === 0) this.#hits.delete(key);
    // Only the newest `limit` hits can ever matter.
    return hits.length > this.limit ? hits.slice(-this.limit) : hits;
  }

  #prune(): void {
    const since = this.#now() - this.windowMs;
    for (const [key, hits] of this.#hits) if ((hits.at(-1) ?? 0) <= since) this.#hits.delete(key);
    // Still too many live keys: forget the oldest ones (Map keeps insertion order).
    for (const key of this.#hits.keys()) {
      if (this.#hits.size <= this.#maxKeys) break;
      this.#hits.delete(key);
    }
  }
}

export interface BackoffOptions {
  /** Consecutive failures that cost nothing; the last of them starts the delay. */
  freeFailures: number;
  /** Delay after the last free failure; doubles with each further one. */
  baseMs: number;
  maxMs: number;
  /** A key with no failure for this long starts again from zero. */
  forgetAfterMs: number;
  now?: () => number;
  maxKeys?: number;
}

/** Exponential backoff after consecutive failures; never a permanent lock (R58). */
export class FailureBackoff implements AttemptLimiter {
  readonly #options: Required<Omit<BackoffOptions, 'now'>>;
  readonly #now: () => number;
  readonly #state = new Map<string, { failures: number; lastFailure: number; blockedUntil: number }>();

  constructor(options: BackoffOptions) {
    this.#options = { maxKeys: 10_000, ...options };
    this.#now = options.now ?? Date.now;
  }

  check(key: string): LimitDecision {
    const state = this.#live(key);
    const wait = state ? state.blockedUntil - this.#now() : 0;
    return wait > 0 ? blocked(wait) : ALLOWED;
  }

  fail(key: string): void {
    const now = this.#now();
    const failures = (this.#live(key)?.failures ?? 0) + 1;
    this.#state.delete(key);
    this.#state.set(key, { failures, lastFailure: now, blockedUntil: now + this.#delay(failures) });
    if (this.#state.size > this.#options.maxKeys) {
      for (const k of this.#state.keys()) {
        if (this.#state.size <= this.#options.maxKeys) break;
        this.#state.delete(k);
      }
    }
  }

  /**
   * Counts a failure now, so attempts in flight together earn the wait between them; a failure restarts the wait
   * from when it was known, a success ends the run of failures.
   */
  reserve(key: string): Reservation {
    this.fail(key);
    return {
      succeeded: () => this.succeed(key),
      failed: () => {
        const state = this.#live(key);
        if (!state) return;
        const now = this.#now();
        state.lastFailure = now;
        state.blockedUntil = Math.max(state.blockedUntil, now + this.#delay(state.failures));
      },
    };
  }

  succeed(key: string): void {
    this.#state.delete(key);
  }

  /** The wait after `failures` in a row: none for the free ones, then doubling up to the cap. */
  #delay(failures: number): number {
    const over = failures - this.#options.freeFailures;
    return over >= 0 ? Math.min(this.#options.maxMs, this.#options.baseMs * 2 ** Math.min(over, 30)) : 0;
  }

  #live(key: string) {
    const state = this.#state.get(key);
    if (state && this.#now() - state.lastFailure > this.#options.forgetAfterMs) {
      this.#state.delete(key);
      return undefined;
    }
    return state;
  }
}
