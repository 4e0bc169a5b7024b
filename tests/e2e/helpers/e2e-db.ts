/**
 * The e2e server's SQLite database, opened for one piece of work and closed again (tests share one server: restore
 * what you change). E2E_DATA_DIR is set by tests/playwright.config.ts.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** The e2e server's DATA_DIR (its database, uploads and outbox). */
export function e2eDataDir(): string {
  const dir = process.env['E2E_DATA_DIR'];
  if (!dir) throw new Error('E2E_DATA_DIR is not set; run the e2e tests through tests/playwright.config.ts');
  return dir;
}

export function withDb<T>(work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(join(e2eDataDir(), 'site.db'), { timeout: 5000 });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}
