import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { databaseGrowthCheck, pingDatabase } from '../../db/connection.ts';
import { storageProblem } from '../../db/storage-health.ts';

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
  const problem = await storageProblem(c.get('env').DATA_DIR, databaseGrowthCheck(db));
  if (problem)
    return c.json(
      { ok: false, status: 'degraded', message: `Storage is full (${problem}); writes fail until space is freed` },
      503,
    );
  return c.json({ ok: true });
});
