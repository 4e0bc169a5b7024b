/**
 * The cache keys of the pages `getStaticPaths()` returns. With Astro's incremental build (astro.config.mjs) a page
 * whose key and code are unchanged since the last build is copied from it instead of rendered, so a key must change
 * whenever anything the page shows changes: what every page's layout shows (the site key) and the page's own data.
 */
import { createHash } from 'node:crypto';
import { CATEGORY_KINDS } from '../../shared/schemas/category.ts';
import { fetchCategories } from '../api/categories.ts';
import { companyEtag, fetchCompany } from '../api/company.ts';
import { fetchFooterLinks } from '../api/footer.ts';
import { fetchNavigation } from '../api/navigation.ts';
import { fetchStore } from '../api/store.ts';

/**
 * Counters visitors move all day. Left out of the keys, or a page would be rendered again after every visit; the
 * pages that show one draw it live in the browser (LiveCounts.astro), and an event's registrations are shown nowhere.
 */
const COUNTERS = new Set(['views', 'likes', 'plays', 'downloads', 'registrations']);

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** `value` as JSON without its counters, at any depth (a product's related products carry theirs). */
export function keyText(value: unknown): string {
  return JSON.stringify(value, (name, field: unknown) => (COUNTERS.has(name) ? undefined : field));
}

/** What the layout of every page shows, read as the pages read it (each reader is memoised for the build). */
async function readSiteKey(): Promise<string> {
  const [company, navigation, footer, store, categories] = await Promise.all([
    fetchCompany(),
    fetchNavigation(),
    fetchFooterLinks(),
    fetchStore(),
    Promise.all(CATEGORY_KINDS.map((kind) => fetchCategories(kind).catch(() => null))),
  ]);
  return digest(
    keyText({
      company,
      etag: companyEtag(),
      navigation,
      footer,
      store,
      categories,
      // The footer's year is the build's until the browser corrects it.
      year: new Date().getFullYear(),
      env: [import.meta.env.PUBLIC_API_URL, import.meta.env.PUBLIC_MEDIA_BASE_URL],
    }),
  );
}

let siteKey: Promise<string> | undefined;

/** The key of a page showing `data` (its props, and anything else it reads at render) inside the site's layout. */
export async function pageKey(data: unknown): Promise<string> {
  siteKey ??= readSiteKey();
  return `${await siteKey}.${digest(keyText(data))}`;
}
