/**
 * What a failed database, file or object-storage operation means for the client (security.md R69, R72): the store is
 * busy or out of reach (try again in a moment, 503) or out of space (507), or a unique index refused the write. Each database module reads its own
 * codes (sqlite-errors.ts, postgres-errors.ts); this is the one place services ask, so none matches message text.
 */
import { postgresErrorMeaning } from './postgres-errors.ts';
import { sqliteErrorMeaning } from './sqlite-errors.ts';

export type StorageFailure = 'busy' | 'full';

/** What one error object says; `said` is where a unique violation names its columns. */
export type ErrorMeaning = { kind: StorageFailure } | { kind: 'unique'; said: string };

const FS_FULL = new Set(['ENOSPC', 'EDQUOT']);
/** A store out of reach (the bucket's server, the database server): the request may succeed in a moment. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** A write gave up waiting for the database's write lock (its deadline passed); `cause` holds the last busy answer. */
export class StorageBusyError extends Error {
  constructor(cause?: unknown) {
    super('database is locked', { cause });
    this.name = 'StorageBusyError';
  }
}

function meaningOf(error: object): ErrorMeaning | null {
  if (error instanceof StorageBusyError) return { kind: 'busy' };
  const { code, $metadata } = error as { code?: unknown; $metadata?: { httpStatusCode?: unknown } };
  if (typeof code === 'string' && FS_FULL.has(code)) return { kind: 'full' };
  if (typeof code === 'string' && UNREACHABLE.has(code)) return { kind: 'busy' };
  // The AWS SDK's errors carry the S3 server's answer: a 5xx (SlowDown, ServiceUnavailable, InternalError) is passing.
  if (typeof $metadata?.httpStatusCode === 'number' && $metadata.httpStatusCode >= 500) return { kind: 'busy' };
  return sqliteErrorMeaning(error) ?? postgresErrorMeaning(error);
}

/** The first meaning found in the error or a few levels of its `cause`. */
function find<T>(error: unknown, pick: (meaning: ErrorMeaning) => T | null): T | null {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const meaning = meaningOf(current);
    const picked = meaning && pick(meaning);
    if (picked) return picked;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** 'busy', 'full' or null (anything else), looking through a few levels of `cause`. */
export function storageFailure(error: unknown): StorageFailure | null {
  return find(error, (m) => (m.kind === 'unique' ? null : m.kind));
}

/**
 * Whether a write was refused by a unique index (on `column`, when given), on SQLite or PostgreSQL, looking through a
 * few levels of `cause`.
 */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  return (
    find(error, (m) =>
      m.kind === 'unique' && (column === undefined || new RegExp(`\\b${column}\\b`).test(m.said)) ? true : null,
    ) ?? false
  );
}
