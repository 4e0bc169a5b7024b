/** Fills an empty database with the Northwind Studio demo: branding, media files and every content list. */
import { randomUUID } from 'node:crypto';
import type { Insertable, Transaction } from 'kysely';
import { meanRating } from '../../shared/comments.ts';
import { SEARCH_BUTTON_DEFAULTS, SEO_PAGES } from '../../shared/constants.ts';
import { amountToCents } from '../../shared/money.ts';
import { slugify } from '../../shared/slug.ts';
import type { SearchButton } from '../../shared/types.ts';
import { storeEncodedPicture, storeMedia } from '../media/media-store.ts';
import { claimMedia } from '../media/pending-media.ts';
import type { VariantJob, VariantQueue } from '../media/variant-queue.ts';
import type { Db } from '../db/connection.ts';
import type { CompanySettingsTable, Database, SeoColumns } from '../db/schema.ts';
import { storeDemoAudio } from './audio.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { DEMO_CAPACITIES, demoRegistrations } from './demo-registrations.ts';
import { seedDemoPublishing } from './demo-publishing.ts';
import {
  AUDIOS,
  BLOGS,
  COMPANY,
  EVENTS,
  HERO_IMAGE,
  PHOTOS,
  PRODUCTS,
  RECOMMENDATIONS,
  SEO,
  SLIDERS,
  TEAM,
  VIDEOS,
  type DemoCover,
  type DemoRecommendation,
} from './demo-content.ts';
import { renderIcon, renderLogo } from './images.ts';
import {
  encodeAll,
  fetchYoutubeThumbnail,
  illustrationSource,
  photoSource,
  posterSource,
  type PictureSource,
  type ThumbnailFetcher,
} from './seed-pictures.ts';
import { ago, DAY_MS, eventStart, startOfDay } from './seed-time.ts';
import { syncEventTicket } from '../modules/events/event-tickets.service.ts';

const HOUR_MS = 3_600_000;
/** Stored files are written a few at a time: their syncs overlap without holding many pictures in flight. */
const STORE_CONCURRENCY = 4;
/** How long the seed waits for YouTube's thumbnails (all at once) before it uses the local posters. */
const THUMBNAIL_TIMEOUT_MS = 1500;

const embed = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;

export interface SeedOptions {
  /** Progress lines while seeding (prepareData's log). */
  log?: (line: string) => void;
  /** The picture cache (seed-pictures.ts seedCacheDir); unset, every picture is encoded. */
  cacheDir?: string | undefined;
  /**
   * Where uncached pictures' variants go to be encoded after the site is up (npm start); unset, every variant is
   * encoded before the seed returns.
   */
  variants?: VariantQueue | undefined;
  /** How video thumbnails are fetched; tests pass their own. */
  fetchThumbnail?: ThumbnailFetcher;
}

/** What the seed did: pictures stored and how many came from the cache. */
export interface SeedReport {
  pictures: number;
  cachedPictures: number;
  /** Pictures whose variants were left to the variant queue. */
  deferredPictures: number;
}

/** Days from today to the last day of the current calendar month or year (DST-safe by rounding). */
function daysLeftIn(now: Date, unit: 'month' | 'year'): number {
  const today = startOfDay(now);
  const last =
    unit === 'month' ? new Date(today.getFullYear(), today.getMonth() + 1, 0) : new Date(today.getFullYear(), 11, 31);
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

const coverSource = (cover: DemoCover): PictureSource =>
  typeof cover === 'string' ? photoSource(cover) : illustrationSource('products', cover.product);

/** The source of the picture a recommendation shows: the picture of the item it names. */
function recommendedSource(title: string): PictureSource {
  const product = PRODUCTS.find((p) => p.name === title);
  if (product) return illustrationSource('products', product.name);
  const blog = BLOGS.find((b) => b.title === title);
  if (blog) return coverSource(blog.cover);
  const event = EVENTS.find((e) => e.name === title);
  if (event) return coverSource(event.cover);
  const photo = PHOTOS.find((p) => p.title === title);
  if (photo) return photoSource(photo.file);
  const audio = AUDIOS.find((a) => a.name === title);
  if (audio) return illustrationSource('audio', audio.name);
  throw new Error(`seed: recommendation "${title}" names no demo item`);
}

/** How many of the demo's recommendations the admin has pinned to the front of the Featured row. */
const DEMO_PINS = 4;

/** The pins of the demo's first recommendations: each names a product, post, event, photo or audio item. */
async function demoPins(trx: Transaction<Database>, list: readonly DemoRecommendation[]) {
  const created_at = new Date().toISOString();
  const pins = [];
  for (const [position, { title }] of list.entries()) {
    const [kind, row] = PRODUCTS.some((p) => p.name === title)
      ? ['product', await trx.selectFrom('products').select('id').where('name', '=', title).executeTakeFirst()]
      : BLOGS.some((b) => b.title === title)
        ? ['blog', await trx.selectFrom('blogs').select('id').where('title', '=', title).executeTakeFirst()]
        : EVENTS.some((e) => e.name === title)
          ? ['event', await trx.selectFrom('events').select('id').where('name', '=', title).executeTakeFirst()]
          : PHOTOS.some((p) => p.title === title)
            ? ['photo', await trx.selectFrom('photos').select('id').where('title', '=', title).executeTakeFirst()]
            : ['audio', await trx.selectFrom('audios').select('id').where('name', '=', title).executeTakeFirst()];
    if (!row) throw new Error(`seed: recommendation "${title}" names no demo item`);
    pins.push({ content_type: kind, content_id: row.id, position, created_at });
  }
  return pins;
}

/** Every picture of the demo, by role, as sources (the same picture in two roles is one source, stored once). */
async function pictureSources(fetchThumbnail: ThumbnailFetcher) {
  // All thumbnails at once: offline, every request fails fast and the wait is one timeout at most.
  const thumbnails = await Promise.all(VIDEOS.map((v) => fetchThumbnail(v.youtubeId, THUMBNAIL_TIMEOUT_MS)));
  return {
    hero: [photoSource(HERO_IMAGE)],
    sliders: SLIDERS.map((s) => photoSource(s.image)),
    products: PRODUCTS.map((p) => illustrationSource('products', p.name)),
    blogs: BLOGS.map((b) => coverSource(b.cover)),
    photos: PHOTOS.map((p) => photoSource(p.file)),
    events: EVENTS.map((e) => coverSource(e.cover)),
    recommendations: RECOMMENDATIONS.map((r) => recommendedSource(r.title)),
    team: TEAM.map((m) => illustrationSource('team', m.name)),
    audioCovers: AUDIOS.map((a) => illustrationSource('audio', a.name)),
    posters: VIDEOS.map((v, i) => posterSource(v.name, v.youtubeId, thumbnails[i])),
  };
}

function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`seed: missing item ${index}`);
  return item;
}

/**
 * Seeds the demo. Pictures are encoded first (CPU, in parallel, through the picture cache), so the transaction only
 * writes files and rows. Progress goes to `options.log`.
 */
export async function seedDemo(
  db: Db,
  dataDir: string,
  now: Date = new Date(),
  options: SeedOptions = {},
): Promise<SeedReport> {
  const log = options.log ?? (() => undefined);
  const sources = await pictureSources(options.fetchThumbnail ?? fetchYoutubeThumbnail);
  const all = Object.values(sources).flat();
  let reported = 0;
  const encoded = await encodeAll(all, {
    cacheDir: options.cacheDir,
    deferVariants: !!options.variants,
    progress: (done, total) => {
      // About every tenth of the way, and at the end.
      if (done === total || done - reported >= Math.max(1, Math.round(total / 10))) {
        reported = done;
        log(`seeding demo content: pictures ${done}/${total}`);
      }
    },
  });
  const brand = await Promise.all([
    renderLogo(COMPANY.name, COMPANY.primary_color, false),
    renderLogo(COMPANY.name, COMPANY.primary_color, true),
    renderIcon(COMPANY.name, COMPANY.primary_color),
  ]);
  const nowIso = now.toISOString();

  const variantJobs: VariantJob[] = [];
  await db.transaction().execute(async (trx) => {
    // Each distinct picture stored once with its variants, a few at a time; roles then look their URL up by key.
    const urlByKey = new Map<string, string>();
    const pending = [...new Map([...encoded.values()].map((e) => [e.key, e.encoded]))];
    const storeNext = async (): Promise<void> => {
      for (let item = pending.shift(); item; item = pending.shift()) {
        const stored = await storeEncodedPicture(trx, dataDir, item[1]);
        urlByKey.set(item[0], stored.url);
        if (item[1].deferred) variantJobs.push({ fileName: stored.fileName, deferred: item[1].deferred });
      }
    };
    await Promise.all(Array.from({ length: STORE_CONCURRENCY }, storeNext));
    const urlsOf = (list: readonly PictureSource[]) =>
      list.map((source) => {
        const url = urlByKey.get(encoded.get(source.key)?.key ?? '');
        if (!url) throw new Error(`seed: picture ${source.key} was not stored`);
        return url;
      });
    const [logo, logoDark, icon] = await Promise.all(
      brand.map(
        async (image) =>
          (await storeMedia(trx, dataDir, image.bytes, image.contentType, { width: image.width, height: image.height }))
            .url,
      ),
    );
    const [hero] = urlsOf(sources.hero);
    const sliderUrls = urlsOf(sources.sliders);
    const productUrls = urlsOf(sources.products);
    const blogUrls = urlsOf(sources.blogs);
    const photoUrls = urlsOf(sources.photos);
    const eventUrls = urlsOf(sources.events);
    const recommendationUrls = urlsOf(sources.recommendations);
    const teamUrls = urlsOf(sources.team);
    const coverUrls = urlsOf(sources.audioCovers);
    const posterUrls = urlsOf(sources.posters);
    const audioUrls = await storeDemoAudio(trx, dataDir, AUDIOS);

    // Company row id 1: keep an existing public_id so references to it stay valid.
    const seo = {} as SeoColumns;
    for (const page of SEO_PAGES) {
      seo[`seo_${page}_title`] = SEO[page].title;
      seo[`seo_${page}_description`] = SEO[page].description;
    }
    const company: Omit<Insertable<CompanySettingsTable>, 'id' | 'public_id'> = {
      ...COMPANY,
      ...seo,
      logo: logo ?? null,
      logo_dark: logoDark ?? null,
      icon: icon ?? null,
      hero_image: hero ?? null,
      updated_at: nowIso,
    };
    const existing = await trx
      .selectFrom('company_settings')
      .select('public_id')
      .where('id', '=', 1)
      .executeTakeFirst();
    const companyId = existing?.public_id ?? randomUUID();
    if (existing) await trx.updateTable('company_settings').set(company).where('id', '=', 1).execute();
    else
      await trx
        .insertInto('company_settings')
        .values({ id: 1, public_id: companyId, ...company })
        .execute();

    await trx
      .insertInto('sliders')
      .values(
        SLIDERS.map((s, i) => {
          const searchButton: SearchButton = {
            ...SEARCH_BUTTON_DEFAULTS,
            enabled: s.searchEnabled,
            placeholder: s.searchPlaceholder,
            style: { ...SEARCH_BUTTON_DEFAULTS.style, backgroundColor: COMPANY.primary_color },
          };
          return {
            id: randomUUID(),
            title: s.title,
            subtitle: s.subtitle,
            link: s.youtubeId ? embed(s.youtubeId) : '',
            sort_order: i,
            type: s.type,
            image: at(sliderUrls, i),
            button1_text: s.button1_text,
            button1_link: s.button1_link,
            button2_text: s.button2_text,
            button2_link: s.button2_link,
            content_alignment: s.content_alignment,
            is_active: true,
            is_global_settings: false,
            company: companyId,
            search_button: JSON.stringify(searchButton),
            created_at: ago(now, 30 - i),
            updated_at: nowIso,
          };
        }),
      )
      .execute();

    await trx
      .insertInto('products')
      .values(
        PRODUCTS.map((p, i) => ({
          id: randomUUID(),
          slug: slugify(p.name),
          name: p.name,
          description: p.description,
          price_cents: amountToCents(p.price),
          stock: 4 + ((i * 7) % 37),
          image: at(productUrls, i),
          category: p.category,
          tags: JSON.stringify(p.tags),
          views: p.views,
          created_at: ago(now, p.ageDays),
        })),
      )
      .execute();

    const blogRows = BLOGS.map((b, i) => ({
      id: randomUUID(),
      title: b.title,
      slug: b.slug,
      content: b.content,
      caption: b.caption,
      image: at(blogUrls, i),
      category: b.category,
      tags: JSON.stringify(b.tags),
      views: b.views,
      created_at: ago(now, b.ageDays),
    }));
    await trx.insertInto('blogs').values(blogRows).execute();
    const comments = BLOGS.flatMap((b, i) => {
      const blog = at(blogRows, i);
      const times = spread(blog.created_at, now, b.comments.length);
      return b.comments.map((c, k) => ({
        id: randomUUID(),
        blog_id: blog.id,
        author: c.author,
        comment: c.comment,
        created_at: at(times, k),
      }));
    });
    if (comments.length > 0) await trx.insertInto('blog_comments').values(comments).execute();

    await trx
      .insertInto('photos')
      .values(
        PHOTOS.map((p, i) => ({
          id: randomUUID(),
          title: p.title,
          caption: p.caption,
          image: at(photoUrls, i),
          tags: JSON.stringify(p.tags),
          category: p.category,
          resolution: p.resolution,
          views: p.views,
          likes: p.likes,
          downloads: p.downloads,
          published: p.published,
          created_at: ago(now, p.ageDays),
        })),
      )
      .execute();

    await trx
      .insertInto('videos')
      .values(
        VIDEOS.map((v, i) => ({
          id: randomUUID(),
          name: v.name,
          title: v.name,
          description: v.description,
          youtube: embed(v.youtubeId),
          poster: at(posterUrls, i),
          category: v.category,
          duration: v.duration,
          quality: v.quality,
          tags: JSON.stringify(v.tags),
          views: v.views,
          likes: v.likes,
          created_at: ago(now, v.ageDays),
        })),
      )
      .execute();

    const audioRows = AUDIOS.map((a, i) => ({
      id: randomUUID(),
      name: a.name,
      title: a.name,
      description: a.description,
      artist: a.artist,
      audio_file: at(audioUrls, i),
      cover: at(coverUrls, i),
      type: a.type,
      category: a.category,
      duration: a.duration,
      quality: a.quality,
      tags: JSON.stringify(a.tags),
      plays: a.plays,
      downloads: a.downloads,
      // The rating shown is the mean of the approved reviews (every demo review is approved).
      rating: meanRating(a.reviews.map((r) => r.rating)),
      created_at: ago(now, a.ageDays),
    }));
    await trx.insertInto('audios').values(audioRows).execute();
    const reviews = AUDIOS.flatMap((a, i) => {
      const audio = at(audioRows, i);
      const times = spread(audio.created_at, now, a.reviews.length);
      return a.reviews.map((r, k) => ({
        id: randomUUID(),
        audio_id: audio.id,
        author: r.author,
        rating: r.rating,
        comment: r.comment,
        created_at: at(times, k),
      }));
    });
    if (reviews.length > 0) await trx.insertInto('audio_reviews').values(reviews).execute();

    const eventRows = EVENTS.map((e, i) => {
      const start = eventStart(now, eventDay(now, e.startInDays, e.within), e.startHour, e.timeZone);
      return {
        id: randomUUID(),
        slug: slugify(e.name),
        name: e.name,
        title: e.name,
        description: e.description,
        image: at(eventUrls, i),
        address: e.address,
        time_zone: e.timeZone,
        city: e.city,
        start_date: start.toISOString(),
        end_date: new Date(start.getTime() + e.durationHours * HOUR_MS).toISOString(),
        location: e.location,
        category: e.category,
        event_type: e.eventType,
        is_virtual: e.eventType === 'virtual',
        registrations: e.registrations,
        price_cents: amountToCents(e.price),
        capacity: DEMO_CAPACITIES[e.name] ?? 0,
        created_at: ago(now, 20 + i * 3),
      };
    });
    await trx.insertInto('events').values(eventRows).execute();
    // Free events' counts are confirmed registrations: their rows, so the admin's lists add up.
    const registrationRows = eventRows
      .filter((e) => e.price_cents === 0)
      .flatMap((e) => demoRegistrations(e.id, e.registrations, now));
    for (let k = 0; k < registrationRows.length; k += 200)
      await trx
        .insertInto('event_registrations')
        .values(registrationRows.slice(k, k + 200))
        .execute();
    // Paid events with a capacity get their ticket product as an admin's save would make it.
    for (const e of eventRows) if (e.price_cents > 0 && e.capacity > 0) await syncEventTicket(trx, e.id);

    await trx
      .insertInto('recommendations')
      .values(
        RECOMMENDATIONS.map((r, i) => ({
          id: randomUUID(),
          image: at(recommendationUrls, i),
          title: r.title,
          caption: r.caption,
          tags: JSON.stringify(r.tags),
          popularity: r.popularity,
          created_at: ago(now, 10 + i),
        })),
      )
      .execute();

    // The Featured row opens with the first recommendations, pinned in that order; popular items follow them.
    const pins = await demoPins(trx, RECOMMENDATIONS.slice(0, DEMO_PINS));
    await trx.insertInto('featured_pins').values(pins).execute();

    await trx
      .insertInto('team_members')
      .values(
        TEAM.map((m, i) => ({
          id: randomUUID(),
          name: m.name,
          role: m.role,
          bio: m.bio,
          photo: at(teamUrls, i),
          sort_order: i,
          created_at: ago(now, 30),
          updated_at: null,
        })),
      )
      .execute();

    await seedDemoOrders(trx, now);
    await seedDemoPublishing(trx, dataDir, now);
    // Every file the seed stored is named by a record written above, in this transaction.
    await claimMedia(trx, ...urlByKey.values(), logo, logoDark, icon, ...audioUrls);
  });
  // Queued once their pictures' rows are committed.
  options.variants?.add(variantJobs);
  const stored = new Map([...encoded.values()].map((e) => [e.key, e.encoded]));
  return {
    pictures: stored.size,
    cachedPictures: [...stored.values()].filter((e) => e.cached).length,
    deferredPictures: variantJobs.length,
  };
}

/** True when nothing has been created yet: no company row and no products, blogs, photos or sliders. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  for (const table of ['company_settings', 'products', 'blogs', 'photos', 'sliders'] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.lit(1).as('found'))
      .limit(1)
      .executeTakeFirst();
    if (row) return false;
  }
  return true;
}
