/**
 * Pictures of the media library shown inside rich text (a post's or page's content): each must have alt text of its
 * own in the library before the text is published, and keeps it while a published text shows it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fieldError } from '../http/errors.ts';
import { ALT_TEXT_REQUIRED } from '../../shared/media-library.ts';
import { MEDIA_URL_PREFIX } from '../../shared/media-url.ts';

/** An <img> whose src is a stored picture: the uuid of its name. */
const INLINE_PICTURE =
  /<img\b[^>]*?\ssrc\s*=\s*["']?\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp/gi;

/** The stored pictures an HTML text shows in <img>, once each, in order. */
export function inlinePictureIds(html: string): string[] {
  return [...new Set([...html.matchAll(INLINE_PICTURE)].flatMap(([, id]) => (id ? [id.toLowerCase()] : [])))];
}

/** 400 naming `field` when a library picture the published `html` shows has no alt text there. */
export async function requireAltText(db: Kysely<Database>, html: string, field = 'content'): Promise<void> {
  const ids = inlinePictureIds(html);
  if (ids.length === 0) return;
  const missing = await db
    .selectFrom('media')
    .select(['title', 'file_name'])
    .where(
      'file_name',
      'in',
      ids.map((id) => `${id}.webp`),
    )
    .where('alt', '=', '')
    .orderBy('file_name')
    .executeTakeFirst();
  if (missing)
    throw fieldError(400, `${ALT_TEXT_REQUIRED} (${missing.title || MEDIA_URL_PREFIX + missing.file_name})`, field);
}

/** Whether a published post or page shows the picture `id` inside its text (its alt text may not be emptied then). */
export async function shownInPublishedText(db: Kysely<Database>, id: string): Promise<boolean> {
  const pattern = `%${MEDIA_URL_PREFIX}${id}%`;
  const post = await db
    .selectFrom('blogs')
    .select('id')
    .where('published', '=', true)
    .where('content', 'like', pattern)
    .executeTakeFirst();
  if (post) return true;
  const page = await db
    .selectFrom('pages')
    .select('id')
    .where('published', '=', true)
    .where('content', 'like', pattern)
    .executeTakeFirst();
  return page !== undefined;
}

let fragmentParser: Promise<(html: string) => HTMLElement> | undefined;

/** A container holding `html` parsed (jsdom, loaded on first use, as the sanitiser loads it). */
async function parsed(html: string): Promise<HTMLElement> {
  fragmentParser ??= import('jsdom').then(({ JSDOM }) => {
    const { document } = new JSDOM('').window;
    return (text: string) => {
      const container = document.createElement('div');
      container.innerHTML = text;
      return container;
    };
  });
  return (await fragmentParser)(html);
}

/** `html` with every <img> of the stored picture `id` given `alt`; the text unchanged when none shows it. */
export async function withInlineAlt(html: string, id: string, alt: string): Promise<string> {
  if (!html.includes(`${MEDIA_URL_PREFIX}${id}`)) return html;
  const container = await parsed(html);
  let changed = false;
  for (const img of container.querySelectorAll('img')) {
    if (!(img.getAttribute('src') ?? '').startsWith(`${MEDIA_URL_PREFIX}${id}`)) continue;
    if (img.getAttribute('alt') === alt) continue;
    img.setAttribute('alt', alt);
    changed = true;
  }
  return changed ? container.innerHTML : html;
}

/**
 * Gives the picture's new alt text to every post and page that shows it inside its text (in the caller's
 * transaction); how many published ones changed, whose pages are rebuilt.
 */
export async function spreadAltText(db: Kysely<Database>, id: string, alt: string): Promise<number> {
  const pattern = `%${MEDIA_URL_PREFIX}${id}%`;
  let published = 0;
  const posts = await db
    .selectFrom('blogs')
    .select(['id', 'content', 'published'])
    .where('content', 'like', pattern)
    .execute();
  for (const post of posts) {
    const content = await withInlineAlt(post.content, id, alt);
    if (content === post.content) continue;
    await db.updateTable('blogs').set({ content }).where('id', '=', post.id).execute();
    if (post.published) published += 1;
  }
  const pages = await db
    .selectFrom('pages')
    .select(['id', 'content', 'published'])
    .where('content', 'like', pattern)
    .execute();
  for (const page of pages) {
    const content = await withInlineAlt(page.content, id, alt);
    if (content === page.content) continue;
    await db.updateTable('pages').set({ content }).where('id', '=', page.id).execute();
    if (page.published) published += 1;
  }
  return published;
}

/**
 * `html` with each library picture it shows given the library's alt text (the alt text belongs to the file): what a
 * post or page saves, so its pictures read as the library describes them whatever the sender wrote.
 */
export async function withLibraryAltText(db: Kysely<Database>, html: string): Promise<string> {
  const ids = inlinePictureIds(html);
  if (ids.length === 0) return html;
  const described = await db
    .selectFrom('media')
    .select(['file_name', 'alt'])
    .where(
      'file_name',
      'in',
      ids.map((id) => `${id}.webp`),
    )
    .where('alt', '!=', '')
    .execute();
  let text = html;
  for (const { file_name, alt } of described) text = await withInlineAlt(text, file_name.slice(0, 36), alt);
  return text;
}
