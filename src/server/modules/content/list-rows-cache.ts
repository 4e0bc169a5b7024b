/**
 * What a filtered list reads (filtered-lists.ts: its rows, projected, and its section), kept per database between
 * requests: reading and projecting 10,000 rows takes 50-130 ms here, filtering them in memory a few. An entry is read
 * again after any write this process answered (`countWrites`, mounted once in front of every API route), as soon as
 * another process's commit is seen where the database tells (externalWrites), and at the latest after MAX_AGE_MS:
 * counts a read itself writes (a view) and PostgreSQL's other instances are seen within that.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env.ts';
import { externalWrites, type Db } from '../../db/connection.ts';

export const MAX_AGE_MS = 2000;

interface Entry {
  value: Promise<unknown>;
  generation: number;
  version: number | null;
  expires: number;
}

/** Per database: how many writes this process has answered, and the entries. */
const state = new WeakMap<Db, { generation: number; entries: Map<string, Entry> }>();

function stateOf(db: Db) {
  let found = state.get(db);
  if (!found) {
    found = { generation: 0, entries: new Map() };
    state.set(db, found);
  }
  return found;
}

/** Makes every entry of `db` stale: called after a write this process answered. */
export function noteWrite(db: Db): void {
  stateOf(db).generation += 1;
}

/**
 * `load()`'s value under `key`, read again only when a write may have changed it; concurrent misses share one read,
 * and a failed read is not remembered.
 */
export function cachedRows<T>(db: Db, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const { generation, entries } = stateOf(db);
  const version = externalWrites(db);
  const hit = entries.get(key);
  if (hit?.generation === generation && hit.version === version && hit.expires > now) return hit.value as Promise<T>;
  const entry: Entry = { value: load(), generation, version, expires: now + MAX_AGE_MS };
  entries.set(key, entry);
  entry.value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return entry.value as Promise<T>;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** After any write the API answered with success, the cached lists are read again. */
export const countWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!READS.has(c.req.method) && c.res.status < 400) noteWrite(c.get('db'));
});
