/**
 * How a scheduled change is made: through each type's own publish write, the one its admin PATCH route calls, so a
 * scheduled publish keeps every rule, audit entry and notification a click on Publish has.
 */
import type { ScheduleType } from '../../../shared/schemas/schedule.ts';
import type { SiteChange } from '../../site/site-changed.ts';
import { setBlogPublished } from '../blogs/blogs.admin.service.ts';
import type { ContentWriteContext } from '../content/content.admin.service.ts';
import { setAudioPublished } from '../content/audios.admin.ts';
import { setEventPublished } from '../content/events.admin.ts';
import { editPhoto } from '../content/photos.edit.ts';
import { updateVideo } from '../content/videos.admin.ts';
import { updateDocument } from '../documents/documents.service.ts';
import { togglePage } from '../pages/pages.service.ts';
import { updatePlan } from '../plans/plans.service.ts';
import { setProductPublished } from '../products/products.admin.service.ts';

/** Publishes or unpublishes the item; answers whether the public site changed. */
type Publish = (ctx: ContentWriteContext, id: string, published: boolean) => Promise<boolean>;

export const PUBLISHERS: Record<ScheduleType, { publish: Publish; change: SiteChange }> = {
  products: { change: 'products', publish: async (ctx, id, p) => (await setProductPublished(ctx, id, p)).shopChanged },
  blogs: { change: 'blogs', publish: async (ctx, id, p) => (await setBlogPublished(ctx, id, p)).publicChange },
  events: {
    change: 'events',
    publish: async (ctx, id, p) => (await setEventPublished(ctx, id, p)).publicChange,
  },
  photos: {
    change: 'photos',
    publish: async (ctx, id, p) => (await editPhoto(ctx, id, { published: p })).publicChange,
  },
  videos: {
    change: 'videos',
    publish: async (ctx, id, p) => (await updateVideo(ctx, id, { published: p })).publicChange,
  },
  audios: {
    change: 'audio',
    publish: async (ctx, id, p) => (await setAudioPublished(ctx, id, p)).publicChange,
  },
  pages: { change: 'pages', publish: async (ctx, id, p) => (await togglePage(ctx, id, { published: p })).publicChange },
  plans: {
    change: 'plans',
    publish: async (ctx, id, p) => (await updatePlan(ctx, id, { patch: { published: p } })).publicChanged,
  },
  documents: {
    change: 'documents',
    publish: async (ctx, id, p) => (await updateDocument(ctx, id, { published: p })).publicChanged,
  },
};
