/**
 * The page form's rules: POST/PUT/PATCH /api/admin/pages check their JSON with them and the Pages
 * tab checks the same before sending.
 */
import { isSlug, SLUG_MAX } from '../slug.ts';
import { formBoolean } from './blog-admin.ts';
import { checkAgainst, fieldCheck, type FieldCheck } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

export const PAGE_TITLE_MAX = 200;
/** Rich-text HTML, before sanitising; JSON bodies are capped at 100 KiB anyway (security.md R38). */
export const PAGE_CONTENT_MAX = 90_000;

export const PAGE_NOT_FOUND = 'Page not found';
export const PAGE_SLUG_TAKEN = 'Another page already uses this address.';
export const PAGE_SLUG_RESERVED = 'Slug this address is reserved for the site.';

/** Names of the site's own routes and files: a page may not take one, so pages can move to the top level later without clashing. */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'admin-dashboard',
  'api',
  'media',
  'pages',
  'about',
  'audio',
  'blogs',
  'blog-view',
  'contact',
  'events',
  'login',
  'logout',
  'photos',
  'pricing',
  'profile',
  'register',
  'reset-password',
  'accept-invitation',
  'search',
  'shop',
  'videos',
  'rss',
  'robots',
  'sitemap',
  'sitemap-index',
  'sitemap-0',
  'favicon',
  'index',
  'notfound',
  '404',
]);

/** Each field's rule, without defaults. */
const PAGE_RULES = {
  title: formText(PAGE_TITLE_MAX).refine((v) => v !== '', 'is required'),
  // '' means "make it from the title".
  slug: formText(SLUG_MAX + 1)
    .refine(
      (v) => v === '' || isSlug(v),
      `must be lowercase letters and digits joined by hyphens, at most ${SLUG_MAX} characters`,
    )
    .refine((v) => !RESERVED_PAGE_SLUGS.has(v), 'this address is reserved for the site'),
  content: formText(PAGE_CONTENT_MAX, { multiline: true }),
  in_footer: formBoolean,
  published: formBoolean,
};

/** Every field; on create the missing ones take these defaults (a draft, not in the footer). */
export const PageFields = z.object({
  ...PAGE_RULES,
  slug: PAGE_RULES.slug.default(''),
  content: PAGE_RULES.content.default(''),
  in_footer: PAGE_RULES.in_footer.default(false),
  published: PAGE_RULES.published.default(false),
});
export type PageValues = z.output<typeof PageFields>;
export type PageInput = z.input<typeof PageFields>;

/** PUT: only the sent fields change. */
export const PageChanges = z.object(PAGE_RULES).partial();
export type PageChangeValues = z.output<typeof PageChanges>;

/** PATCH: publish or unpublish, show in or hide from the footer. */
export const PageToggles = z.object({ published: formBoolean, in_footer: formBoolean }).partial();
export type PageToggleValues = z.output<typeof PageToggles>;

/** POST: every field checked, unknown ones ignored. */
export const checkPageCreate = checkAgainst(PageFields, 'title');
/** PUT: the sent fields checked. */
export const checkPageChanges = checkAgainst(PageChanges, 'title');
/** PATCH: published and/or in_footer checked. */
export function checkPageToggles(fields: unknown): FieldCheck<PageToggleValues> {
  const check = fieldCheck(PageToggles.safeParse(fields), 'published');
  // A toggle that names neither changes nothing: the switch the screen sends is the one asked for.
  if (check.ok && check.value.published === undefined && check.value.in_footer === undefined)
    return { ok: false, field: 'published', message: 'Published must be true or false.' };
  return check;
}
