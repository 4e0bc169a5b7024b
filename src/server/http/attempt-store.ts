/**
 * Attempt limits kept in the database (table attempt_limits), so every API process sharing it counts together
 * (security.md R58-R60). The rules are rate-limit.ts's; this module only reads, locks and writes states.
 *
 * One request's group of limits is checked and counted in ONE transaction: the rows of its keys are first locked by an
 * upsert (sorted, so two groups never wait on each other in a cycle) that returns their committed state, then decided
 * and written back. Two processes, or two requests of one, can therefore never both pass a check that only one may:
 * on SQLite the transaction holds the write lock (BEGIN IMMEDIATE); on PostgreSQL, under READ COMMITTED, the upsert
 * waits for any other transaction holding those rows and then returns what it committed. A refusal rolls back, so it
 * counts nothing; a key already at its limit is refused by a plain read before any transaction, so a flood of refused
 * attempts takes no lock. Keys (addresses, emails, account ids) are stored only as an HMAC with the server secret.
 * States that no longer matter are deleted every PRUNE_EVERY writes (an indexed delete on expires_at).
 */
import { createHmac } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import type { Env } from '../env.ts';
import { serverSecret, subKey } from '../server-secret.ts';
import {
  afterAttempt,
  afterOutcome,
  ALLOWED,
  type AttemptLimiter,
  decide,
  expiresAt,
  type LimitDecision,
  type LimitRule,
  type LimitState,
  outcomeMatters,
  parseState,
  type Reservation,
} from './rate-limit.ts';

/** A limit and the key it counts (an address, an account). */
export type LimitPair = readonly [AttemptLimiter, string];

export interface AttemptStore {
  /** The first refusal among the pairs, else allowed; counts nothing. */
  check(pairs: readonly LimitPair[]): Promise<LimitDecision>;
  /**
   * Counts one attempt in every pair at once when all allow it, else counts none; the reservation settles the
   * attempt once its outcome is known (a no-op after a refusal).
   */
  reserve(pairs: readonly LimitPair[]): Promise<{ decision: LimitDecision; reservation: Reservation }>;
  /** Deletes the states that no longer matter; returns how many. Also runs by itself every PRUNE_EVERY writes. */
  prune(): Promise<number>;
}

export interface AttemptStoreOptions {
  now?: () => number;
  /** Writes between two prunes. */
  pruneEvery?: number;
}

/** Writes between two prunes of expired states: one cheap indexed delete now and then. */
export const PRUNE_EVERY = 200;

/** A reservation with nothing to record afterwards (no attempt was counted). */
const SETTLED: Reservation = { succeeded: () => Promise.resolve(), failed: () => Promise.resolve() };

interface Slot {
  hash: string;
  rule: LimitRule;
}

/** Thrown inside the transaction to roll a refused group back. */
class Refused extends Error {
  readonly decision: LimitDecision;
  constructor(decision: LimitDecision) {
    super('The attempt is over its limit');
    this.decision = decision;
  }
}

export function createAttemptStore(db: Db, hashKey: Buffer, options: AttemptStoreOptions = {}): AttemptStore {
  const now = options.now ?? Date.now;
  const pruneEvery = options.pruneEvery ?? PRUNE_EVERY;
  let writes = 0;

  const slotsOf = (pairs: readonly LimitPair[]): Slot[] =>
    pairs.flatMap(([limiter, key]) =>
      limiter.rule ? [{ hash: keyHash(hashKey, limiter.name, key), rule: limiter.rule }] : [],
    );

  const prune = async (): Promise<number> => {
    const result = await db.deleteFrom('attempt_limits').where('expires_at', '<', now()).executeTakeFirst();
    return Number(result.numDeletedRows);
  };

  /** Locks the slots' rows, lets `change` decide their new states from the committed ones, and writes them. */
  const update = async (
    slots: Slot[],
    change: (states: Map<string, LimitState>, at: number) => void,
  ): Promise<void> => {
    await db.transaction().execute(async (trx) => {
      const at = now();
      const hashes = [...new Set(slots.map((s) => s.hash))].sort();
      const rows = await trx
        .insertInto('attempt_limits')
        .values(hashes.map((hash) => ({ key_hash: hash, state: 'null', expires_at: at })))
        // A no-op update: it takes the row lock (waiting for any other holder) and returns the committed state.
        .onConflict((oc) =>
          oc.column('key_hash').doUpdateSet((eb) => ({ expires_at: eb.ref('attempt_limits.expires_at') })),
        )
        .returning(['key_hash', 'state'])
        .execute();
      const text = new Map(rows.map((r) => [r.key_hash, r.state]));
      const states = new Map<string, LimitState>();
      for (const { hash, rule } of slots)
        if (!states.has(hash)) states.set(hash, parseState(rule, text.get(hash) ?? 'null'));
      change(states, at);
      const ruleOf = new Map(slots.map((s) => [s.hash, s.rule]));
      await trx
        .insertInto('attempt_limits')
        .values(
          hashes.map((hash) => {
            const state = states.get(hash) ?? null;
            const rule = ruleOf.get(hash);
            if (!rule) throw new Error(`attempt limits: no rule for the key ${hash}`);
            return { key_hash: hash, state: JSON.stringify(state), expires_at: expiresAt(rule, state) };
          }),
        )
        .onConflict((oc) =>
          oc
            .column('key_hash')
            .doUpdateSet((eb) => ({ state: eb.ref('excluded.state'), expires_at: eb.ref('excluded.expires_at') })),
        )
        .execute();
    });
    // Housekeeping must never fail the request whose attempt is already counted.
    if (++writes % pruneEvery === 0)
      await prune().catch((error: unknown) => console.error('attempt limits: pruning failed:', error));
  };

  const settle = async (slots: Slot[], outcome: 'succeeded' | 'failed', at: number): Promise<void> => {
    const touched = slots.filter((s) => outcomeMatters(s.rule, outcome));
    if (touched.length === 0) return;
    await update(touched, (states, time) => {
      for (const { hash, rule } of touched)
        states.set(hash, afterOutcome(rule, states.get(hash) ?? null, outcome, at, time));
    });
  };

  /** Reads without locking: the first refusal among the slots, else allowed. */
  const read = async (slots: Slot[]): Promise<LimitDecision> => {
    const rows = await db
      .selectFrom('attempt_limits')
      .select(['key_hash', 'state'])
      .where(
        'key_hash',
        'in',
        slots.map((s) => s.hash),
      )
      .execute();
    const text = new Map(rows.map((r) => [r.key_hash, r.state]));
    const at = now();
    return (
      slots
        .map(({ hash, rule }) => decide(rule, parseState(rule, text.get(hash) ?? 'null'), at))
        .find((d) => !d.allowed) ?? ALLOWED
    );
  };

  return {
    async check(pairs) {
      const slots = slotsOf(pairs);
      return slots.length === 0 ? ALLOWED : read(slots);
    },

    async reserve(pairs) {
      const slots = slotsOf(pairs);
      if (slots.length === 0) return { decision: ALLOWED, reservation: SETTLED };
      // A key already at its limit is refused by a plain read, so a flood of refused attempts takes no write lock.
      // Only the transaction below decides an allowed one.
      const early = await read(slots);
      if (!early.allowed) return { decision: early, reservation: SETTLED };
      let reservedAt = 0;
      try {
        await update(slots, (states, at) => {
          const refused = slots
            .map(({ hash, rule }) => decide(rule, states.get(hash) ?? null, at))
            .find((d) => !d.allowed);
          if (refused) throw new Refused(refused);
          for (const { hash, rule } of slots) states.set(hash, afterAttempt(rule, states.get(hash) ?? null, at));
          reservedAt = at;
        });
      } catch (error) {
        if (error instanceof Refused) return { decision: error.decision, reservation: SETTLED };
        throw error;
      }
      return {
        decision: ALLOWED,
        reservation: {
          succeeded: () => settle(slots, 'succeeded', reservedAt),
          failed: () => settle(slots, 'failed', reservedAt),
        },
      };
    },

    prune,
  };
}

/** The stored form of a (limit, key) pair: an HMAC, so no address or email is kept in the clear. */
export function keyHash(hashKey: Buffer, name: string, key: string): string {
  return createHmac('sha256', hashKey).update(name).update('\0').update(key).digest('base64url');
}

const stores = new WeakMap<Db, AttemptStore>();

/**
 * The store of this database, built on first use with a key derived from the server secret (AUTH_SECRET, or
 * DATA_DIR/secret.key): every process with the same secret hashes a key alike.
 */
export function attemptStore(db: Db, env: Pick<Env, 'AUTH_SECRET' | 'DATA_DIR'>): AttemptStore {
  let store = stores.get(db);
  if (!store) {
    store = createAttemptStore(db, subKey(serverSecret(env), 'attempt-limits'));
    stores.set(db, store);
  }
  return store;
}
