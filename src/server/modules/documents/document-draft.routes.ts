/**
 * A document's draft and history calls (drafts/draft.routes.ts), with its draft's PUT taken first: it reads the
 * document's own body (a file up to the document's maximum, so one sent is refused by name rather than as too large)
 * and refuses a file, which a draft does not hold: the document's PUT replaces it at once.
 */
import { Hono } from 'hono';
import { DOCUMENT_DRAFT_FILE } from '../../../shared/documents.ts';
import { DRAFT_SAVED } from '../../../shared/drafts.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { readWriteBody, uploadBodyLimit } from '../../http/upload-form.ts';
import { DOCUMENT_MAX_BYTES } from '../../media/document-check.ts';
import { draftRoutes } from '../drafts/draft.routes.ts';
import { saveDraft } from '../drafts/draft.service.ts';
import { itemWriteContext } from '../drafts/item-write-context.ts';
import { documentDrafts, documentDraftable } from './document-drafts.ts';

/** GET|PUT|DELETE /api/admin/documents/:id/draft, …/draft/publish, …/preview-link and …/revisions. */
export function documentDraftRoutes(deps: Pick<Deps, 'keys'>) {
  const router = new Hono<AppEnv>();
  // Registered before the engine's PUT of the same path, which it answers in its place.
  router.put('/admin/documents/:id/draft', uploadBodyLimit(1, DOCUMENT_MAX_BYTES), async (c) => {
    const form = await readWriteBody(c, ['file']);
    if (form.files['file']) throw fieldError(400, DOCUMENT_DRAFT_FILE, 'file');
    const draft = await saveDraft(itemWriteContext(c), documentDraftable, c.req.param('id'), form);
    return c.json({ message: DRAFT_SAVED, draft });
  });
  router.route('/', draftRoutes(deps, documentDrafts));
  return router;
}
