/**
 * The publish checks, run before every build of the site (and at start, and when the admin asks): every published
 * post, page, product, event, audio and active hero slide, and the theme, is checked as visitors would get it. A post,
 * page or slide with an error is held back (held.ts), which may break links to it from others: the link checks run
 * again until no new item is held. After an in-process build, the items' pages are weighed.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { contrastChecks } from '../../../lib/theme-contrast.ts';
import { mediaAddress, MEDIA_URL_PREFIX } from '../../../shared/media-url.ts';
import type { CheckFinding, CheckedItem, CheckedKind } from '../../../shared/publish-checks.ts';
import type { Company } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { mediaStorageAt } from '../../media/storage/media-storage.ts';
import { companyFromRow } from '../company/company.service.ts';
import { findCompanyRow } from '../company/company.repository.ts';
import { noteWrite } from '../content/list-rows-cache.ts';
import { invalidateCompany } from '../company/company.cache.ts';
import { themeColours } from './held.ts';
import {
  brokenLinks,
  contrastFinding,
  FIXED_PATHS,
  hasError,
  missingAltText,
  oversizedPictures,
  pageWeight,
  searchLengths,
  type LiveSite,
  type PictureSize,
} from './check-rules.ts';
import { slideTextContrast } from './picture-contrast.ts';
import {
  readReport,
  redirectSources,
  saveCheckRun,
  savePageWeights,
  type WeighedPage,
} from './publish-checks.repository.ts';
import { textFacts } from './text-facts.ts';

/** The widest each kind shows a picture, in CSS pixels, and the density of the sharpest screens it is made for. */
const SHOWN_CSS_PX = { cover: 1280, inline: 768, product: 800, event: 1280, audio: 240, slide: 1920 } as const;
const DENSITY = 2;
const shownPx = (slot: keyof typeof SHOWN_CSS_PX) => SHOWN_CSS_PX[slot] * DENSITY;

const HOLDABLE: ReadonlySet<CheckedKind> = new Set(['blog', 'page', 'slide', 'theme']);

/** An item as the checks see it: what it links to, the pictures it shows, and the findings that need no other item. */
interface Candidate {
  item: ItemRef;
  hrefs: string[];
  own: CheckFinding[];
}

const search = (tab: string, title: string) => `/admin/content?tab=${tab}&q=${encodeURIComponent(title)}`;

type ItemRef = Omit<CheckedItem, 'held' | 'findings'>;

/** Where each kind of item with a page of its own is found, and where the admin fixes it. */
const refs = {
  blog: (r: { id: string; title: string; slug: string }): ItemRef => ({
    kind: 'blog',
    id: r.id,
    title: r.title,
    path: `/blogs/${r.slug}`,
    fixHref: search('Blogs', r.title),
  }),
  page: (r: { id: string; title: string; slug: string }): ItemRef => ({
    kind: 'page',
    id: r.id,
    title: r.title,
    path: `/pages/${r.slug}`,
    fixHref: search('Pages', r.title),
  }),
  product: (r: { id: string; name: string; slug: string }): ItemRef => ({
    kind: 'product',
    id: r.id,
    title: r.name,
    path: `/shop/${r.slug}`,
    fixHref: `/admin/manage-products?q=${encodeURIComponent(r.name)}`,
  }),
  event: (r: { id: string; name: string; slug: string }): ItemRef => ({
    kind: 'event',
    id: r.id,
    title: r.name,
    path: `/events/${r.slug}`,
    fixHref: search('Events', r.name),
  }),
  audio: (r: { id: string; name: string }): ItemRef => ({
    kind: 'audio',
    id: r.id,
    title: r.name,
    path: `/audio/${r.id}`,
    fixHref: search('Audio', r.name),
  }),
};

export interface CheckOptions {
  dataDir: string;
  /** The site's address: links written with it in full are checked as the site's own. */
  siteUrl: string;
  now?: Date;
}

/** Runs the checks over what the site publishes now, and saves their findings and holds. */
export async function runPublishChecks(db: Db, options: CheckOptions): Promise<{ checked: number; held: number }> {
  const { candidates, theme } = await gather(db, options.dataDir);
  const items = evaluate(candidates, await redirectSources(db), hostOf(options.siteUrl));
  const withFindings = items.filter((item) => item.findings.length > 0);
  const themeHeld = items.some((item) => item.kind === 'theme' && item.held);
  await saveCheckRun(db, withFindings, candidates.length, (options.now ?? new Date()).toISOString(), {
    keptTheme: themeHeld ? null : JSON.stringify(themeColours(theme)),
  });
  // Public lists and the company's answer are cached; a hold changes them.
  noteWrite(db);
  invalidateCompany(db);
  return { checked: candidates.length, held: items.filter((item) => item.held).length };
}

function hostOf(siteUrl: string): string | null {
  try {
    return new URL(siteUrl).host;
  } catch {
    return null;
  }
}

/**
 * Each candidate's findings and hold: its own errors hold a holdable item; then links to a held or missing page are
 * errors too, until no new item is held.
 */
export function evaluate(candidates: readonly Candidate[], redirects: ReadonlySet<string>, host: string | null) {
  const held = new Set(
    candidates.filter((c) => HOLDABLE.has(c.item.kind) && hasError(c.own)).map((c) => `${c.item.kind}:${c.item.id}`),
  );
  for (;;) {
    const paths = new Set(FIXED_PATHS);
    for (const c of candidates)
      if (c.item.path !== null && !held.has(`${c.item.kind}:${c.item.id}`)) {
        paths.add(c.item.path);
        if (c.item.kind === 'event') paths.add(`${c.item.path}.ics`);
      }
    const site: LiveSite = { paths, redirects };
    const results = candidates.map((c) => ({ ...c.item, findings: [...c.own, ...brokenLinks(c.hrefs, site, host)] }));
    let more = false;
    for (const result of results) {
      const key = `${result.kind}:${result.id}`;
      if (HOLDABLE.has(result.kind) && hasError(result.findings) && !held.has(key)) {
        held.add(key);
        more = true;
      }
    }
    if (!more) return results.map((result) => ({ ...result, held: held.has(`${result.kind}:${result.id}`) }));
  }
}

/** Stored pictures' widths by address (/media/<name>). */
async function pictureWidths(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('media').select(['file_name', 'width']).where('width', 'is not', null).execute();
  return new Map(rows.map((row) => [`${MEDIA_URL_PREFIX}${row.file_name}`, Number(row.width)]));
}

/** The pictures of `sources` that are stored here, with their widths and the most pixels they are shown at. */
function sizes(widths: Map<string, number>, sources: readonly [src: string, shown: number][]): PictureSize[] {
  return sources.flatMap(([src, shown]) => {
    const width = widths.get(mediaAddress(src));
    return width === undefined ? [] : [{ src: mediaAddress(src), width, shownPx: shown }];
  });
}

/** A rich text's own findings (its pictures' alt text and sizes) and its links. */
function textCandidate(widths: Map<string, number>, html: string, cover: string | null) {
  const facts = textFacts(html);
  const shown: [string, number][] = facts.pictures.map((p) => [p.src, shownPx('inline')]);
  if (cover) shown.push([cover, shownPx('cover')]);
  return { hrefs: facts.hrefs, own: [...missingAltText(facts.pictures), ...oversizedPictures(sizes(widths, shown))] };
}

/** The published items with a page of their own, with what the checks read of each. */
async function publishedItems(db: Db) {
  const [blogs, pages, products, events, audios] = await Promise.all([
    db
      .selectFrom('blogs')
      .select(['id', 'title', 'slug', 'content', 'caption', 'image'])
      .where('published', '=', true)
      .execute(),
    db.selectFrom('pages').select(['id', 'title', 'slug', 'content']).where('published', '=', true).execute(),
    db
      .selectFrom('products')
      .select(['id', 'name', 'slug', 'description', 'image'])
      .where('published', '=', true)
      .where('event_id', 'is', null)
      .execute(),
    db
      .selectFrom('events')
      .select(['id', 'name', 'slug', 'description', 'image'])
      .where('published', '=', true)
      .execute(),
    db.selectFrom('audios').select(['id', 'name', 'description', 'cover']).where('published', '=', true).execute(),
  ]);
  return { blogs, pages, products, events, audios };
}

async function gather(db: Db, dataDir: string): Promise<{ candidates: Candidate[]; theme: Company }> {
  const [widths, { blogs, pages, products, events, audios }, slides, company] = await Promise.all([
    pictureWidths(db),
    publishedItems(db),
    db
      .selectFrom('sliders')
      .select(['id', 'title', 'subtitle', 'image', 'link', 'button1_link', 'button2_link', 'content_alignment'])
      .where('is_active', '=', true)
      .execute(),
    findCompanyRow(db),
  ]);
  const theme = companyFromRow(company);
  const out: Candidate[] = [];
  for (const blog of blogs) {
    const text = textCandidate(widths, blog.content, blog.image || null);
    out.push({
      item: refs.blog(blog),
      hrefs: text.hrefs,
      own: [...text.own, ...searchLengths(blog.title, blog.caption)],
    });
  }
  for (const page of pages) {
    const text = textCandidate(widths, page.content, null);
    out.push({
      item: refs.page(page),
      hrefs: text.hrefs,
      own: [...text.own, ...searchLengths(page.title, null)],
    });
  }
  for (const product of products)
    out.push({
      item: refs.product(product),
      hrefs: [],
      own: [
        ...searchLengths(product.name, product.description),
        ...oversizedPictures(sizes(widths, [[product.image, shownPx('product')]])),
      ],
    });
  for (const event of events)
    out.push({
      item: refs.event(event),
      hrefs: [],
      own: [
        ...searchLengths(event.name, event.description),
        ...oversizedPictures(sizes(widths, [[event.image, shownPx('event')]])),
      ],
    });
  for (const audio of audios)
    out.push({
      item: refs.audio(audio),
      hrefs: [],
      own: [
        ...searchLengths(audio.name, audio.description),
        ...oversizedPictures(sizes(widths, [[audio.cover, shownPx('audio')]])),
      ],
    });
  for (const slide of slides)
    out.push({
      item: {
        kind: 'slide',
        id: slide.id,
        title: slide.title || 'Untitled slide',
        path: null,
        fixHref: '/admin/edit-hero',
      },
      hrefs: [slide.link, slide.button1_link, slide.button2_link].filter((href) => href.trim() !== ''),
      own: [
        ...(await slideContrast(dataDir, slide)),
        ...oversizedPictures(sizes(widths, [[slide.image, shownPx('slide')]])),
      ],
    });
  out.push({
    item: { kind: 'theme', id: 'theme', title: 'Theme colours', path: null, fixHref: '/admin/theme-settings' },
    hrefs: [],
    own: contrastChecks(theme).flatMap((check) =>
      contrastFinding(`${check.what} in the ${check.mode} theme`, check.ratio),
    ),
  });
  return { candidates: out, theme };
}

/**
 * Measured contrasts by picture URL (a replaced file gets a new ?v=), alignment and DATA_DIR: a rebuild decodes only
 * the pictures of slides that changed.
 */
const measured = new Map<string, number | null>();
const MEASURED_MAX = 500;

/** The contrast of a slide's text on its picture; null for a picture that is not stored here or cannot be read. */
async function measuredContrast(dataDir: string, image: string, alignment: string): Promise<number | null> {
  const key = `${dataDir}|${image}|${alignment}`;
  const known = measured.get(key);
  if (known !== undefined) return known;
  const address = mediaAddress(image);
  let ratio: number | null = null;
  const object = address.startsWith(MEDIA_URL_PREFIX)
    ? await mediaStorageAt(dataDir).media.get(address.slice(MEDIA_URL_PREFIX.length))
    : undefined;
  if (object) {
    const bytes = new Uint8Array(await new Response(object.body).arrayBuffer());
    // A picture sharp cannot read is shown as a broken image either way: nothing to measure.
    ratio = await slideTextContrast(bytes, alignment).catch(() => null);
  }
  if (measured.size >= MEASURED_MAX) measured.clear();
  measured.set(key, ratio);
  return ratio;
}

/** The contrast finding of a slide's text on its picture; none for a slide without text or a stored picture. */
async function slideContrast(
  dataDir: string,
  slide: { title: string; subtitle: string; image: string; content_alignment: string },
): Promise<CheckFinding[]> {
  if (`${slide.title}${slide.subtitle}`.trim() === '' || slide.image === '') return [];
  const ratio = await measuredContrast(dataDir, slide.image, slide.content_alignment);
  return ratio === null ? [] : contrastFinding('The text on the slide’s picture', ratio);
}

/** The compressed size of a built page: its precompressed copy when the build wrote one. */
async function servedBytes(file: string): Promise<number | null> {
  if (existsSync(`${file}.br`)) return (await stat(`${file}.br`)).size;
  if (!existsSync(file)) return null;
  return brotliCompressSync(await readFile(file)).byteLength;
}

/** Weighs the pages the build in `outDir` wrote for the checked items, and saves what is over its budget. */
export async function weighBuiltPages(db: Db, outDir: string, now = new Date()): Promise<void> {
  const report = await readReport(db);
  const held = new Set(report.items.filter((i) => i.held).map((i) => `${i.kind}:${i.id}`));
  const pages: WeighedPage[] = [];
  for (const item of await itemPages(db)) {
    if (held.has(`${item.kind}:${item.id}`)) continue;
    const bytes = await servedBytes(join(outDir, item.path, 'index.html'));
    const findings = bytes === null ? [] : pageWeight(item.path, bytes);
    if (findings.length > 0) pages.push({ ...item, findings });
  }
  await savePageWeights(db, pages, now.toISOString());
}

/** Every published item with a page of its own, as the checks name it. */
async function itemPages(db: Db): Promise<Omit<WeighedPage, 'findings'>[]> {
  const { blogs, pages, products, events, audios } = await publishedItems(db);
  return [
    ...blogs.map(refs.blog),
    ...pages.map(refs.page),
    ...products.map(refs.product),
    ...events.map(refs.event),
    ...audios.map(refs.audio),
  ].flatMap((ref) => (ref.path === null ? [] : [{ ...ref, path: ref.path }]));
}
