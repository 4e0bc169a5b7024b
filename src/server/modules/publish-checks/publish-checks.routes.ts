/**
 * The publish checks' report, the admin's alone (/api/admin/* behind the admin guard):
 *   GET  /admin/publish-checks   the last run's findings
 *   POST /admin/publish-checks   runs the checks now; the rebuild it asks for brings visitors what they let through
 */
import { Hono } from 'hono';
import { PUBLISH_CHECKS_STARTED } from '../../../shared/publish-checks.ts';
import type { AppEnv } from '../../app-env.ts';
import { siteChanged } from '../../site/site-changed.ts';
import { readReport } from './publish-checks.repository.ts';
import { runPublishChecks } from './publish-checks.service.ts';

export function publishCheckRoutes() {
  return new Hono<AppEnv>()
    .get('/admin/publish-checks', async (c) => c.json(await readReport(c.get('db'))))
    .post('/admin/publish-checks', async (c) => {
      const env = c.get('env');
      await runPublishChecks(c.get('db'), { dataDir: env.DATA_DIR, siteUrl: env.SITE_URL });
      siteChanged(c, 'publish checks');
      return c.json({ message: PUBLISH_CHECKS_STARTED }, 202);
    });
}
