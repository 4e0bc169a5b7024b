/**
 * Drafts and their preview links: the texts, limits and answers the server and the admin screens share. A draft
 * holds an item's changes until they are published; a preview link shows the item as it will look, to anyone holding
 * the link, until it expires.
 */
import type { PublicDocument } from './documents.ts';
import type { PublicPage } from './pages.ts';
import type { PlanPreview } from './plans.ts';
import type { SliderHeroPreview } from './sliders-admin.ts';
import type { Audio, Blog, Company, Photo, Product, SiteEvent, Video } from './types.ts';

/** How long a preview link opens the preview. */
export const PREVIEW_LINK_HOURS = 72;
/** The query parameter of /preview that carries the signed link. */
export const PREVIEW_TOKEN_PARAM = 'token';
/** Longer than any link the server signs: refused before it is read. */
export const PREVIEW_TOKEN_MAX = 1000;

export const DRAFT_NOT_FOUND = 'This item has no draft.';
export const DRAFT_SAVED = 'Draft saved. Visitors still see the published version until you publish the draft.';
export const DRAFT_DISCARDED = 'Draft discarded.';
export const DRAFT_PUBLISHED = 'Draft published. Visitors see it once the site has updated (usually within a minute).';
export const PREVIEW_EXPIRED = 'This preview link has expired. Ask for a new one.';
export const PREVIEW_INVALID = 'This preview link is not valid.';
export const PREVIEW_GONE = 'What this link previewed has been deleted.';

/** Who saved an item's draft and when; null on an item without one. */
export interface DraftInfo {
  savedAt: string;
  savedBy: string;
}

/** POST …/preview-link: the link to share, and when it stops working. */
export interface PreviewLink {
  url: string;
  expiresAt: string;
}

/** GET /api/preview/{token}: the item as its page will show it, draft applied. */
export type PreviewAnswer = {
  /** Whether a draft was applied (else the item as saved: an unpublished item, or one whose draft was published). */
  draft: boolean;
  /** Whether visitors can see the item now. */
  published: boolean;
  expiresAt: string;
} & (
  | { type: 'blog'; item: Blog }
  | { type: 'product'; item: Product }
  | { type: 'page'; item: PublicPage }
  | { type: 'document'; item: PublicDocument }
  | { type: 'audio'; item: Audio }
  | { type: 'video'; item: Video }
  | { type: 'photo'; item: Photo }
  | { type: 'plan'; item: PlanPreview }
  | { type: 'event'; item: SiteEvent }
  | { type: 'slider'; item: SliderHeroPreview }
  /** The company's or the theme's draft: the whole settings, draft applied, which the site is shown with. */
  | { type: 'company'; item: Company }
  | { type: 'theme'; item: Company }
);

/** The kinds of item with drafts. */
export type DraftType = PreviewAnswer['type'];
export const DRAFT_TYPES: readonly DraftType[] = [
  'blog',
  'product',
  'page',
  'plan',
  'video',
  'audio',
  'photo',
  'document',
  'event',
  'slider',
  'company',
  'theme',
];
