/**
 * The draft calls of one kind of item, written once for every kind: under the item's own admin path, so the admin
 * guard gives them the item's part (a role that may change the item may keep a draft of it).
 *   GET    <path>/draft               the draft
 *   PUT    <path>/draft               saves the sent fields to it (JSON or multipart, as the item's own PUT)
 *   DELETE <path>/draft               discards it
 *   POST   <path>/draft/publish       makes it the live item (and asks for the rebuild)
 *   POST   <path>/preview-link        a signed link to /preview that expires
 */
import { Hono, type Context } from 'hono';
import {
  DRAFT_DISCARDED,
  DRAFT_PUBLISHED,
  DRAFT_SAVED,
  type DraftType,
  type PreviewLink,
} from '../../../shared/drafts.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { uploadBodyLimit } from '../../http/upload-form.ts';
import { siteChanged, type SiteChange } from '../../site/site-changed.ts';
import { previewLink } from './preview-link.ts';

/** What one kind of item does with its draft; each call refuses (403/404) whom the item's rules refuse. */
export interface DraftKind<TDraft, TItem> {
  type: DraftType;
  /** The admin path of one item, with `:id` (`/admin/blogs/:id`). */
  path: string;
  /** The rebuild's reason when a draft is published. */
  site: SiteChange;
  read(c: Context<AppEnv>, id: string): Promise<TDraft>;
  save(c: Context<AppEnv>, id: string): Promise<TDraft>;
  discard(c: Context<AppEnv>, id: string): Promise<TItem>;
  publish(c: Context<AppEnv>, id: string): Promise<{ item: TItem; publicChange: boolean }>;
  /** Refuses one who may not see the item (before a preview link is signed for it). */
  visible(c: Context<AppEnv>, id: string): Promise<void>;
}

export function draftRoutes<TDraft, TItem>(deps: Pick<Deps, 'keys'>, kind: DraftKind<TDraft, TItem>) {
  const router = new Hono<AppEnv>();
  const draftPath = `${kind.path}/draft`;

  router.get(draftPath, async (c) => c.json({ draft: await kind.read(c, c.req.param('id') ?? '') }));

  router.put(draftPath, uploadBodyLimit(1), async (c) =>
    c.json({ message: DRAFT_SAVED, draft: await kind.save(c, c.req.param('id') ?? '') }),
  );

  router.delete(draftPath, async (c) =>
    c.json({ message: DRAFT_DISCARDED, item: await kind.discard(c, c.req.param('id') ?? '') }),
  );

  router.post(`${draftPath}/publish`, async (c) => {
    const { item, publicChange } = await kind.publish(c, c.req.param('id') ?? '');
    siteChanged(c, kind.site, publicChange);
    return c.json({ message: DRAFT_PUBLISHED, item });
  });

  router.post(`${kind.path}/preview-link`, async (c) => {
    const id = c.req.param('id') ?? '';
    await kind.visible(c, id);
    const link: PreviewLink = await previewLink(deps.keys.preview, c.get('env').SITE_URL, { type: kind.type, id });
    return c.json({ link });
  });

  return router;
}
