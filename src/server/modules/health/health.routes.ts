import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { databaseGrowthCheck, pingDatabase, type Db } from '../../db/connection.ts';
import { storageProblem } from '../../db/storage-health.ts';

/** DATA_DIR -> the disk check under way: health calls arriving meanwhile share it instead of each starting one. */
const checking = new Map<string, Promise<string | null>>();

/**
 * storageProblem, at most one at a time per DATA_DIR: its statfs and, after a reported failure, its
 * probe write run on libuv's pool, so a burst of health calls would queue them behind each other and behind hashing
 * and picture work. A call that arrives after a check finished starts a new one, so a freed disk shows at once.
 */
export function sharedStorageProblem(dataDir: string, db: Db): Promise<string | null> {
  let check = checking.get(dataDir);
  if (!check) {
    check = storageProblem(dataDir, databaseGrowthCheck(db)).finally(() => checking.delete(dataDir));
    checking.set(dataDir, check);
  }
  return check;
}

/**
 * 200 `{ ok: true }` when the database answers and DATA_DIR can take writes (contract); otherwise 503 with
 * `ok: false`, a `status` (unavailable: no database; degraded: reads work, writes fail) and a `message`.
 */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const db = c.get('db');
  try {
    await pingDatabase(db);
  } catch {
    return c.json({ ok: false, status: 'unavailable', message: 'Database unavailable' }, 503);
  }
  const problem = await sharedStorageProblem(c.get('env').DATA_DIR, db);
  if (problem)
    return c.json(
      { ok: false, status: 'degraded', message: `Storage is full (${problem}); writes fail until space is freed` },
      503,
    );
  return c.json({ ok: true });
});
