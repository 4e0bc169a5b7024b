/**
 * The rules of the publish checks, pure: which links are the site's own and whether they lead anywhere, which
 * pictures lack alt text or are far larger than shown, which titles and descriptions search results cut, and the
 * contrast of text on a picture. publish-checks.service.ts gathers the facts and applies them.
 */
import {
  CHECKS,
  CONTRAST_MIN,
  OVERSIZE_FACTOR,
  PAGE_BROTLI_BUDGET_KB,
  SEARCH_DESCRIPTION_MAX,
  SEARCH_TITLE_MAX,
  type CheckCode,
  type CheckFinding,
} from '../../../shared/publish-checks.ts';
import { LIST_ROUTES } from '../../../lib/lists/list-routes.ts';
import { codePoints } from '../../../shared/code-points.ts';
import { redirectPath } from '../../../shared/redirect-path.ts';

export const finding = (code: CheckCode, message: string): CheckFinding => ({
  code,
  severity: CHECKS[code].severity,
  message,
});

/** The site's own pages that are not items: every one the build always writes, whatever the content. */
export const FIXED_PATHS: readonly string[] = [
  '/',
  '/about',
  '/shop',
  '/blogs',
  '/photos',
  '/videos',
  '/audio',
  '/events',
  '/documents',
  '/pricing',
  '/search',
  '/contact',
  '/login',
  '/register',
  '/reset-password',
  '/cart',
  '/checkout',
  '/profile',
  '/settings',
  '/orders',
  '/orders/view',
  '/messages',
  '/analytics',
  '/rss.xml',
  '/robots.txt',
  '/sitemap-index.xml',
  '/events/cancel',
  '/accept-invitation',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
];

/** A list's further pages (/blogs/page/2): they exist while the list is long enough, which the build decides. */
const LIST_PAGE = new RegExp(`^/(${Object.keys(LIST_ROUTES).join('|')})/page/[1-9]\\d*$`);
/** Paths served by the server, not pages: files, the API, the admin area (which checks its own sign-in). */
const NOT_PAGES = /^\/(media|api|data|_astro|admin)(\/|$)|^\/admin-dashboard$/;

/** What a link may lead to: the live pages' paths and the old addresses that redirect, as redirectPath keeps them. */
export interface LiveSite {
  paths: ReadonlySet<string>;
  redirects: ReadonlySet<string>;
}

/**
 * The path of a link to the site itself ('/blogs/x', or a full address on `siteHost`), normalised as redirects are;
 * null for a link elsewhere, a fragment, mail, or a path that is no page (a file, the API, the admin area).
 */
export function ownPath(href: string, siteHost: string | null): string | null {
  const text = href.trim();
  let path: string | null = null;
  if (text.startsWith('/') && !text.startsWith('//')) path = redirectPath(text);
  else if (siteHost && /^(https?:)?\/\//i.test(text)) {
    try {
      // A protocol-relative address (//host/path) is read as the page's own scheme would read it.
      const url = new URL(text.startsWith('//') ? `https:${text}` : text);
      if (url.host === siteHost) path = redirectPath(url.pathname);
    } catch {
      return null;
    }
  }
  if (path === null || NOT_PAGES.test(path)) return null;
  return path;
}

/** Whether visitors following a link to `path` reach a page (directly, or through a redirect). */
export function leadsSomewhere(path: string, site: LiveSite): boolean {
  return site.paths.has(path) || site.redirects.has(path) || LIST_PAGE.test(path);
}

/** One finding per distinct link of `hrefs` to the site that leads nowhere. */
export function brokenLinks(hrefs: readonly string[], site: LiveSite, siteHost: string | null): CheckFinding[] {
  const broken = new Set<string>();
  for (const href of hrefs) {
    const path = ownPath(href, siteHost);
    if (path !== null && !leadsSomewhere(path, site)) broken.add(href.trim());
  }
  return [...broken].map((href) =>
    finding('broken-link', `The link to ${href} leads to no page of the site (unpublished, held back or mistyped).`),
  );
}

/** A picture of rich text: its address and its alt attribute (null when it has none). */
export interface TextPicture {
  src: string;
  alt: string | null;
}

/** One finding per picture in a text without alt text (an empty alt included: a published text describes them). */
export function missingAltText(pictures: readonly TextPicture[]): CheckFinding[] {
  const missing = new Set(pictures.filter((p) => (p.alt ?? '').trim() === '').map((p) => p.src));
  return [...missing].map((src) =>
    finding('alt-text', `The picture ${src} in the text has no alt text: describe it in the media library.`),
  );
}

/** How wide a stored picture is, and the most device pixels it is ever shown at (CSS width on a 2x screen). */
export interface PictureSize {
  src: string;
  width: number;
  shownPx: number;
}

export function oversizedPictures(pictures: readonly PictureSize[]): CheckFinding[] {
  const seen = new Set<string>();
  return pictures.flatMap(({ src, width, shownPx }) => {
    if (seen.has(src) || width <= shownPx * OVERSIZE_FACTOR) return [];
    seen.add(src);
    return [
      finding(
        'oversized-picture',
        `The picture ${src} is ${width} px wide but never shown wider than ${shownPx} px: a smaller copy loads faster.`,
      ),
    ];
  });
}

/** Titles and descriptions longer than search results show. */
export function searchLengths(title: string, description: string | null): CheckFinding[] {
  const out: CheckFinding[] = [];
  const titleLength = codePoints(title.trim()).length;
  if (titleLength > SEARCH_TITLE_MAX)
    out.push(
      finding(
        'title-length',
        `The title has ${titleLength} characters; search results show about ${SEARCH_TITLE_MAX}.`,
      ),
    );
  const descriptionLength = description === null ? 0 : codePoints(description.trim()).length;
  if (descriptionLength > SEARCH_DESCRIPTION_MAX)
    out.push(
      finding(
        'description-length',
        `The description has ${descriptionLength} characters; search results show about ${SEARCH_DESCRIPTION_MAX}.`,
      ),
    );
  return out;
}

/** A page's HTML over its budget once compressed. */
export function pageWeight(path: string, brotliBytes: number): CheckFinding[] {
  if (brotliBytes <= PAGE_BROTLI_BUDGET_KB * 1000) return [];
  // Rounded up, so a page just over the budget never reads as weighing it exactly.
  const kb = Math.ceil(brotliBytes / 100) / 10;
  return [
    finding(
      'page-bytes',
      `The page ${path} weighs ${kb.toFixed(1)} KB compressed, over its budget of ${PAGE_BROTLI_BUDGET_KB} KB: split or shorten it.`,
    ),
  ];
}

/** Text at `ratio` contrast against what is behind it; `what` names it ('The title on the slide's picture'). */
export function contrastFinding(what: string, ratio: number): CheckFinding[] {
  // A colour that is no colour (a value stored before the rules) cannot be measured: the page shows its default.
  if (!Number.isFinite(ratio) || ratio >= CONTRAST_MIN) return [];
  // Rounded down (a ratio never reads as passing when it does not), past float error: 4.35 * 100 is 434.99...
  const shown = (Math.floor(ratio * 100 + 1e-9) / 100).toFixed(2);
  return [finding('contrast', `${what} reaches only ${shown}:1 contrast; WCAG AA needs ${CONTRAST_MIN}:1.`)];
}

/** Whether any finding is an error (which holds its item back). */
export const hasError = (findings: readonly CheckFinding[]): boolean => findings.some((f) => f.severity === 'error');
