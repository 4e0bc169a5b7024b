/**
 * The demo seed fills a fresh database with varied, believable content: real photographs, illustrations, films with
 * their real running times, audio whose listed length is the file's, and enough spread that the filters have hits.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { VARIANT_WIDTHS, variantName } from '../../src/shared/image-variants.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { isDatabaseEmpty, seedDemo, type SeedReport } from '../../src/server/seed/seed-demo.ts';
import { AUDIOS, EVENTS, PHOTOS, RECOMMENDATIONS, TEAM } from '../../src/server/seed/demo-content.ts';
import { seedCacheDir, type ThumbnailFetcher } from '../../src/server/seed/seed-pictures.ts';
import { utcToZoned } from '../../src/shared/time-zone.ts';
import {
  AUDIO_QUALITIES,
  AUDIO_TYPES,
  BLOG_CATEGORIES,
  EVENT_CATEGORIES,
  EVENT_TYPES,
  PHOTO_CATEGORIES,
  PHOTO_RESOLUTIONS,
  PRODUCT_CATEGORIES,
  SEARCH_BUTTON_DEFAULTS,
  SEO_PAGES,
  VIDEO_CATEGORIES,
  VIDEO_QUALITIES,
} from '../../src/shared/constants.ts';

const DAY = 86_400_000;
const now = new Date();
let dir = '';
let db: Db;
let emptyBefore: boolean | undefined;
let report: SeedReport;
/** The picture cache the test seeds share (the default one, so a second run of the suite is fast). */
const cacheDir = seedCacheDir();
/** Offline on purpose: the posters are the local ones whatever the network. */
const noThumbnails: ThumbnailFetcher = () => Promise.resolve(undefined);
const PHOTO_ASSETS = new URL('../../src/server/seed/assets/photos/', import.meta.url);

/** Each band predicate must match at least one value. */
function expectEveryBand(values: number[], bands: Record<string, (v: number) => boolean>) {
  for (const [name, test] of Object.entries(bands)) expect(values.some(test), `band ${name}`).toBe(true);
}

function expectCovers(values: string[], expected: readonly string[]) {
  for (const value of expected) expect(values, `missing ${value}`).toContain(value);
}

const localDay = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
const fileOf = (url: string) => url.replace(/^\/media\//, '');

// Each hook hands back its own cleanup, so what was made is removed whichever step fails.
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'seed-test-'));
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
});
beforeAll(() => {
  db = createDb({ dataDir: dir });
  return () => db.destroy();
});
beforeAll(async () => {
  await migrateToLatest(db);
  emptyBefore = await isDatabaseEmpty(db);
  report = await seedDemo(db, dir, now, { cacheDir, fetchThumbnail: noThumbnails });
}, 240_000);

describe('seedDemo', () => {
  // How long seeding takes is the benchmark's to judge (the product's ready time), not a timed test's.
  it('reports emptiness before and after', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(db)).toBe(false);
  });

  it('creates the expected number of rows', async () => {
    const count = async (
      table:
        'products' | 'blogs' | 'photos' | 'videos' | 'audios' | 'events' | 'sliders' | 'recommendations' | 'orders',
    ) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('products')).toBeGreaterThanOrEqual(24);
    expect(await count('blogs')).toBe(12);
    expect(await count('photos')).toBe(24);
    expect(await count('videos')).toBe(8);
    expect(await count('audios')).toBe(12);
    expect(await count('events')).toBe(12);
    expect(await count('sliders')).toBe(3);
    expect(await count('recommendations')).toBe(8);
    expect(await count('orders')).toBeGreaterThan(0);
  });

  it('writes the company row with branding, theme and SEO texts', async () => {
    const company = await db.selectFrom('company_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(company.public_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(company.name).toBeTruthy();
    expect(company.website).not.toMatch(/^https?:/);
    for (const key of [
      'social_facebook',
      'social_instagram',
      'social_twitter',
      'social_linkedin',
      'primary_color',
      'secondary_color',
    ] as const) {
      expect(company[key]).toBeTruthy();
    }
    for (const page of SEO_PAGES) {
      expect(company[`seo_${page}_title`]).toBeTruthy();
      expect(company[`seo_${page}_description`]).toBeTruthy();
    }
  });

  it('covers every shop category and price band', async () => {
    // The shop's own products: an event's ticket is sold from its event's page.
    const rows = await db
      .selectFrom('products')
      .select(['category', 'price_cents', 'tags'])
      .where('event_id', 'is', null)
      .execute();
    expectCovers(
      rows.map((r) => r.category),
      PRODUCT_CATEGORIES,
    );
    for (const row of rows) expect(Number.isInteger(row.price_cents)).toBe(true);
    expectEveryBand(
      rows.map((r) => r.price_cents / 100),
      {
        'under 50': (p) => p < 50,
        '50-100': (p) => p >= 50 && p <= 100,
        '100-500': (p) => p > 100 && p <= 500,
        'over 500': (p) => p > 500,
      },
    );
    for (const row of rows) expect(Array.isArray(JSON.parse(row.tags))).toBe(true);
  });

  it('covers every blog category and timeframe, with unique slugs and 0-4 comments', async () => {
    const rows = await db.selectFrom('blogs').select(['id', 'slug', 'category', 'created_at', 'content']).execute();
    expectCovers(
      rows.map((r) => r.category),
      BLOG_CATEGORIES,
    );
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    const ages = rows.map((r) => now.getTime() - Date.parse(r.created_at));
    expect(rows.some((r) => localDay(new Date(r.created_at)) === localDay(now))).toBe(true);
    expectEveryBand(ages, {
      'this week': (a) => a > DAY && a <= 7 * DAY,
      'this month': (a) => a > 7 * DAY && a <= 30 * DAY,
      'this year': (a) => a > 30 * DAY && a <= 365 * DAY,
      older: (a) => a > 365 * DAY,
    });
    for (const row of rows) expect(row.content).toMatch(/<p>[\s\S]*<h2>[\s\S]*<ul>/);
    const comments = await db.selectFrom('blog_comments').select('blog_id').execute();
    const perBlog = rows.map((r) => comments.filter((c) => c.blog_id === r.id).length);
    expect(Math.min(...perBlog)).toBe(0);
    expect(Math.max(...perBlog)).toBeLessThanOrEqual(4);
    expect(comments.length).toBeGreaterThan(0);
  });

  // Real photographs decide the spread: no licensed picture shows people, none was taken at 8K.
  it('spreads the photos over the categories and resolutions the pictures allow, with two drafts', async () => {
    const rows = await db.selectFrom('photos').select(['category', 'resolution', 'published']).execute();
    for (const row of rows) {
      expect(PHOTO_CATEGORIES).toContain(row.category);
      expect(PHOTO_RESOLUTIONS).toContain(row.resolution);
    }
    expect(new Set(rows.map((r) => r.category)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.resolution)).size).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r) => !r.published)).toHaveLength(2);
  });

  it("shows photographs in the gallery: each photo its own asset, stored at the asset's size", async () => {
    const rows = await db.selectFrom('photos').select(['title', 'image']).execute();
    expect(new Set(rows.map((r) => r.image)).size).toBe(rows.length);
    expect(new Set(PHOTOS.map((p) => p.file)).size).toBe(PHOTOS.length);
    for (const photo of PHOTOS) {
      const row = rows.find((r) => r.title === photo.title);
      const stored = await sharp(join(dir, 'media', fileOf(row?.image ?? ''))).metadata();
      const asset = await sharp(readFileSync(new URL(`${photo.file}.webp`, PHOTO_ASSETS))).metadata();
      expect([stored.format, stored.width, stored.height], photo.title).toEqual(['webp', asset.width, asset.height]);
    }
  });

  it('lists the open movies with embed links, real running times and a poster each', async () => {
    const rows = await db
      .selectFrom('videos')
      .select(['name', 'category', 'quality', 'duration', 'youtube', 'poster'])
      .execute();
    for (const row of rows) {
      expect(VIDEO_CATEGORIES).toContain(row.category);
      expect(VIDEO_QUALITIES).toContain(row.quality);
      expect(row.youtube).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/);
      // Blender Studio's shorts run between three and fifteen minutes.
      expect(row.duration).toBeGreaterThanOrEqual(180);
      expect(row.duration).toBeLessThan(900);
      // Offline, the poster is the local 16:9 one.
      expect(await sharp(join(dir, 'media', fileOf(row.poster))).metadata()).toMatchObject({
        format: 'webp',
        width: 1280,
        height: 720,
      });
    }
    expect(new Set(rows.map((r) => r.youtube)).size).toBe(rows.length);
    expect(rows.find((r) => r.name === 'Sintel')?.duration).toBe(888);
  });

  it("covers every audio type and quality, with 0-3 reviews, covers, and listed durations that are the files' lengths", async () => {
    const rows = await db
      .selectFrom('audios')
      .select(['id', 'name', 'type', 'quality', 'duration', 'audio_file', 'cover', 'category', 'artist'])
      .execute();
    expectCovers(
      rows.map((r) => r.type),
      AUDIO_TYPES,
    );
    expectCovers(
      rows.map((r) => r.quality),
      AUDIO_QUALITIES,
    );
    for (const row of rows) expect(row.category && row.artist).toBeTruthy();
    expect(new Set(rows.map((r) => r.audio_file)).size).toBe(rows.length);
    let bytes = 0;
    for (const row of rows) {
      const wav = readFileSync(join(dir, 'media', fileOf(row.audio_file)));
      bytes += wav.byteLength;
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
      const { format } = await parseBuffer(wav, { mimeType: 'audio/wav' });
      expect(format.numberOfChannels).toBe(1);
      expect(format.bitsPerSample).toBe(16);
      expect(format.duration, row.name).toBeCloseTo(row.duration, 1);
      expect(await sharp(join(dir, 'media', fileOf(row.cover))).metadata(), row.name).toMatchObject({
        format: 'webp',
        width: 800,
        height: 800,
      });
    }
    expect(rows.map((r) => r.duration).sort()).toEqual(AUDIOS.map((a) => a.duration).sort());
    expect(bytes).toBeLessThan(6_000_000);
    const reviews = await db.selectFrom('audio_reviews').select('audio_id').execute();
    const perAudio = rows.map((r) => reviews.filter((v) => v.audio_id === r.id).length);
    expect(Math.min(...perAudio)).toBe(0);
    expect(Math.max(...perAudio)).toBeLessThanOrEqual(3);
  });

  it('covers every event category and location type, with dates today, tomorrow, this week and later', async () => {
    const rows = await db
      .selectFrom('events')
      .select(['category', 'event_type', 'is_virtual', 'start_date', 'end_date', 'price_cents'])
      .execute();
    expectCovers(
      rows.map((r) => r.category),
      EVENT_CATEGORIES,
    );
    expectCovers(
      rows.map((r) => r.event_type),
      EVENT_TYPES,
    );
    for (const row of rows) {
      expect(Boolean(row.is_virtual)).toBe(row.event_type === 'virtual');
      expect(Date.parse(row.end_date)).toBeGreaterThan(Date.parse(row.start_date));
    }
    const starts = rows.map((r) => new Date(r.start_date));
    const tomorrow = new Date(now);
    tomorrow.setDate(tomorrow.getDate() + 1);
    expect(starts.some((s) => localDay(s) === localDay(now))).toBe(true);
    expect(starts.some((s) => localDay(s) === localDay(tomorrow))).toBe(true);
    expect(starts.some((s) => s.getTime() > tomorrow.getTime() + DAY && s.getTime() <= now.getTime() + 7 * DAY)).toBe(
      true,
    );
    expect(starts.some((s) => s.getTime() > now.getTime() + 7 * DAY && s.getTime() <= now.getTime() + 31 * DAY)).toBe(
      true,
    );
    expect(starts.some((s) => s.getTime() > now.getTime() + 31 * DAY)).toBe(true);
    expect(rows.some((r) => r.price_cents === 0) && rows.some((r) => r.price_cents > 0)).toBe(true);
  });

  it('gives every event its zone and starts it on the hour there', async () => {
    const rows = await db.selectFrom('events').select(['name', 'time_zone', 'start_date']).execute();
    for (const event of EVENTS) {
      const row = rows.find((r) => r.name === event.name);
      expect(row?.time_zone, event.name).toBe(event.timeZone);
      const wall = utcToZoned(row?.start_date ?? '', event.timeZone);
      // Today's event starts within the next hours (late at night, that may be off the hour, so it stays today);
      // every other one on its own hour.
      if (event.startInDays > 0) {
        expect(wall.slice(14), event.name).toBe('00');
        expect(Number(wall.slice(11, 13)), event.name).toBe(event.startHour);
      }
    }
    expect(rows.find((r) => r.name === 'Global Craft Week')?.time_zone).toBe('Europe/Berlin');
    expect(rows.find((r) => r.name === 'Harbour Jazz Night')?.time_zone).toBe('America/Los_Angeles');
  });

  it('seeds the team in order, each with a square portrait', async () => {
    const rows = await db.selectFrom('team_members').selectAll().orderBy('sort_order').execute();
    expect(rows.map((r) => [r.name, r.role, r.sort_order])).toEqual(TEAM.map((m, i) => [m.name, m.role, i]));
    for (const row of rows) {
      expect(row.bio).toMatch(/\.$/);
      expect(await sharp(join(dir, 'media', fileOf(row.photo))).metadata()).toMatchObject({
        format: 'webp',
        width: 800,
        height: 800,
      });
    }
  });

  it("publishes the design studio's services as its plans, in order, the full identity highlighted", async () => {
    const rows = await db.selectFrom('plans').selectAll().orderBy('sort_order').execute();
    expect(
      rows.map((r) => [r.name, r.price_cents, r.billing_period, Boolean(r.highlighted), Boolean(r.published)]),
    ).toEqual([
      ['Brand Sprint', 240000, 'once', false, true],
      ['Full Identity', 850000, 'once', true, true],
      ['Design Retainer', 180000, 'month', false, true],
    ]);
    for (const row of rows) expect((JSON.parse(row.features) as string[]).length).toBeGreaterThanOrEqual(4);
  });

  it('sells the seats left of a paid event with a capacity as its ticket', async () => {
    const jazz = await db
      .selectFrom('events')
      .select(['id', 'registrations', 'capacity', 'price_cents', 'ticket_product_id'])
      .where('name', '=', 'Harbour Jazz Night')
      .executeTakeFirstOrThrow();
    const ticket = await db
      .selectFrom('products')
      .select(['id', 'price_cents', 'stock', 'published'])
      .where('event_id', '=', jazz.id)
      .executeTakeFirstOrThrow();
    expect(jazz.ticket_product_id).toBe(ticket.id);
    expect(ticket.price_cents).toBe(jazz.price_cents);
    expect(ticket.stock).toBe(jazz.capacity - jazz.registrations);
    expect(ticket.stock).toBeGreaterThan(0);
    expect(Boolean(ticket.published)).toBe(true);
  });

  it('shows each recommendation with the picture of the item it names', async () => {
    const rows = await db.selectFrom('recommendations').select(['title', 'image']).execute();
    const pictures = new Map<string, string>();
    for (const table of ['products', 'events'] as const) {
      for (const r of await db.selectFrom(table).select(['name', 'image']).execute()) pictures.set(r.name, r.image);
    }
    for (const r of await db.selectFrom('blogs').select(['title', 'image']).execute()) pictures.set(r.title, r.image);
    for (const r of await db.selectFrom('photos').select(['title', 'image']).execute()) pictures.set(r.title, r.image);
    for (const r of await db.selectFrom('audios').select(['name', 'cover']).execute()) pictures.set(r.name, r.cover);
    expect(rows).toHaveLength(RECOMMENDATIONS.length);
    for (const row of rows) expect(row.image, row.title).toBe(pictures.get(row.title));
  });

  it('orders the sliders, includes a video slide and stores search-button JSON', async () => {
    const rows = await db.selectFrom('sliders').selectAll().orderBy('sort_order').execute();
    expect(rows.map((r) => r.sort_order)).toEqual([0, 1, 2]);
    const video = rows.find((r) => r.type === 'video');
    expect(video?.link).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/);
    expectCovers(
      rows.map((r) => r.content_alignment),
      ['left', 'center', 'right'],
    );
    const buttons = rows.map((r) => JSON.parse(r.search_button) as Record<string, unknown>);
    for (const button of buttons)
      expect(Object.keys(button).sort()).toEqual(Object.keys(SEARCH_BUTTON_DEFAULTS).sort());
    expect(buttons[0]?.['enabled']).toBe(true);
  });

  it('makes the dashboard revenue non-zero', async () => {
    const { sum } = await db
      .selectFrom('orders')
      // A number on SQLite, numeric text on PostgreSQL.
      .select((eb) => eb.fn.sum<number | string>('total_cents').as('sum'))
      .executeTakeFirstOrThrow();
    expect(Number(sum)).toBeGreaterThan(0);
  });

  it('stores every referenced media file on disk with a matching media row', async () => {
    const company = await db
      .selectFrom('company_settings')
      .select(['logo', 'logo_dark', 'icon', 'hero_image'])
      .executeTakeFirstOrThrow();
    const urls = [
      company.logo,
      company.logo_dark,
      company.icon,
      company.hero_image,
      ...(await db.selectFrom('sliders').select('image').execute()).map((r) => r.image),
      ...(await db.selectFrom('products').select('image').execute()).map((r) => r.image),
      ...(await db.selectFrom('blogs').select('image').execute()).map((r) => r.image),
      ...(await db.selectFrom('photos').select('image').execute()).map((r) => r.image),
      ...(await db.selectFrom('events').select('image').execute()).map((r) => r.image),
      ...(await db.selectFrom('recommendations').select('image').execute()).map((r) => r.image),
      ...(await db.selectFrom('audios').select('audio_file').execute()).map((r) => r.audio_file),
      ...(await db.selectFrom('audios').select('cover').execute()).map((r) => r.cover),
      ...(await db.selectFrom('videos').select('poster').execute()).map((r) => r.poster),
      ...(await db.selectFrom('team_members').select('photo').execute()).map((r) => r.photo),
    ];
    const media = new Map((await db.selectFrom('media').selectAll().execute()).map((m) => [m.file_name, m]));
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/[0-9a-f-]{36}\.(webp|png|wav)$/);
      const name = fileOf(url ?? '');
      const path = join(dir, 'media', name);
      expect(existsSync(path), path).toBe(true);
      expect(media.get(name)?.bytes).toBe(statSync(path).size);
    }
    // A picture used in several roles is stored once.
    expect(report.pictures).toBe(new Set(urls.filter((u) => u?.endsWith('.webp'))).size);
    // Every picture also has its responsive variants, each a stored file with a row.
    const pictures = [...new Set(urls)].filter((u) => u?.endsWith('.webp'));
    for (const url of pictures) {
      for (const width of VARIANT_WIDTHS) {
        const variant = variantName(fileOf(url ?? ''), width);
        expect(media.get(variant)?.bytes, variant).toBe(statSync(join(dir, 'media', variant)).size);
        expect(media.get(variant)?.width).toBeLessThanOrEqual(width);
      }
    }
    expect(media.size).toBe(new Set(urls).size + pictures.length * VARIANT_WIDTHS.length);
  });

  it('renders images at the intended sizes', async () => {
    const metaOf = async (url: string | null | undefined) => sharp(join(dir, 'media', fileOf(url ?? ''))).metadata();
    const company = await db
      .selectFrom('company_settings')
      .select(['logo', 'logo_dark', 'icon', 'hero_image'])
      .executeTakeFirstOrThrow();
    const logo = await metaOf(company.logo);
    expect([logo.format, logo.width, logo.height, logo.hasAlpha]).toEqual(['png', 400, 120, true]);
    const icon = await metaOf(company.icon);
    expect([icon.format, icon.width, icon.height]).toEqual(['png', 64, 64]);
    const hero = await metaOf(company.hero_image);
    expect([hero.format, hero.width, hero.height]).toEqual(['webp', 1920, 1080]);
    for (const { image } of await db.selectFrom('sliders').select('image').execute()) {
      expect(await metaOf(image)).toMatchObject({ format: 'webp', width: 1920, height: 1080 });
    }
    // A ticket shows its event's picture, checked with the events'.
    for (const { image } of await db.selectFrom('products').select('image').where('event_id', 'is', null).execute()) {
      expect(await metaOf(image)).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    }
    // Photographs keep their own shape, at most 1600 px on the longest side.
    for (const { image } of await db.selectFrom('photos').select('image').execute()) {
      const meta = await metaOf(image);
      expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(1600);
    }
    // The media table's recorded size matches the real file for every image.
    for (const row of await db.selectFrom('media').selectAll().where('content_type', 'like', 'image/%').execute()) {
      const meta = await sharp(join(dir, 'media', row.file_name)).metadata();
      expect([row.width, row.height]).toEqual([meta.width, meta.height]);
    }
  });
});

describe('seedDemo with the picture cache', () => {
  it('reads every picture back from the cache when seeding a second DATA_DIR', async () => {
    const second = mkdtempSync(join(tmpdir(), 'seed-test-'));
    const secondDb = createDb({ dataDir: second });
    try {
      await migrateToLatest(secondDb);
      const lines: string[] = [];
      const again = await seedDemo(secondDb, second, now, {
        cacheDir,
        fetchThumbnail: noThumbnails,
        log: (line) => lines.push(line),
      });
      expect(again.pictures).toBe(report.pictures);
      expect(again.cachedPictures).toBe(again.pictures);
      expect(lines.at(-1)).toBe(`seeding demo content: pictures ${again.pictures}/${again.pictures}`);
      // Same encodings, new files: the gallery's pictures are byte for byte those of the first seed.
      const firstPhotos = await db.selectFrom('photos').select(['title', 'image']).execute();
      const secondPhotos = await secondDb.selectFrom('photos').select(['title', 'image']).execute();
      for (const photo of firstPhotos) {
        const twin = secondPhotos.find((p) => p.title === photo.title);
        expect(
          readFileSync(join(second, 'media', fileOf(twin?.image ?? ''))).equals(
            readFileSync(join(dir, 'media', fileOf(photo.image))),
          ),
        ).toBe(true);
      }
    } finally {
      await secondDb.destroy();
      rmSync(second, { recursive: true, force: true });
    }
  }, 120_000);
});
