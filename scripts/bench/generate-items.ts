/**
 * Fills a DATA_DIR's database with many generated items of every content type, for the scale benchmark.
 * Text comes from word lists through a seeded PRNG (same seed, same text); common words are picked
 * more often than rare ones (Zipf-like), so search terms hit a realistic share of the items.
 */
import type { Insertable } from 'kysely';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import {
  AUDIO_QUALITIES,
  AUDIO_TYPES,
  BLOG_CATEGORIES,
  EVENT_CATEGORIES,
  EVENT_TYPES,
  PHOTO_CATEGORIES,
  PHOTO_RESOLUTIONS,
  PRODUCT_CATEGORIES,
  VIDEO_CATEGORIES,
  VIDEO_QUALITIES,
} from '../../src/shared/constants.ts';
import { createDb, databaseKind, type Db } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import type {
  AudioReviewsTable,
  AudiosTable,
  BlogCommentsTable,
  BlogsTable,
  Database,
  EventsTable,
  PhotosTable,
  ProductsTable,
  VideosTable,
} from '../../src/server/db/schema.ts';
import { storeDemoAudio } from '../../src/server/seed/audio.ts';
import { VIDEOS } from '../../src/server/seed/demo-content.ts';
import { renderPicture } from '../../src/server/seed/images.ts';
import { ensureSearchIndex } from '../../src/server/db/search-index.ts';
import { storePicture } from '../../src/server/media/media-store.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

// ---------------------------------------------------------------- randomness

type Rng = () => number;

/** mulberry32 seeded from a string (FNV-1a): deterministic and fast. */
export function rng(seed: string): Rng {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** list[i] for an index the caller keeps within the list's bounds. */
function item<T>(list: readonly T[], i: number): T {
  const value = list[i];
  if (value === undefined) throw new RangeError(`index ${i} is outside a list of ${list.length}`);
  return value;
}

/** Picks from a list with weight 1/(rank+1)^s: the first words are common, the last rare. */
class Zipf<T> {
  readonly #items: readonly T[];
  readonly #cumulative: number[];
  constructor(items: readonly T[], s = 0.9) {
    this.#items = items;
    let sum = 0;
    this.#cumulative = items.map((_, i) => (sum += 1 / (i + 1) ** s));
  }
  pick(r: Rng): T {
    const target = r() * item(this.#cumulative, this.#cumulative.length - 1);
    let lo = 0;
    let hi = this.#cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (item(this.#cumulative, mid) < target) lo = mid + 1;
      else hi = mid;
    }
    return item(this.#items, lo);
  }
  /** `count` distinct picks (fewer when the list is shorter). */
  some(r: Rng, count: number): T[] {
    const out = new Set<T>();
    for (let tries = 0; out.size < Math.min(count, this.#items.length) && tries < count * 10; tries++)
      out.add(this.pick(r));
    return [...out];
  }
}

const uniform = <T>(r: Rng, list: readonly T[]): T => item(list, Math.floor(r() * list.length));
const between = (r: Rng, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A v4-shaped UUID from the PRNG, so generated ids are deterministic too. */
function uuid(r: Rng): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(r() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'.charAt(Math.floor(r() * 4));
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

// ---------------------------------------------------------------- word lists (most common first)

const ADJECTIVES = new Zipf([
  'quiet',
  'everyday',
  'classic',
  'compact',
  'modern',
  'durable',
  'light',
  'warm',
  'coastal',
  'urban',
  'studio',
  'nordic',
  'heritage',
  'summit',
  'harbour',
  'meridian',
  'polar',
  'vintage',
  'soft',
  'bold',
  'minimal',
  'rugged',
  'seasonal',
  'handmade',
  'slow',
  'bright',
  'open',
  'golden',
  'misty',
  'hidden',
  'wild',
  'gentle',
  'northern',
  'lucid',
]);
const MATERIALS = new Zipf([
  'cotton',
  'leather',
  'wool',
  'canvas',
  'linen',
  'walnut',
  'aluminium',
  'steel',
  'oak',
  'ceramic',
  'merino',
  'titanium',
  'bamboo',
  'cork',
  'brass',
  'cashmere',
  'acetate',
  'glass',
  'felt',
  'hemp',
  'copper',
  'slate',
]);
const PRODUCT_NOUNS: Record<(typeof PRODUCT_CATEGORIES)[number], Zipf<string>> = {
  Electronics: new Zipf([
    'headphones',
    'speaker',
    'keyboard',
    'charger',
    'monitor',
    'earbuds',
    'lamp',
    'hub',
    'webcam',
    'microphone',
    'mouse',
    'power bank',
    'turntable',
    'tablet stand',
    'radio',
    'projector',
    'router',
    'dock',
  ]),
  Clothing: new Zipf([
    'tee',
    'sweater',
    'jacket',
    'shirt',
    'hoodie',
    'sneakers',
    'scarf',
    'overcoat',
    'chinos',
    'beanie',
    'boots',
    'parka',
    'cardigan',
    'socks',
    'apron',
    'gloves',
  ]),
  Books: new Zipf([
    'guide',
    'handbook',
    'cookbook',
    'field guide',
    'journal',
    'atlas',
    'anthology',
    'novel',
    'workbook',
    'almanac',
    'monograph',
    'sketchbook',
  ]),
  Accessories: new Zipf([
    'wallet',
    'tote',
    'backpack',
    'watch',
    'sunglasses',
    'organiser',
    'belt',
    'notebook',
    'umbrella',
    'card holder',
    'keyring',
    'duffel',
    'water bottle',
    'pen',
  ]),
};
const FEATURES = new Zipf([
  'a lifetime repair promise',
  'hand-stitched seams',
  'a water-resistant finish',
  'a 40-hour battery',
  'recycled packaging',
  'a magnetic closure',
  'wireless charging',
  'a relaxed fit',
  'a cushioned footbed',
  'noise cancelling',
  'a brushed finish',
  'USB-C everywhere',
  'a hidden pocket',
  'a two-year warranty',
  'a matte coating',
  'adjustable straps',
  'replaceable parts',
  'a travel case',
  'natural dyes',
  'a soft-touch grip',
  'a linen lining',
  'a walnut base',
]);
const CLOSINGS = new Zipf([
  'Tested in our studio for six weeks.',
  'Made in small batches.',
  'Built to be repaired, not replaced.',
  'A favourite of the studio team.',
  'Ships in plastic-free packaging.',
  'Designed in Portland.',
  'Limited run this season.',
  'Pairs well with the rest of the collection.',
  'Ages beautifully with use.',
  'Our best seller for three years running.',
]);
const TAGS = new Zipf([
  'design',
  'travel',
  'desk',
  'audio',
  'outdoor',
  'summer',
  'winter',
  'cooking',
  'photography',
  'craft',
  'workspace',
  'wireless',
  'leather',
  'canvas',
  'wood',
  'coffee',
  'hiking',
  'music',
  'books',
  'gift',
  'minimal',
  'kids',
  'garden',
  'city',
  'ceramics',
  'vintage',
  'sustainable',
  'portland',
  'weekend',
  'festival',
  'jazz',
  'podcast',
  'interview',
  'film',
  'architecture',
  'nature',
  'food',
  'business',
  'retail',
  'technology',
  'wellness',
  'running',
  'cycling',
  'sailing',
  'textiles',
]);

const SUBJECTS = new Zipf([
  'the team',
  'our studio',
  'the studio dog',
  'the workshop',
  'every maker',
  'a good design',
  'the city',
  'every reader',
  'the designer',
  'a small business',
  'the kitchen',
  'the trail',
  'the community',
  'a quiet morning',
  'the market',
  'the crew',
]);
const VERBS = new Zipf([
  'makes',
  'needs',
  'finds',
  'keeps',
  'shares',
  'tests',
  'builds',
  'explores',
  'celebrates',
  'remembers',
  'improves',
  'discovers',
  'repairs',
  'collects',
  'teaches',
  'questions',
  'plans',
  'sketches',
]);
const OBJECTS = new Zipf([
  'better tools',
  'the right light',
  'simple habits',
  'seasonal recipes',
  'durable goods',
  'honest materials',
  'a calm workspace',
  'local coffee',
  'long walks',
  'handmade ceramics',
  'new ideas',
  'old photographs',
  'the morning market',
  'weekend plans',
  'small details',
  'clear goals',
  'good music',
  'fresh bread',
  'quiet corners',
  'the next trip',
  'wild flowers',
]);
const MODIFIERS = new Zipf([
  'every day',
  'in the studio',
  'before lunch',
  'on the weekend',
  'all year',
  'after the rain',
  'with patience',
  'in Portland',
  'without a plan',
  'on the road',
  'at dawn',
  'in winter',
  'by hand',
  'for the long run',
]);

const BLOG_TOPICS: Record<(typeof BLOG_CATEGORIES)[number], Zipf<string>> = {
  Technology: new Zipf([
    'design systems',
    'repairable electronics',
    'wireless audio',
    'home offices',
    'mechanical keyboards',
    'colour calibration',
    'open source tools',
    'battery life',
    'smart lighting',
    'camera sensors',
  ]),
  Lifestyle: new Zipf([
    'slow mornings',
    'minimal wardrobes',
    'houseplants',
    'reading habits',
    'weekend rituals',
    'desk setups',
    'small apartments',
    'running clubs',
    'winter layering',
    'handwritten letters',
  ]),
  Travel: new Zipf([
    'the Columbia River Gorge',
    'the Oregon coast',
    'Kyoto',
    'Lisbon',
    'Copenhagen',
    'Mexico City',
    'Vancouver',
    'the Alps',
    'Iceland',
    'Marrakech',
    'Seattle',
    'Patagonia',
  ]),
  Food: new Zipf([
    'pantry staples',
    'sourdough bread',
    'coffee brewing',
    'seasonal soups',
    'farmers markets',
    'fermentation',
    'weeknight dinners',
    'picnic food',
    'olive oil',
    'preserved lemons',
  ]),
  Business: new Zipf([
    'pop-up shops',
    'pricing',
    'wholesale',
    'hiring makers',
    'small-batch production',
    'customer letters',
    'shipping costs',
    'retail design',
    'brand partnerships',
    'running a studio',
  ]),
};
const BLOG_TITLES = new Zipf([
  (t: string) => `Notes on ${t}`,
  (t: string) => `What We Learned About ${t}`,
  (t: string) => `A Beginner's Guide to ${t}`,
  (t: string) => `Five Things We Love About ${t}`,
  (t: string) => `The Case for ${t}`,
  (t: string) => `A Weekend With ${t}`,
  (t: string) => `Why We Keep Coming Back to ${t}`,
  (t: string) => `Inside the Studio: ${t}`,
  (t: string) => `${t}, Revisited`,
  (t: string) => `Our Field Guide to ${t}`,
]);
const AUTHORS = new Zipf([
  'Maya R.',
  'Tom Becker',
  'Ines',
  'Priya',
  'Jonas',
  'Aiko Tanaka',
  'Sam',
  'Lucía Ortega',
  'Dev Patel',
  'Hannah',
  'Olu Adeyemi',
  'Marco',
  'Freya Lind',
  'Chen Wei',
]);
const COMMENTS = new Zipf([
  'Great read, thank you.',
  'Saving this for my next trip.',
  'Would love a follow-up post on this.',
  'This is exactly what I needed today.',
  'Tried it last weekend and it worked.',
  'Beautiful photos as always.',
  'Could you share where the lamp is from?',
  'Agree with every word.',
  'Very useful list.',
  'More posts like this, please!',
]);

const PHOTO_SUBJECTS = new Zipf([
  'harbour',
  'forest',
  'bridge',
  'market',
  'mountain',
  'staircase',
  'workshop',
  'beach',
  'skyline',
  'garden',
  'lighthouse',
  'cafe',
  'river',
  'library',
  'meadow',
  'station',
  'rooftop',
  'canyon',
  'glasshouse',
  'pier',
]);
const PHOTO_TIMES = new Zipf([
  'at dawn',
  'at dusk',
  'in the rain',
  'in winter',
  'at noon',
  'after the storm',
  'in autumn',
  'at night',
  'in fog',
  'in spring',
]);

const VIDEO_SERIES = new Zipf([
  'Studio Sessions',
  'Maker Stories',
  'Field Notes',
  'Kitchen Table',
  'Design in Motion',
  'Trail Diaries',
  'Sound Check',
  'Workshop Basics',
  'City Walks',
  'The Long Take',
]);
const VIDEO_SUBJECTS = new Zipf([
  'cutting dovetails',
  'brewing pour-over coffee',
  'mixing glazes',
  'tuning a guitar',
  'packing for a week',
  'building a desk lamp',
  'sharpening knives',
  'reading light',
  'sewing a tote',
  'restoring a chair',
  'shooting film',
  'planning a garden',
  'recording vocals',
  'baking sourdough',
  'sketching buildings',
]);
const YOUTUBE_IDS = VIDEOS.map((v) => v.youtubeId);

const ARTISTS = new Zipf([
  'The Northwind Trio',
  'Ana Sól',
  'Harbour Lights',
  'June Okafor',
  'The Quiet Hours',
  'Milo Brandt',
  'Cedar & Stone',
  'Lena Park',
  'Studio Choir',
  'Rafael Cruz',
  'Paper Moons',
  'Ida Holm',
]);
const AUDIO_GENRES = new Zipf([
  'Ambient',
  'Jazz',
  'Folk',
  'Electronic',
  'Classical',
  'Design',
  'Business',
  'Travel',
  'Nature',
  'Talk',
]);
const AUDIO_WORDS = new Zipf([
  'morning',
  'river',
  'city',
  'light',
  'blue',
  'harbour',
  'echoes',
  'northern',
  'tides',
  'paper',
  'window',
  'garden',
  'rain',
  'studio',
  'night',
  'fields',
  'signal',
  'embers',
]);

const CITIES = new Zipf([
  'Portland',
  'Seattle',
  'San Francisco',
  'Vancouver',
  'Los Angeles',
  'Chicago',
  'New York',
  'Austin',
  'Denver',
  'Boston',
  'London',
  'Berlin',
  'Lisbon',
  'Tokyo',
  'Copenhagen',
  'Mexico City',
  'Toronto',
  'Melbourne',
]);
const VENUES = new Zipf([
  'Studio Hall',
  'Pier 4',
  'The Warehouse',
  'Riverside Park',
  'Central Library',
  'Union Station',
  'The Glasshouse',
  'Old Mill',
  'Civic Theatre',
  'Market Square',
  'Online',
]);
const STREETS = new Zipf([
  'Marshall Street',
  'Main Street',
  'Harbour Road',
  'Oak Avenue',
  'Market Street',
  'River Lane',
  'Station Road',
  'Mill Street',
  'Park Avenue',
  'Water Street',
]);
const EVENT_TOPICS = new Zipf([
  'Design',
  'Makers',
  'Coffee',
  'Jazz',
  'Film',
  'Ceramics',
  'Photography',
  'Food',
  'Craft',
  'Architecture',
  'Poetry',
  'Cycling',
  'Textiles',
  'Startup',
]);
const EVENT_NOUNS: Record<(typeof EVENT_CATEGORIES)[number], string[]> = {
  Concert: ['Concert', 'Live Night', 'Session'],
  Festival: ['Festival', 'Weekend', 'Fair'],
  Exhibition: ['Exhibition', 'Showcase', 'Open Studio'],
  Conference: ['Conference', 'Summit', 'Forum'],
  Workshop: ['Workshop', 'Masterclass', 'Lab'],
  Sport: ['Ride', 'Run', 'Regatta'],
  Other: ['Meetup', 'Market', 'Evening'],
};

/** One plausible sentence from the shared pools. */
function sentence(r: Rng): string {
  const parts = [SUBJECTS.pick(r), VERBS.pick(r), OBJECTS.pick(r)];
  if (r() < 0.6) parts.push(MODIFIERS.pick(r));
  let text = parts.join(' ');
  if (r() < 0.3) text += `, with ${ADJECTIVES.pick(r)} ${MATERIALS.pick(r)}`;
  return `${capital(text)}.`;
}
const sentences = (r: Rng, min: number, max: number) =>
  Array.from({ length: between(r, min, max) }, () => sentence(r)).join(' ');
const tags = (r: Rng, min: number, max: number) => JSON.stringify(TAGS.some(r, between(r, min, max)));

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A date `ageDays` (0..max, younger more likely) before now. */
function pastIso(r: Rng, now: number, maxDays: number): string {
  return new Date(now - r() ** 2 * maxDays * DAY_MS - r() * DAY_MS).toISOString();
}

// ---------------------------------------------------------------- row generators

interface Media {
  images: string[];
  audio: string[];
}

interface Ctx {
  r: Rng;
  now: number;
  media: Media;
}

function product(c: Ctx): Insertable<ProductsTable> {
  const { r } = c;
  const category = uniform(r, PRODUCT_CATEGORIES);
  const noun = PRODUCT_NOUNS[category].pick(r);
  const name = `${capital(ADJECTIVES.pick(r))} ${MATERIALS.pick(r)} ${noun}`.replace(/\b\w/g, (m) => m.toUpperCase());
  const description = `${capital(`${ADJECTIVES.pick(r)} ${noun} with ${FEATURES.pick(r)} and ${FEATURES.pick(r)}`)}. ${sentence(r)} ${CLOSINGS.pick(r)}`;
  const id = uuid(r);
  return {
    id,
    slug: `${slugify(name)}-${id.slice(0, 8)}`,
    name,
    description,
    price_cents: Math.round((5 + r() ** 3 * 900) * 100),
    image: uniform(r, c.media.images),
    category,
    tags: tags(r, 1, 4),
    views: Math.floor(r() ** 3 * 5000),
    created_at: pastIso(r, c.now, 900),
  };
}

function blog(c: Ctx, taken: Set<string>, comments: Insertable<BlogCommentsTable>[]): Insertable<BlogsTable> {
  const { r } = c;
  const category = uniform(r, BLOG_CATEGORIES);
  const topic = BLOG_TOPICS[category].pick(r);
  const title = BLOG_TITLES.pick(r)(topic.replace(/\b\w/g, (m) => m.toUpperCase()));
  let slug = slugify(title);
  for (let n = 2; taken.has(slug); n++) slug = `${slugify(title)}-${n}`;
  taken.add(slug);
  const paragraphs = Array.from({ length: between(r, 2, 4) }, () => `<p>${sentences(r, 2, 5)}</p>`);
  const list = Array.from(
    { length: between(r, 2, 4) },
    () => `<li>${capital(`${OBJECTS.pick(r)} ${MODIFIERS.pick(r)}`)}.</li>`,
  );
  paragraphs.splice(1, 0, `<h2>${capital(`${OBJECTS.pick(r)} and ${OBJECTS.pick(r)}`)}</h2><ul>${list.join('')}</ul>`);
  const id = uuid(r);
  const createdAt = pastIso(r, c.now, 1500);
  const commentCount = r() < 0.5 ? 0 : between(r, 1, 4);
  const from = Date.parse(createdAt);
  for (let k = 0; k < commentCount; k++) {
    comments.push({
      id: uuid(r),
      blog_id: id,
      author: AUTHORS.pick(r),
      comment: COMMENTS.pick(r),
      created_at: new Date(from + ((c.now - from) * (k + 1)) / (commentCount + 1)).toISOString(),
    });
  }
  return {
    id,
    title,
    slug,
    content: paragraphs.join(''),
    caption: sentence(r),
    image: uniform(r, c.media.images),
    category,
    tags: tags(r, 1, 4),
    views: Math.floor(r() ** 3 * 4000),
    created_at: createdAt,
  };
}

function photo(c: Ctx): Insertable<PhotosTable> {
  const { r } = c;
  const title = capital(`${ADJECTIVES.pick(r)} ${PHOTO_SUBJECTS.pick(r)} ${PHOTO_TIMES.pick(r)}`);
  return {
    id: uuid(r),
    title,
    caption: sentence(r),
    image: uniform(r, c.media.images),
    tags: tags(r, 1, 5),
    category: uniform(r, PHOTO_CATEGORIES),
    resolution: uniform(r, PHOTO_RESOLUTIONS),
    views: Math.floor(r() ** 3 * 9000),
    likes: Math.floor(r() ** 3 * 900),
    downloads: Math.floor(r() ** 3 * 400),
    published: r() < 0.9,
    created_at: pastIso(r, c.now, 1200),
  };
}

function video(c: Ctx): Insertable<VideosTable> {
  const { r } = c;
  const name = `${VIDEO_SERIES.pick(r)}: ${capital(VIDEO_SUBJECTS.pick(r))}`;
  return {
    id: uuid(r),
    name,
    title: name,
    description: sentences(r, 1, 3),
    youtube: `https://www.youtube-nocookie.com/embed/${uniform(r, YOUTUBE_IDS)}`,
    category: uniform(r, VIDEO_CATEGORIES),
    duration: between(r, 45, 3600),
    quality: uniform(r, VIDEO_QUALITIES),
    tags: tags(r, 1, 4),
    views: Math.floor(r() ** 3 * 50_000),
    likes: Math.floor(r() ** 3 * 3000),
    created_at: pastIso(r, c.now, 1200),
  };
}

function audio(c: Ctx, reviews: Insertable<AudioReviewsTable>[]): Insertable<AudiosTable> {
  const { r } = c;
  const type = uniform(r, AUDIO_TYPES);
  const name = capital(`${AUDIO_WORDS.pick(r)} ${AUDIO_WORDS.pick(r)}`).replace(/\b\w/g, (m) => m.toUpperCase());
  const id = uuid(r);
  const createdAt = pastIso(r, c.now, 1200);
  const count = r() < 0.6 ? 0 : between(r, 1, 3);
  for (let k = 0; k < count; k++) {
    reviews.push({
      id: uuid(r),
      audio_id: id,
      author: AUTHORS.pick(r),
      rating: between(r, 3, 5),
      comment: COMMENTS.pick(r),
      created_at: new Date(Date.parse(createdAt) + (k + 1) * HOUR_MS).toISOString(),
    });
  }
  return {
    id,
    name,
    title: name,
    description: sentences(r, 1, 3),
    artist: ARTISTS.pick(r),
    audio_file: uniform(r, c.media.audio),
    type,
    category: AUDIO_GENRES.pick(r),
    duration: between(r, 30, 5400),
    quality: uniform(r, AUDIO_QUALITIES),
    tags: tags(r, 1, 4),
    plays: Math.floor(r() ** 3 * 20_000),
    downloads: Math.floor(r() ** 3 * 2000),
    rating: Math.round((3 + r() * 2) * 10) / 10,
    created_at: createdAt,
  };
}

function event(c: Ctx): Insertable<EventsTable> {
  const { r } = c;
  const category = uniform(r, EVENT_CATEGORIES);
  const eventType = uniform(r, EVENT_TYPES);
  const city = CITIES.pick(r);
  const name = `${city} ${EVENT_TOPICS.pick(r)} ${uniform(r, EVENT_NOUNS[category])}`;
  // Mostly upcoming (the events page is about what is next), some past.
  const start = new Date(c.now + (r() * 455 - 90) * DAY_MS);
  start.setUTCMinutes(0, 0, 0);
  const id = uuid(r);
  return {
    // Names repeat across thousands of events; the id's first block keeps each page address unique.
    id,
    slug: `${slugify(name)}-${id.slice(0, 8)}`,
    name,
    title: name,
    description: sentences(r, 1, 3),
    image: uniform(r, c.media.images),
    address: `${between(r, 1, 2400)} ${STREETS.pick(r)}`,
    city,
    start_date: start.toISOString(),
    end_date: new Date(start.getTime() + between(r, 1, 72) * HOUR_MS).toISOString(),
    location: eventType === 'virtual' ? 'Online' : VENUES.pick(r),
    category,
    event_type: eventType,
    is_virtual: eventType === 'virtual',
    registrations: Math.floor(r() ** 2 * 800),
    price_cents: r() < 0.3 ? 0 : between(r, 5, 250) * 100,
    created_at: pastIso(r, c.now, 200),
  };
}

// ---------------------------------------------------------------- database side

/** SQLite takes at most 32,766 bound values per statement, PostgreSQL 65,535; stay well under both. */
async function insertBatched<T extends keyof Database>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const size = Math.max(1, Math.min(1000, Math.floor(30_000 / columns)));
  // One transaction per table: a single fsync instead of one per statement.
  await db.transaction().execute(async (trx) => {
    for (let at = 0; at < rows.length; at += size) {
      // Kysely's generic insert types do not narrow over a table-name union.
      await trx
        .insertInto(table)
        .values(rows.slice(at, at + size))
        .execute();
    }
  });
}

async function openData(dataDir: string, databaseUrl: string | undefined): Promise<Db> {
  // A tool's statements (a VACUUM of 60,000 items among them), not a request's: no statement bound.
  const db = createDb({ dataDir, databaseUrl, statementTimeoutMs: 0 });
  await migrateToLatest(db);
  // Creates the index (SQLite: an FTS5 table; PostgreSQL: a table under a GIN index) and its triggers before any
  // insert, so every generated row is indexed as the product indexes it.
  await ensureSearchIndex(db);
  return db;
}

/** Stored pictures to point items at: existing ones (demo data) or a few rendered once. */
async function mediaFor(db: Db, dataDir: string, seed: string): Promise<Media> {
  const existing = await db
    .selectFrom('blogs')
    .select('image')
    .distinct()
    .where('image', 'like', '/media/%.webp')
    .limit(12)
    .execute();
  let images = existing.map((row) => row.image);
  if (images.length === 0) {
    const rendered = await Promise.all(
      ['Generated one', 'Generated two', 'Generated three'].map((title, i) =>
        renderPicture(`bench:${seed}:${i}`, title, i === 1 ? 'cardTall' : 'card'),
      ),
    );
    images = [];
    for (const picture of rendered) images.push((await storePicture(db, dataDir, picture.bytes)).url);
  }
  const audioRows = await db
    .selectFrom('audios')
    .select('audio_file')
    .distinct()
    .where('audio_file', 'like', '/media/%')
    .limit(8)
    .execute();
  const audio = audioRows.length
    ? audioRows.map((row) => row.audio_file)
    : await db.transaction().execute((trx) => storeDemoAudio(trx, dataDir));
  return { images, audio };
}

export interface GenerateOptions {
  itemsPerType?: number;
  /** A postgres:// URL: the items go into that database (media still into dataDir); unset, DATA_DIR's SQLite file. */
  databaseUrl?: string | undefined;
  seed?: string;
  now?: Date;
}

export interface GenerateResult {
  dataDir: string;
  itemsPerType: number;
  seed: string;
  /** Rows inserted per table. */
  inserted: Record<
    'products' | 'blogs' | 'blog_comments' | 'photos' | 'videos' | 'audios' | 'audio_reviews' | 'events',
    number
  >;
  /** Rows in the full-text index afterwards (all content, not only the generated). */
  searchIndexRows: number;
  images: number;
  seconds: number;
  /** Size of site.db plus its WAL after the run; on PostgreSQL, pg_database_size. */
  databaseBytes: number;
}

function databaseBytes(dataDir: string): number {
  let total = 0;
  for (const name of ['site.db', 'site.db-wal']) {
    try {
      total += statSync(join(dataDir, name)).size;
    } catch {
      // no WAL file is fine
    }
  }
  return total;
}

const EMPTY_COUNTS = () => ({
  products: 0,
  blogs: 0,
  blog_comments: 0,
  photos: 0,
  videos: 0,
  audios: 0,
  audio_reviews: 0,
  events: 0,
});

async function finish(
  db: Db,
  dataDir: string,
  started: number,
  rest: Omit<GenerateResult, 'searchIndexRows' | 'seconds' | 'databaseBytes' | 'dataDir'>,
): Promise<GenerateResult> {
  const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM search_index`.execute(db);
  let bytes: number;
  if (databaseKind(db) === 'postgres') {
    // What autovacuum does within a minute of a bulk load: planner statistics, and the GIN index's pending list
    // merged (60,000 fresh rows leave ~450 pending pages that every search would otherwise scan linearly).
    await sql`VACUUM ANALYZE`.execute(db);
    const size = await sql<{ n: number | string }>`SELECT pg_database_size(current_database()) AS n`.execute(db);
    bytes = Number(size.rows[0]?.n ?? 0);
  } else {
    // Folds the WAL back into the database file so the API starts on a compact file.
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    bytes = databaseBytes(dataDir);
  }
  await db.destroy();
  return {
    dataDir,
    ...rest,
    searchIndexRows: Number(rows[0]?.n ?? 0),
    seconds: (performance.now() - started) / 1000,
    databaseBytes: bytes,
  };
}

async function takenSlugs(db: Db): Promise<Set<string>> {
  return new Set((await db.selectFrom('blogs').select('slug').execute()).map((row) => row.slug));
}

/**
 * Creates (or opens) DATA_DIR's database, migrates it and inserts `itemsPerType` items of each of the six
 * content types, with comments and reviews; every row is indexed for search by the project's triggers.
 */
export async function generateItems(dataDir: string, opts: GenerateOptions = {}): Promise<GenerateResult> {
  const started = performance.now();
  const itemsPerType = opts.itemsPerType ?? 10_000;
  const seed = opts.seed ?? 'bench';
  const db = await openData(dataDir, opts.databaseUrl);
  try {
    const media = await mediaFor(db, dataDir, seed);
    const now = (opts.now ?? new Date()).getTime();
    const inserted = EMPTY_COUNTS();
    const make = <R>(type: string, fn: (c: Ctx) => R) => {
      const c: Ctx = { r: rng(`${seed}:${type}`), now, media };
      return Array.from({ length: itemsPerType }, () => fn(c));
    };
    const slugs = await takenSlugs(db);
    const comments: Insertable<BlogCommentsTable>[] = [];
    const reviews: Insertable<AudioReviewsTable>[] = [];
    const tables = {
      products: make('products', product),
      blogs: make('blogs', (c) => blog(c, slugs, comments)),
      photos: make('photos', photo),
      videos: make('videos', video),
      audios: make('audios', (c) => audio(c, reviews)),
      events: make('events', event),
    };
    for (const [table, rows] of Object.entries(tables) as [
      keyof typeof tables,
      Insertable<Database[keyof typeof tables]>[],
    ][]) {
      await insertBatched(db, table, rows);
      inserted[table] = rows.length;
    }
    await insertBatched(db, 'blog_comments', comments);
    await insertBatched(db, 'audio_reviews', reviews);
    inserted.blog_comments = comments.length;
    inserted.audio_reviews = reviews.length;
    return await finish(db, dataDir, started, { itemsPerType, seed, inserted, images: media.images.length });
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** Adds `count` generated blog posts (with comments) to an existing DATA_DIR, e.g. on top of the demo. */
export async function addBlogs(
  dataDir: string,
  count: number,
  opts: Omit<GenerateOptions, 'itemsPerType'> = {},
): Promise<GenerateResult> {
  const started = performance.now();
  const seed = opts.seed ?? 'bench-blogs';
  const db = await openData(dataDir, opts.databaseUrl);
  try {
    const media = await mediaFor(db, dataDir, seed);
    const c: Ctx = { r: rng(`${seed}:blogs`), now: (opts.now ?? new Date()).getTime(), media };
    const slugs = await takenSlugs(db);
    const comments: Insertable<BlogCommentsTable>[] = [];
    const rows = Array.from({ length: count }, () => blog(c, slugs, comments));
    await insertBatched(db, 'blogs', rows);
    await insertBatched(db, 'blog_comments', comments);
    const inserted = { ...EMPTY_COUNTS(), blogs: rows.length, blog_comments: comments.length };
    return await finish(db, dataDir, started, { itemsPerType: count, seed, inserted, images: media.images.length });
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** Search terms over the generated vocabulary: common and rare words, prefixes, two-word queries, one miss. */
export const SEARCH_TERMS = [
  'design',
  'travel',
  'coffee',
  'leather',
  'walnut',
  'headphones',
  'portland',
  'jazz',
  'sourdough',
  'lighthouse',
  'head',
  'cera',
  'photo',
  'wo',
  'wireless audio',
  'leather wallet',
  'studio sessions',
  'coffee brewing',
  'portland design',
  'misty harbour',
  'quasar',
] as const;

if (import.meta.main) {
  const [dataDir, count, flag] = process.argv.slice(2);
  if (!dataDir) {
    console.error('usage: node scripts/bench/generate-items.ts <dataDir> [itemsPerType] [--blogs-only]');
    process.exit(2);
  }
  const n = Number(count ?? 10_000);
  const result =
    flag === '--blogs-only' ? await addBlogs(dataDir, n) : await generateItems(dataDir, { itemsPerType: n });
  console.log(JSON.stringify(result, null, 2));
}
