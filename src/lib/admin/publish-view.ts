/**
 * The one home for what the publish state reads like (the dashboard's Public Site card and the top bar's publish
 * status), and for which public page shows an admin change. Pure: no DOM, no fetch.
 */
import type { PublishState, PublishStatus } from '../../shared/admin.ts';

/** How the top bar colours a state: under way, visible to visitors, or stuck. */
export type PublishTone = 'busy' | 'live' | 'failed';

export const PUBLISH_TONE: Record<PublishState, PublishTone> = {
  'up-to-date': 'live',
  scheduled: 'busy',
  building: 'busy',
  failed: 'failed',
};

/** The dashboard card's headline per state. */
export const PUBLISH_HEADLINE: Record<PublishState, string> = {
  'up-to-date': 'Public site is up to date',
  scheduled: 'Scheduled',
  building: 'Rebuilding the public site…',
  failed: 'Site rebuild failed',
};

/** The status dot per state (card and top bar alike). */
export const PUBLISH_DOT: Record<PublishState, string> = {
  'up-to-date': 'bg-green-500',
  scheduled: 'bg-amber-400 animate-pulse motion-reduce:animate-none',
  building: 'bg-amber-400 animate-pulse motion-reduce:animate-none',
  failed: 'bg-red-500',
};

/** Whether the state will change by itself (poll it often). */
export const isPublishing = (status: PublishStatus | null | undefined): boolean =>
  !!status && PUBLISH_TONE[status.state] === 'busy';

/** Whole seconds until visitors should see the change (at least 1), or null when there is no usable estimate. */
export function secondsUntilLive(status: PublishStatus, now: number): number | null {
  if (!isPublishing(status) || !status.expectedLiveAt) return null;
  const at = Date.parse(status.expectedLiveAt);
  if (Number.isNaN(at)) return null;
  return Math.max(1, Math.ceil((at - now) / 1000));
}

/** 'in about 25 s', 'in about 2 min'; 'any moment now' once the estimate has passed or without one. */
export function etaText(status: PublishStatus, now: number): string {
  const seconds = secondsUntilLive(status, now);
  if (seconds === null || seconds <= 1) return 'any moment now';
  return seconds < 90 ? `in about ${seconds} s` : `in about ${Math.round(seconds / 60)} min`;
}

/** The top bar's compact estimate: '~25 s', '~2 min', or '' when there is none to give. */
export function etaShort(status: PublishStatus, now: number): string {
  const seconds = secondsUntilLive(status, now);
  if (seconds === null || seconds <= 1) return '';
  return seconds < 90 ? `~${seconds} s` : `~${Math.round(seconds / 60)} min`;
}

/** The failure reason as shown, never empty. */
export const failedReason = (status: PublishStatus): string =>
  (status.reason ?? '').trim() || 'The build stopped without a reason.';

/** The top bar's short label, always shown (it fits at 320 px). */
export const PUBLISH_LABEL: Record<PublishTone, string> = {
  busy: 'Publishing…',
  live: 'Live',
  failed: 'Build failed',
};

/** The whole sentence: the top bar's details and what a screen reader hears. */
export function publishSentence(status: PublishStatus, now: number): string {
  switch (PUBLISH_TONE[status.state]) {
    case 'busy':
      return `Publishing… visitors see this ${etaText(status, now)}`;
    case 'live':
      return 'Live: visitors see the latest changes';
    case 'failed':
      return `Build failed: ${failedReason(status)}`;
  }
}

/** Admin API paths (after /api/) whose changes show on one public listing page; anything else shows on the home page. */
const PUBLIC_PAGE: readonly [prefix: RegExp, page: string][] = [
  [/^admin\/blogs\b/, '/blogs'],
  [/^admin\/plans\b/, '/pricing'],
  [/^admin\/products\b/, '/shop'],
  [/^admin\/photos\b/, '/photos'],
  [/^admin\/videos\b/, '/videos'],
  [/^admin\/audios?\b/, '/audio'],
  [/^admin\/events\b/, '/events'],
  [/^admin\/documents\b/, '/documents'],
];

/** Admin API paths whose answer names an item with a page of its own: the answer's key and the page's path. */
const ITEM_PAGE: readonly [prefix: RegExp, key: string, base: string][] = [
  [/^admin\/blogs\b/, 'blog', '/blogs/'],
  [/^admin\/products\b/, 'product', '/shop/'],
  [/^admin\/events\b/, 'event', '/events/'],
  [/^admin\/pages\b/, 'page', '/pages/'],
];

/** The published item's slug in a write's answer ({ blog: { slug, published } }), or ''. */
function publishedSlug(answer: unknown, key: string): string {
  const item = answer && typeof answer === 'object' ? (answer as Record<string, unknown>)[key] : undefined;
  if (!item || typeof item !== 'object') return '';
  const { slug, published } = item as { slug?: unknown; published?: unknown };
  return published === true && typeof slug === 'string' && /^[a-z0-9-]+$/.test(slug) ? slug : '';
}

/**
 * The public page that shows what a write to `apiPath` (e.g. '/api/admin/blogs/12') changed: the item's own page when
 * the write's `answer` is a published item that has one, else its listing; '/' when unsure.
 */
export function publicPageFor(apiPath: string, answer?: unknown): string {
  const rest = /\/api\/(.*)$/.exec(apiPath)?.[1] ?? '';
  const item = ITEM_PAGE.find(([prefix]) => prefix.test(rest));
  const slug = item ? publishedSlug(answer, item[1]) : '';
  if (item && slug) return `${item[2]}${slug}`;
  return PUBLIC_PAGE.find(([prefix]) => prefix.test(rest))?.[1] ?? '/';
}

/** Writes that are the publish state itself (Retry): they do not name a changed page. */
export const isPublishCall = (apiPath: string): boolean => /\/api\/admin\/site-(status|rebuild)$/.test(apiPath);
