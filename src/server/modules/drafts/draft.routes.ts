/**
 * The draft calls of one kind of item, written once for every kind: under the item's own admin path, so the admin
 * guard gives them the item's part (a role that may change the item may keep a draft of it).
 *   GET    <path>/draft               the draft
 *   PUT    <path>/draft               saves the sent fields to it (JSON or multipart, as the item's own PUT)
 *   DELETE <path>/draft               discards it
 *   POST   <path>/draft/publish       makes it the live item (and asks for the rebuild)
 *   POST   <path>/preview-link        a signed link to /preview that expires
 * and the item's history (revisions/revision.routes.ts).
 */
import { Hono, type Context } from 'hono';
import { DRAFT_DISCARDED, DRAFT_PUBLISHED, DRAFT_SAVED, type PreviewLink } from '../../../shared/drafts.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Db } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { readWriteBody, uploadBodyLimit } from '../../http/upload-form.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { siteChanged, type SiteChange } from '../../site/site-changed.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import type { ItemFields } from '../revisions/keep-revision.ts';
import { discardDraft, fileFieldsOf, publishDraft, readDraft, saveDraft, type Draftable } from './draft.service.ts';
import { itemWriteContext } from './item-write-context.ts';
import { revisionRoutes } from '../revisions/revision.routes.ts';
import { previewLink } from './preview-link.ts';

/** A kind of item's drafts as the API serves them. */
export interface DraftRoutes<Row, F extends ItemFields, TItem> {
  draftable: Draftable<Row, F>;
  /** The admin path of one item, with `:id` (`/admin/blogs/:id`). */
  path: string;
  /** The rebuild's reason when a draft is published. */
  site: SiteChange;
  /** The item as the admin reads it, answered after a discard or a publish. */
  item: (db: Db, actor: AuthUser, id: string) => Promise<TItem>;
}

export function draftRoutes<Row, F extends ItemFields, TItem>(
  deps: Pick<Deps, 'keys'>,
  { draftable, path, site, item }: DraftRoutes<Row, F, TItem>,
) {
  const router = new Hono<AppEnv>();
  const draftPath = `${path}/draft`;
  const id = (c: Context<AppEnv>) => c.req.param('id') ?? '';

  router.get(draftPath, async (c) =>
    c.json({ draft: await readDraft(c.get('db'), draftable, signedInUser(c), id(c)) }),
  );

  const files = fileFieldsOf(draftable);
  router.put(draftPath, uploadBodyLimit(Math.max(1, files.length)), async (c) => {
    const form = await readWriteBody(c, files);
    return c.json({ message: DRAFT_SAVED, draft: await saveDraft(itemWriteContext(c), draftable, id(c), form) });
  });

  router.delete(draftPath, async (c) => {
    const ctx = itemWriteContext(c);
    await discardDraft(ctx, draftable, id(c));
    return c.json({ message: DRAFT_DISCARDED, item: await item(ctx.db, ctx.actor, id(c)) });
  });

  router.post(`${draftPath}/publish`, async (c) => {
    const ctx = itemWriteContext(c);
    const { publicChange } = await publishDraft(ctx, draftable, id(c));
    siteChanged(c, site, publicChange);
    return c.json({ message: DRAFT_PUBLISHED, item: await item(ctx.db, ctx.actor, id(c)) });
  });

  router.post(`${path}/preview-link`, async (c) => {
    draftable.visible(signedInUser(c), await draftable.find(c.get('db'), id(c)));
    const target = { type: draftable.type, id: id(c) };
    const link: PreviewLink = await previewLink(deps.keys.preview, c.get('env').SITE_URL, target);
    return c.json({ link });
  });

  router.route('/', revisionRoutes(draftable, path));
  return router;
}
