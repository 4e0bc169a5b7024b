/**
 * An event's draft and history calls (drafts/draft.routes.ts), with its draft's publish taken first: after the draft
 * is the live event, a larger capacity moves the waiting list up (each person moved up is mailed), as after the
 * event's own PUT.
 */
import { Hono } from 'hono';
import { DRAFT_PUBLISHED } from '../../../shared/drafts.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { siteChanged } from '../../site/site-changed.ts';
import { draftRoutes } from '../drafts/draft.routes.ts';
import { publishDraft } from '../drafts/draft.service.ts';
import { itemWriteContext } from '../drafts/item-write-context.ts';
import { promoteAfterEdit } from '../events/registrations.service.ts';
import { eventDrafts, eventDraftable } from './event-drafts.ts';
import { findAdminEvent } from './events.admin.ts';

/** GET|PUT|DELETE /api/admin/events/:id/draft, …/draft/publish, …/preview-link and …/revisions. */
export function eventDraftRoutes(deps: Pick<Deps, 'keys' | 'mailer'>) {
  const router = new Hono<AppEnv>();
  // Registered before the engine's POST of the same path, which it answers in its place.
  router.post('/admin/events/:id/draft/publish', async (c) => {
    const ctx = itemWriteContext(c);
    const id = c.req.param('id');
    const { publicChange } = await publishDraft(ctx, eventDraftable, id);
    await promoteAfterEdit({ db: ctx.db, env: c.get('env'), mailer: deps.mailer }, id);
    siteChanged(c, 'events', publicChange);
    return c.json({ message: DRAFT_PUBLISHED, item: await findAdminEvent(ctx.db, id) });
  });
  router.route('/', draftRoutes(deps, eventDrafts));
  return router;
}
