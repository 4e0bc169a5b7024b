/** What SQLite's error codes mean (node:sqlite's `errcode`, possibly extended: the low byte is the primary code). */
import type { ErrorMeaning } from './storage-errors.ts';

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_FULL = 13;
/** SQLITE_CONSTRAINT_UNIQUE and SQLITE_CONSTRAINT_PRIMARYKEY (extended result codes). */
const SQLITE_UNIQUE = new Set([2067, 1555]);

export function sqliteErrorMeaning(error: object): ErrorMeaning | null {
  const { code, errcode, message } = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (typeof errcode === 'number') {
    // SQLite names the columns in its message ('UNIQUE constraint failed: orders.idempotency_key').
    if (SQLITE_UNIQUE.has(errcode)) return { kind: 'unique', said: typeof message === 'string' ? message : '' };
    const primary = errcode & 0xff;
    if (primary === SQLITE_FULL) return { kind: 'full' };
    if (primary === SQLITE_BUSY || primary === SQLITE_LOCKED) return { kind: 'busy' };
  }
  if (typeof code === 'string') {
    if (code === 'SQLITE_FULL') return { kind: 'full' };
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return { kind: 'busy' };
  }
  return null;
}
