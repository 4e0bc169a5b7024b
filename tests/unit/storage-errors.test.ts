import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation, StorageBusyError, storageFailure } from '../../src/server/db/storage-errors.ts';

/** An error shaped like node:sqlite's (code ERR_SQLITE_ERROR, errcode the SQLite result code). */
const sqliteError = (errcode: number, message: string) =>
  Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode, errstr: message });
const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('storageFailure', () => {
  it.each<[string, Error, 'busy' | 'full']>([
    ['SQLITE_BUSY', sqliteError(5, 'database is locked'), 'busy'],
    ['SQLITE_BUSY_SNAPSHOT (extended code)', sqliteError(517, 'database is locked'), 'busy'],
    ['SQLITE_LOCKED', sqliteError(6, 'database table is locked'), 'busy'],
    ['SQLITE_FULL', sqliteError(13, 'database or disk is full'), 'full'],
    ['a write that gave up waiting for the lock', new StorageBusyError(), 'busy'],
    ['ENOSPC from the file system', withCode('ENOSPC'), 'full'],
    ['EDQUOT (quota) from the file system', withCode('EDQUOT'), 'full'],
    ['PostgreSQL disk_full', withCode('53100'), 'full'],
    ['PostgreSQL lock_not_available', withCode('55P03'), 'busy'],
    ['PostgreSQL serialization_failure', withCode('40001'), 'busy'],
    ['PostgreSQL deadlock_detected', withCode('40P01'), 'busy'],
    [
      'a full disk wrapped as the cause of another error',
      new Error('send failed', { cause: withCode('ENOSPC') }),
      'full',
    ],
    ['a store out of reach (connection refused)', withCode('ECONNREFUSED'), 'busy'],
    ['a store timing out', withCode('ETIMEDOUT'), 'busy'],
    [
      'an S3 server answering 503 (SlowDown)',
      Object.assign(new Error('SlowDown'), { $metadata: { httpStatusCode: 503 } }),
      'busy',
    ],
  ])('classifies %s', (_name, error, expected) => {
    expect(storageFailure(error)).toBe(expected);
  });

  it.each([
    ['a constraint violation', sqliteError(19, 'UNIQUE constraint failed: users.email')],
    [
      '"cannot rollback" (SQLITE_ERROR), which must never pass for a full disk',
      sqliteError(1, 'cannot rollback - no transaction is active'),
    ],
    ['a missing file', withCode('ENOENT')],
    [
      'an S3 refusal (403 AccessDenied), which retrying does not mend',
      Object.assign(new Error('AccessDenied'), { $metadata: { httpStatusCode: 403 } }),
    ],
    ['PostgreSQL unique_violation', withCode('23505')],
    ['a plain error', new Error('database or disk is full, says the text only')],
    ['a string', 'ENOSPC'],
    ['null', null],
  ])('leaves %s to the generic handler', (_name, error) => {
    expect(storageFailure(error)).toBeNull();
  });
});

describe('isUniqueViolation', () => {
  /** The error node:sqlite really throws for a duplicate in a unique index. */
  function sqliteDuplicate(): unknown {
    const db = new DatabaseSync(':memory:');
    db.exec(
      'CREATE TABLE orders (id TEXT PRIMARY KEY, idempotency_key TEXT); CREATE UNIQUE INDEX orders_idempotency_idx ON orders (idempotency_key)',
    );
    db.exec("INSERT INTO orders VALUES ('a', 'k')");
    try {
      db.exec("INSERT INTO orders VALUES ('b', 'k')");
    } catch (error) {
      return error;
    } finally {
      db.close();
    }
    throw new Error('no error');
  }
  /** The shape node-postgres gives a unique_violation. */
  const pgDuplicate = Object.assign(
    new Error('duplicate key value violates unique constraint "orders_idempotency_idx"'),
    {
      code: '23505',
      constraint: 'orders_idempotency_idx',
      detail: 'Key (idempotency_key)=(k) already exists.',
    },
  );

  it('knows SQLite and PostgreSQL duplicates, and the column they name', () => {
    for (const error of [sqliteDuplicate(), pgDuplicate, new Error('wrapped', { cause: pgDuplicate })]) {
      expect(isUniqueViolation(error)).toBe(true);
      expect(isUniqueViolation(error, 'idempotency_key')).toBe(true);
      expect(isUniqueViolation(error, 'slug')).toBe(false);
      expect(isUniqueViolation(error, 'key')).toBe(false);
    }
  });

  it('is false for anything else, a message that only says the word included', () => {
    expect(isUniqueViolation(new Error('UNIQUE constraint failed: orders.idempotency_key'))).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('busy'), { errcode: 5 }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('duplicate key')).toBe(false);
  });
});
