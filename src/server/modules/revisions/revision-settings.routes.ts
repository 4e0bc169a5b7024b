/**
 * GET|PUT /api/admin/revision-settings: how many versions of each item are kept (the admin's: under /admin, the
 * guard's `everything`). A lower limit prunes every item to it at once, the version each item holds kept.
 */
import { Hono } from 'hono';
import { revisionLimitSaved, type RevisionSettings } from '../../../shared/revisions.ts';
import { checkRevisionSettings } from '../../../shared/schemas/revisions.ts';
import type { AppEnv } from '../../app-env.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { pruneAllRevisions } from './keep-revision.ts';
import { readRevisionLimit, writeRevisionLimit } from './revisions.repository.ts';

export function revisionSettingsRoutes() {
  return new Hono<AppEnv>()
    .get('/admin/revision-settings', async (c) => {
      const settings: RevisionSettings = { limit: await readRevisionLimit(c.get('db')) };
      return c.json(settings);
    })
    .put('/admin/revision-settings', jsonBody(checkRevisionSettings), async (c) => {
      const { limit } = c.req.valid('json');
      const db = c.get('db');
      await db.transaction().execute(async (trx) => {
        await writeRevisionLimit(trx, limit);
        await recordAudit(trx, signedInUser(c), {
          action: 'revisions.update',
          target: { type: 'revisions' },
          summary: `Versions kept per item set to ${limit}`,
        });
      });
      await pruneAllRevisions({ db, dataDir: c.get('env').DATA_DIR }, limit);
      const settings: RevisionSettings = { limit };
      return c.json({ message: revisionLimitSaved(limit), settings });
    });
}
