/** Fills an empty database with the Northwind Studio demo: branding, media files and every content list. */
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { SEARCH_BUTTON_DEFAULTS, SEO_PAGES } from '../../../shared/constants.ts';
import { amountToCents } from '../../../shared/money.ts';
import { slugify } from '../../../shared/slug.ts';
import type { SearchButton } from '../../../shared/types.ts';
import { storeMedia, storePicture } from '../../media/media-store.ts';
import type { Db } from '../connection.ts';
import type { CompanySettingsTable, SeoColumns } from '../schema.ts';
import { storeDemoAudio } from './audio.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoPublishing } from './demo-publishing.ts';
import { AUDIOS, BLOGS, COMPANY, EVENTS, PHOTOS, PRODUCTS, RECOMMENDATIONS, SEO, SLIDERS, VIDEOS } from './demo-content.ts';
import { renderIcon, renderLogo, renderPicture, type RenderedImage } from './images.ts';
import { ago, DAY_MS, startOfDay } from './seed-time.ts';

const HOUR_MS = 3_600_000;
/** sharp runs on libuv's pool; a few in flight keeps both cores busy without piling up raw bitmaps. */
const RENDER_CONCURRENCY = 4;

const embed = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;


/** Today's event starts in an hour or two (but still today); later ones at a fixed local hour. */
function eventStart(now: Date, startInDays: number, startHour: number): Date {
  if (startInDays === 0) {
    const soon = new Date(now.getTime() + 2 * HOUR_MS);
    soon.setMinutes(0, 0, 0);
    const lateToday = startOfDay(now);
    lateToday.setHours(23, 0, 0, 0);
    const start = Math.min(soon.getTime(), lateToday.getTime());
    return new Date(Math.max(start, now.getTime()));
  }
  const start = startOfDay(now);
  start.setDate(start.getDate() + startInDays);
  start.setHours(startHour, 0, 0, 0);
  return start;
}

/** Days from today to the last day of the current calendar month or year (DST-safe by rounding). */
function daysLeftIn(now: Date, unit: 'month' | 'year'): number {
  const today = startOfDay(now);
  const last = unit === 'month' ? new Date(today.getFullYear(), today.getMonth() + 1, 0) : new Date(today.getFullYear(), 11, 31);
  return Math.round((last.getTime() - today.getTime()) / DAY_MS);
}

/** "Later this month/year" events land in the calendar month/year when it has days left after the first week. */
function eventDay(now: Date, startInDays: number, within: 'month' | 'year' | undefined): number {
  if (!within) return startInDays;
  const left = daysLeftIn(now, within);
  return left >= 8 ? Math.min(startInDays, left) : startInDays;
}

/** Evenly spaced times between `from` and now, for comments and reviews after their parent. */
function spread(fromIso: string, now: Date, count: number): string[] {
  const from = Date.parse(fromIso);
  const step = (now.getTime() - from) / (count + 1);
  return Array.from({ length: count }, (_, i) => new Date(from + step * (i + 1)).toISOString());
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

type Job = () => Promise<RenderedImage>;

/** Renders every picture up front (CPU), so the transaction only does I/O. */
async function renderImages() {
  const groups = {
    brand: [
      () => renderLogo(COMPANY.name, COMPANY.primary_color, false),
      () => renderLogo(COMPANY.name, COMPANY.primary_color, true),
      () => renderIcon(COMPANY.name, COMPANY.primary_color),
      () => renderPicture('hero', '', 'hero'),
    ],
    sliders: SLIDERS.map((s): Job => () => renderPicture(`slider:${s.title}`, '', 'hero')),
    products: PRODUCTS.map((p): Job => () => renderPicture(`product:${p.name}`, p.name, 'card')),
    blogs: BLOGS.map((b): Job => () => renderPicture(`blog:${b.slug}`, b.title, 'card')),
    // Alternate 3:2 and 4:3 so the gallery has mixed shapes.
    photos: PHOTOS.map((p, i): Job => () => renderPicture(`photo:${p.title}`, p.title, i % 2 === 0 ? 'card' : 'cardTall')),
    events: EVENTS.map((e): Job => () => renderPicture(`event:${e.name}`, e.name, 'card')),
    recommendations: RECOMMENDATIONS.map((r): Job => () => renderPicture(`rec:${r.title}`, r.title, 'square')),
  };
  const names = Object.keys(groups) as (keyof typeof groups)[];
  const flat = names.flatMap((name) => groups[name]);
  const rendered = await mapLimit(flat, RENDER_CONCURRENCY, (job) => job());
  let offset = 0;
  const out = {} as Record<keyof typeof groups, RenderedImage[]>;
  for (const name of names) {
    out[name] = rendered.slice(offset, offset + groups[name].length);
    offset += groups[name].length;
  }
  return out;
}

function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`seed: missing item ${index}`);
  return item;
}

export async function seedDemo(db: Db, dataDir: string, now: Date = new Date()): Promise<void> {
  const images = await renderImages();
  const nowIso = now.toISOString();

  await db.transaction().execute(async (trx) => {
    // Pictures get responsive variants; logos and icons are stored as they are.
    const store = async (image: RenderedImage) =>
      image.contentType === 'image/webp'
        ? (await storePicture(trx, dataDir, image.bytes)).url
        : (await storeMedia(trx, dataDir, image.bytes, image.contentType, { width: image.width, height: image.height })).url;
    // A few at a time: encoding runs on libuv's pool and the file syncs overlap; order is kept.
    const storeAll = async (list: RenderedImage[]) => {
      const urls: string[] = [];
      for (let at = 0; at < list.length; at += RENDER_CONCURRENCY) {
        urls.push(...(await Promise.all(list.slice(at, at + RENDER_CONCURRENCY).map(store))));
      }
      return urls;
    };
    const [logo, logoDark, icon, hero] = await storeAll(images.brand);
    const sliderUrls = await storeAll(images.sliders);
    const productUrls = await storeAll(images.products);
    const blogUrls = await storeAll(images.blogs);
    const photoUrls = await storeAll(images.photos);
    const eventUrls = await storeAll(images.events);
    const recommendationUrls = await storeAll(images.recommendations);
    const audioUrls = await storeDemoAudio(trx, dataDir);

    // Company row id 1: keep an existing public_id so references to it stay valid.
    const seo = {} as SeoColumns;
    for (const page of SEO_PAGES) {
      seo[`seo_${page}_title`] = SEO[page].title;
      seo[`seo_${page}_description`] = SEO[page].description;
    }
    const company: Omit<Insertable<CompanySettingsTable>, 'id' | 'public_id'> = {
      ...COMPANY, ...seo, logo: logo ?? null, logo_dark: logoDark ?? null, icon: icon ?? null, hero_image: hero ?? null, updated_at: nowIso,
    };
    const existing = await trx.selectFrom('company_settings').select('public_id').where('id', '=', 1).executeTakeFirst();
    const companyId = existing?.public_id ?? randomUUID();
    if (existing) await trx.updateTable('company_settings').set(company).where('id', '=', 1).execute();
    else await trx.insertInto('company_settings').values({ id: 1, public_id: companyId, ...company }).execute();

    await trx.insertInto('sliders').values(SLIDERS.map((s, i) => {
      const searchButton: SearchButton = {
        ...SEARCH_BUTTON_DEFAULTS,
        enabled: s.searchEnabled,
        placeholder: s.searchPlaceholder,
        style: { ...SEARCH_BUTTON_DEFAULTS.style, backgroundColor: COMPANY.primary_color },
      };
      return {
        id: randomUUID(), title: s.title, subtitle: s.subtitle, link: s.youtubeId ? embed(s.youtubeId) : '', sort_order: i, type: s.type,
        image: at(sliderUrls, i), button1_text: s.button1_text, button1_link: s.button1_link, button2_text: s.button2_text,
        button2_link: s.button2_link, content_alignment: s.content_alignment, is_active: true, is_global_settings: false,
        company: companyId, search_button: JSON.stringify(searchButton), created_at: ago(now, 30 - i), updated_at: nowIso,
      };
    })).execute();

    await trx.insertInto('products').values(PRODUCTS.map((p, i) => ({
      id: randomUUID(), name: p.name, description: p.description, price_cents: amountToCents(p.price), stock: 4 + ((i * 7) % 37), image: at(productUrls, i), category: p.category,
      tags: JSON.stringify(p.tags), views: p.views, created_at: ago(now, p.ageDays),
    }))).execute();

    const blogRows = BLOGS.map((b, i) => ({
      id: randomUUID(), title: b.title, slug: b.slug, content: b.content, caption: b.caption, image: at(blogUrls, i),
      category: b.category, tags: JSON.stringify(b.tags), views: b.views, created_at: ago(now, b.ageDays),
    }));
    await trx.insertInto('blogs').values(blogRows).execute();
    const comments = BLOGS.flatMap((b, i) => {
      const blog = at(blogRows, i);
      const times = spread(blog.created_at, now, b.comments.length);
      return b.comments.map((c, k) => ({ id: randomUUID(), blog_id: blog.id, author: c.author, comment: c.comment, created_at: at(times, k) }));
    });
    if (comments.length > 0) await trx.insertInto('blog_comments').values(comments).execute();

    await trx.insertInto('photos').values(PHOTOS.map((p, i) => ({
      id: randomUUID(), title: p.title, caption: p.caption, image: at(photoUrls, i), tags: JSON.stringify(p.tags), category: p.category,
      resolution: p.resolution, views: p.views, likes: p.likes, downloads: p.downloads, published: p.published, created_at: ago(now, p.ageDays),
    }))).execute();

    await trx.insertInto('videos').values(VIDEOS.map((v) => ({
      id: randomUUID(), name: v.name, title: v.name, description: v.description, youtube: embed(v.youtubeId), category: v.category,
      duration: v.duration, quality: v.quality, tags: JSON.stringify(v.tags), views: v.views, likes: v.likes, created_at: ago(now, v.ageDays),
    }))).execute();

    const audioRows = AUDIOS.map((a) => ({
      id: randomUUID(), name: a.name, title: a.name, description: a.description, artist: a.artist,
      audio_file: at(audioUrls, a.track % audioUrls.length), type: a.type, category: a.category, duration: a.duration, quality: a.quality,
      tags: JSON.stringify(a.tags), plays: a.plays, downloads: a.downloads, rating: a.rating, created_at: ago(now, a.ageDays),
    }));
    await trx.insertInto('audios').values(audioRows).execute();
    const reviews = AUDIOS.flatMap((a, i) => {
      const audio = at(audioRows, i);
      const times = spread(audio.created_at, now, a.reviews.length);
      return a.reviews.map((r, k) => ({ id: randomUUID(), audio_id: audio.id, author: r.author, rating: r.rating, comment: r.comment, created_at: at(times, k) }));
    });
    if (reviews.length > 0) await trx.insertInto('audio_reviews').values(reviews).execute();

    await trx.insertInto('events').values(EVENTS.map((e, i) => {
      const start = eventStart(now, eventDay(now, e.startInDays, e.within), e.startHour);
      return {
        id: randomUUID(), slug: slugify(e.name), name: e.name, title: e.name, description: e.description, image: at(eventUrls, i), address: e.address,
        city: e.city, start_date: start.toISOString(), end_date: new Date(start.getTime() + e.durationHours * HOUR_MS).toISOString(),
        location: e.location, category: e.category, event_type: e.eventType, is_virtual: e.eventType === 'virtual',
        registrations: e.registrations, price_cents: amountToCents(e.price), created_at: ago(now, 20 + i * 3),
      };
    })).execute();

    await trx.insertInto('recommendations').values(RECOMMENDATIONS.map((r, i) => ({
      id: randomUUID(), image: at(recommendationUrls, i), title: r.title, caption: r.caption, tags: JSON.stringify(r.tags),
      popularity: r.popularity, created_at: ago(now, 10 + i),
    }))).execute();

    await seedDemoOrders(trx, now);
    await seedDemoPublishing(trx, dataDir, now);
  });
}

/** True when nothing has been created yet: no company row and no products, blogs, photos or sliders. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  for (const table of ['company_settings', 'products', 'blogs', 'photos', 'sliders'] as const) {
    const row = await db.selectFrom(table).select((eb) => eb.lit(1).as('found')).limit(1).executeTakeFirst();
    if (row) return false;
  }
  return true;
}
