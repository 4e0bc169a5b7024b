/** What PostgreSQL's SQLSTATE codes mean (pg's `code`). */
import type { ErrorMeaning } from './storage-errors.ts';

/** disk_full. */
const FULL = new Set(['53100']);
/**
 * lock_not_available, serialization_failure, deadlock_detected, too_many_connections, and query_canceled (the
 * statement_timeout every API statement runs under): worth a retry.
 */
const BUSY = new Set(['55P03', '40001', '40P01', '53300', '57014']);
/** unique_violation. */
const UNIQUE = '23505';

export function postgresErrorMeaning(error: object): ErrorMeaning | null {
  const { code, detail, constraint } = error as Record<string, unknown>;
  if (typeof code !== 'string') return null;
  if (code === UNIQUE) {
    // PostgreSQL names the columns in its detail ('Key (idempotency_key)=(…) already exists') and the index in
    // `constraint`; its message is generic.
    return {
      kind: 'unique',
      said: [detail, constraint].filter((part): part is string => typeof part === 'string').join(' '),
    };
  }
  if (FULL.has(code)) return { kind: 'full' };
  if (BUSY.has(code)) return { kind: 'busy' };
  return null;
}
