/**
 * What a failed database or file operation means for the client (security.md R69, R72): the store is busy (try again
 * in a moment, 503) or out of space (507). One place that knows the codes of SQLite, PostgreSQL and the file system.
 */
export type StorageFailure = 'busy' | 'full';

/** Primary SQLite result codes (node:sqlite's `errcode`, possibly extended: the low byte is the primary code). */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_FULL = 13;

/** SQLSTATE disk_full. */
const PG_FULL = new Set(['53100']);
/** SQLSTATE lock_not_available, serialization_failure, deadlock_detected, too_many_connections: worth a retry. */
const PG_BUSY = new Set(['55P03', '40001', '40P01', '53300']);
const FS_FULL = new Set(['ENOSPC', 'EDQUOT']);

/** A write gave up waiting for the database's write lock (its deadline passed); `cause` holds the last busy answer. */
export class StorageBusyError extends Error {
  constructor(cause?: unknown) {
    super('database is locked', { cause });
    this.name = 'StorageBusyError';
  }
}

function classifyOne(error: object): StorageFailure | null {
  if (error instanceof StorageBusyError) return 'busy';
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (typeof errcode === 'number') {
    const primary = errcode & 0xff;
    if (primary === SQLITE_FULL) return 'full';
    if (primary === SQLITE_BUSY || primary === SQLITE_LOCKED) return 'busy';
  }
  if (typeof code === 'string') {
    if (FS_FULL.has(code) || PG_FULL.has(code) || code === 'SQLITE_FULL') return 'full';
    if (PG_BUSY.has(code) || code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  }
  return null;
}

/** 'busy', 'full' or null (anything else), looking through a few levels of `cause`. */
export function storageFailure(error: unknown): StorageFailure | null {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const found = classifyOne(current);
    if (found) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** SQLite's SQLITE_CONSTRAINT_UNIQUE and SQLITE_CONSTRAINT_PRIMARYKEY (extended result codes). */
const SQLITE_UNIQUE = new Set([2067, 1555]);
/** SQLSTATE unique_violation. */
const PG_UNIQUE = '23505';

function uniqueOne(error: object, column: string | undefined): boolean {
  const { code, errcode, message, detail, constraint } = error as Record<string, unknown>;
  const sqlite = typeof errcode === 'number' && SQLITE_UNIQUE.has(errcode);
  if (!sqlite && code !== PG_UNIQUE) return false;
  if (column === undefined) return true;
  // SQLite names the columns in its message ('UNIQUE constraint failed: orders.idempotency_key'); PostgreSQL in its
  // detail ('Key (idempotency_key)=(…) already exists') and the index in `constraint` (its message is generic).
  const said = (sqlite ? [message] : [detail, constraint]).filter((part): part is string => typeof part === 'string').join(' ');
  return new RegExp(`\\b${column}\\b`).test(said);
}

/**
 * Whether a write was refused by a unique index (on `column`, when given), on SQLite or PostgreSQL, looking through a
 * few levels of `cause`: the one place that reads the databases' codes for it, so services never match message text.
 */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    if (uniqueOne(current, column)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
