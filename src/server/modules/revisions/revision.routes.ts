/**
 * The version history of one kind of item, written once for every kind: under the item's own admin path, so the
 * admin guard gives them the item's part (a role that may see the item may see its history).
 *   GET  <path>/revisions                             the versions kept, newest first, and the company's limit
 *   GET  <path>/revisions/compare?from=&to=           two versions side by side, field by field
 *   POST <path>/revisions/:revision/restore           the version becomes the item's draft
 */
import { Hono, type Context } from 'hono';
import {
  REVISION_NOT_FOUND,
  REVISION_RESTORED,
  REVISION_SAME,
  type RevisionAction,
  type RevisionComparison,
  type RevisionHistory,
  type RevisionSummary,
} from '../../../shared/revisions.ts';
import { checkRevisionPair } from '../../../shared/schemas/revisions.ts';
import type { AppEnv } from '../../app-env.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { validQuery } from '../../http/valid-input.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { itemWriteContext } from '../drafts/item-write-context.ts';
import { restoreDraft, type Draftable } from '../drafts/draft.service.ts';
import { compareVersions } from './compare-versions.ts';
import { currentRevision, revisionValues, type ItemFields, type Version } from './keep-revision.ts';
import { findRevisionRow, listRevisionRows, readRevisionLimit, type RevisionRow } from './revisions.repository.ts';

const summaryOf = (row: RevisionRow, current: RevisionRow | undefined): RevisionSummary => ({
  id: row.id,
  number: row.number,
  action: row.action as RevisionAction,
  savedAt: row.saved_at,
  savedBy: row.saved_by_name,
  changed: parseStringArray(row.changed),
  current: row.id === current?.id,
  restoredFrom: row.restored_from,
});

/** The history calls of `kind`, under its admin path (with `:id`). */
export function revisionRoutes<Row, F extends ItemFields>(kind: Draftable<Row, F>, path: string) {
  const router = new Hono<AppEnv>();
  const base = `${path}/revisions`;
  const visible = async (c: Context<AppEnv>, id: string) =>
    kind.visible(signedInUser(c), await kind.find(c.get('db'), id));

  async function history(c: Context<AppEnv>, id: string) {
    await visible(c, id);
    const rows = await listRevisionRows(c.get('db'), kind.type, id);
    return { rows, current: currentRevision(rows) };
  }

  router.get(base, async (c) => {
    const { rows, current } = await history(c, c.req.param('id') ?? '');
    const answer: RevisionHistory = {
      revisions: rows.map((row) => summaryOf(row, current)),
      limit: await readRevisionLimit(c.get('db')),
    };
    return c.json(answer);
  });

  router.get(`${base}/compare`, validQuery(checkRevisionPair), async (c) => {
    const { from, to } = c.req.valid('query');
    if (from === to) throw fieldError(400, REVISION_SAME, 'to');
    const { rows, current } = await history(c, c.req.param('id') ?? '');
    const pick = (revision: string, field: string) => {
      const row = rows.find((r) => r.id === revision);
      if (!row) throw fieldError(404, REVISION_NOT_FOUND, field);
      return row;
    };
    const [older, newer] = [pick(from, 'from'), pick(to, 'to')].sort((a, b) => a.number - b.number) as [
      RevisionRow,
      RevisionRow,
    ];
    const answer: RevisionComparison = {
      older: summaryOf(older, current),
      newer: summaryOf(newer, current),
      fields: compareVersions(kind.fields, revisionValues(older, kind.fields), revisionValues(newer, kind.fields)),
    };
    return c.json(answer);
  });

  router.post(`${base}/:revision/restore`, async (c) => {
    const id = c.req.param('id') ?? '';
    await visible(c, id);
    const row = await findRevisionRow(c.get('db'), kind.type, id, c.req.param('revision'));
    if (!row) throw new ApiError(404, REVISION_NOT_FOUND);
    const version: Version = { fields: JSON.parse(row.fields) as Version['fields'], picture: row.picture };
    const draft = await restoreDraft(itemWriteContext(c), kind, id, version, row.number);
    return c.json({ message: REVISION_RESTORED, draft });
  });

  return router;
}
