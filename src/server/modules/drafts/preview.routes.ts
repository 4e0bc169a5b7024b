/**
 * GET /api/preview/{token}: the item a preview link names, as its page will show it with its draft applied. No
 * account is asked for (holding the link is the permission), so the answer is never stored by a cache or indexed.
 */
import { Hono } from 'hono';
import { PREVIEW_GONE, type DraftType, type PreviewAnswer } from '../../../shared/drafts.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Db } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { blogPreview } from '../blogs/blog-drafts.service.ts';
import { audioPreview } from '../content/audio-drafts.ts';
import { eventPreview } from '../content/event-drafts.ts';
import { pagePreview } from '../pages/page-drafts.ts';
import { documentPreview } from '../documents/document-drafts.ts';
import { planPreview } from '../plans/plan-drafts.ts';
import { productPreview } from '../products/product-drafts.ts';
import { videoPreview } from '../content/video-drafts.ts';
import { photoPreview } from '../content/photo-drafts.ts';
import { sliderPreview } from '../sliders/slider-drafts.ts';
import { companyPreview, themePreview } from '../company/settings-drafts.ts';
import { readPreviewLink } from './preview-link.ts';

type Previewed = Omit<PreviewAnswer, 'expiresAt' | 'type'>;

/** Each kind's item as its page shows it, draft applied; null once the item is deleted. */
const PREVIEWS: Record<DraftType, (db: Db, id: string) => Promise<Previewed | null>> = {
  blog: blogPreview,
  product: productPreview,
  page: pagePreview,
  document: documentPreview,
  audio: audioPreview,
  video: videoPreview,
  photo: photoPreview,
  plan: planPreview,
  event: eventPreview,
  slider: sliderPreview,
  company: companyPreview,
  theme: themePreview,
};

export function previewRoutes(deps: Pick<Deps, 'keys'>) {
  const router = new Hono<AppEnv>();
  router.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
    c.header('X-Robots-Tag', 'noindex, nofollow');
  });
  router.get('/:token', async (c) => {
    const target = await readPreviewLink(deps.keys.preview, c.req.param('token'));
    const previewed = await PREVIEWS[target.type](c.get('db'), target.id);
    if (!previewed) throw new ApiError(404, PREVIEW_GONE);
    return c.json({ ...previewed, type: target.type, expiresAt: target.expiresAt } as PreviewAnswer);
  });
  return router;
}
