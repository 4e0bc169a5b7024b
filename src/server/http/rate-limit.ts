/**
 * Attempt limits (security.md R58-R60): a sliding-window counter and an exponential backoff, per key. This module holds
 * their rules as pure functions over one key's state; attempt-store.ts keeps the states in the database, so every API
 * process sharing it counts together.
 */

export interface LimitDecision {
  allowed: boolean;
  /** Whole seconds until the next attempt is allowed; 0 when allowed. */
  retryAfterSeconds: number;
}

export const ALLOWED: LimitDecision = { allowed: true, retryAfterSeconds: 0 };
const blocked = (ms: number): LimitDecision => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
});

/** At most `limit` attempts inside any span of `windowMs`. */
export interface WindowRule {
  kind: 'window';
  limit: number;
  windowMs: number;
}

/** Exponential backoff after consecutive failures; never a permanent lock (R58). */
export interface BackoffRule {
  kind: 'backoff';
  /** Consecutive failures that cost nothing; the last of them starts the delay. */
  freeFailures: number;
  /** Delay after the last free failure; doubles with each further one. */
  baseMs: number;
  maxMs: number;
  /** A key with no failure for this long starts again from zero. */
  forgetAfterMs: number;
}

export type LimitRule = WindowRule | BackoffRule;

/** A window's recorded attempt times (ms), oldest first; only the newest `limit` are kept, as only they can matter. */
export type WindowState = number[];
export interface BackoffState {
  failures: number;
  lastFailure: number;
  blockedUntil: number;
}
/** One key's state under its rule; null is a key never seen (or forgotten). */
export type LimitState = WindowState | BackoffState | null;

/**
 * A named limit. The name keeps one limit's keys apart from another's in the shared store, so it must be the same in
 * every process and different for every limit. `rule` null limits nothing (UNLIMITED).
 */
export interface AttemptLimiter {
  readonly name: string;
  readonly rule: LimitRule | null;
}

/** Allows everything and keeps nothing: stands in for the per-address limits under RATE_LIMITS=off. */
export const UNLIMITED: AttemptLimiter = { name: 'unlimited', rule: null };

export function slidingWindow(name: string, options: { limit: number; windowMs: number }): AttemptLimiter {
  return { name, rule: { kind: 'window', limit: options.limit, windowMs: options.windowMs } };
}

export function failureBackoff(name: string, options: Omit<BackoffRule, 'kind'>): AttemptLimiter {
  return { name, rule: { kind: 'backoff', ...options } };
}

/** An attempt counted (as a failure) before the slow work that decides it; settled once the outcome is known. */
export interface Reservation {
  /** It was no failure: uncount it. */
  succeeded(): Promise<void>;
  /** It failed: it stays counted, and any wait it earns runs from now. */
  failed(): Promise<void>;
}

// --- Sliding window ---

/** The hits still inside the window at `now`, at most the newest `limit`. */
export function windowLive(hits: WindowState, rule: WindowRule, now: number): WindowState {
  const since = now - rule.windowMs;
  const live = hits.filter((t) => t > since);
  return live.length > rule.limit ? live.slice(-rule.limit) : live;
}

export function windowDecision(hits: WindowState, rule: WindowRule, now: number): LimitDecision {
  const live = windowLive(hits, rule, now);
  if (live.length < rule.limit) return ALLOWED;
  // The hit whose leaving the window makes room again.
  const oldest = live[live.length - rule.limit];
  if (oldest === undefined) throw new RangeError(`a window's limit must be at least 1, not ${rule.limit}`);
  // A hit another connection recorded with a later clock read lies in this request's future: the wait is still at
  // most the window.
  return blocked(Math.min(rule.windowMs, oldest + rule.windowMs - now));
}

/** The state after one more attempt at `now`. */
export function windowRecord(hits: WindowState, rule: WindowRule, now: number): WindowState {
  return windowLive([...hits, now], rule, now);
}

/** The state with the attempt made at `at` taken back (a success). */
export function windowUncount(hits: WindowState, at: number): WindowState {
  const index = hits.lastIndexOf(at);
  return index < 0 ? hits : hits.filter((_, i) => i !== index);
}

// --- Failure backoff ---

/** The wait after `failures` in a row: none for the free ones, then doubling up to the cap. */
export function backoffDelay(failures: number, rule: BackoffRule): number {
  const over = failures - rule.freeFailures;
  return over >= 0 ? Math.min(rule.maxMs, rule.baseMs * 2 ** Math.min(over, 30)) : 0;
}

/** The state unless a quiet spell of `forgetAfterMs` has passed since the last failure. */
export function backoffLive(state: BackoffState | null, rule: BackoffRule, now: number): BackoffState | null {
  return state && now - state.lastFailure <= rule.forgetAfterMs ? state : null;
}

export function backoffDecision(state: BackoffState | null, rule: BackoffRule, now: number): LimitDecision {
  const live = backoffLive(state, rule, now);
  const wait = live ? live.blockedUntil - now : 0;
  return wait > 0 ? blocked(wait) : ALLOWED;
}

/** The state after one more failure at `now` (counted before the outcome is known, so parallel attempts earn the wait). */
export function backoffFail(state: BackoffState | null, rule: BackoffRule, now: number): BackoffState {
  const failures = (backoffLive(state, rule, now)?.failures ?? 0) + 1;
  return { failures, lastFailure: now, blockedUntil: now + backoffDelay(failures, rule) };
}

/** A counted failure confirmed at `now`: its wait runs from now (it was counted already, so the count stays). */
export function backoffConfirm(state: BackoffState | null, rule: BackoffRule, now: number): BackoffState | null {
  const live = backoffLive(state, rule, now);
  if (!live) return null;
  return {
    failures: live.failures,
    lastFailure: now,
    blockedUntil: Math.max(live.blockedUntil, now + backoffDelay(live.failures, rule)),
  };
}

// --- Either rule ---

export function decide(rule: LimitRule, state: LimitState, now: number): LimitDecision {
  return rule.kind === 'window'
    ? windowDecision(asWindow(state), rule, now)
    : backoffDecision(asBackoff(state), rule, now);
}

/** The state after an attempt is counted (reserved) at `now`. */
export function afterAttempt(rule: LimitRule, state: LimitState, now: number): LimitState {
  return rule.kind === 'window' ? windowRecord(asWindow(state), rule, now) : backoffFail(asBackoff(state), rule, now);
}

/** The state once the attempt reserved at `at` turned out a success or a failure at `now`. */
export function afterOutcome(
  rule: LimitRule,
  state: LimitState,
  outcome: 'succeeded' | 'failed',
  at: number,
  now: number,
): LimitState {
  if (rule.kind === 'window') return outcome === 'succeeded' ? windowUncount(asWindow(state), at) : state;
  // A success ends the run of failures.
  return outcome === 'succeeded' ? null : backoffConfirm(asBackoff(state), rule, now);
}

/** Whether an outcome can change a state under this rule at all (a window's failure cannot), to skip the write. */
export function outcomeMatters(rule: LimitRule, outcome: 'succeeded' | 'failed'): boolean {
  return rule.kind === 'backoff' || outcome === 'succeeded';
}

/** From when the state no longer matters and may be deleted. */
export function expiresAt(rule: LimitRule, state: LimitState): number {
  if (rule.kind === 'window') return (asWindow(state).at(-1) ?? 0) + rule.windowMs;
  return (asBackoff(state)?.lastFailure ?? 0) + rule.forgetAfterMs;
}

const isFiniteNumber = (value: unknown): value is number => Number.isFinite(value);

/** A state as stored (JSON text), read defensively: anything malformed is a key never seen. */
export function parseState(rule: LimitRule, text: string): LimitState {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (rule.kind === 'window') return Array.isArray(value) ? value.filter((t): t is number => Number.isFinite(t)) : [];
  if (typeof value !== 'object' || value === null) return null;
  const { failures, lastFailure, blockedUntil } = value as Partial<Record<keyof BackoffState, unknown>>;
  return isFiniteNumber(failures) && isFiniteNumber(lastFailure) && isFiniteNumber(blockedUntil)
    ? { failures, lastFailure, blockedUntil }
    : null;
}

function asWindow(state: LimitState): WindowState {
  return Array.isArray(state) ? state : [];
}

function asBackoff(state: LimitState): BackoffState | null {
  return state && !Array.isArray(state) ? state : null;
}
