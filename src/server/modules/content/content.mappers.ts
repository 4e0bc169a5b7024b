/** Row → DTO for every public content type: the one place where columns and spec field names meet. */
import type { Selectable } from 'kysely';
import type {
  Audio,
  AudioReview,
  Blog,
  BlogComment,
  Photo,
  Product,
  SiteEvent,
  Video,
  EventType,
} from '../../../shared/types.ts';
import { centsToAmount } from '../../../shared/money.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import type {
  AudioReviewsTable,
  AudiosTable,
  BlogCommentsTable,
  BlogsTable,
  EventsTable,
  PhotosTable,
  ProductsTable,
  VideosTable,
} from '../../db/schema.ts';

/** Booleans read back as 0/1 on both databases (postgres-dialect.ts parses PostgreSQL's to match); true kept for safety. */
export const bool = (value: boolean | number) => value === true || value === 1;

export function productFromRow(r: Selectable<ProductsTable>): Product {
  const images = [r.image, ...parseStringArray(r.gallery)].filter((url) => url !== '');
  return {
    _id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    price: centsToAmount(r.price_cents),
    image: r.image,
    images,
    category: r.category,
    tags: parseStringArray(r.tags),
    createdAt: r.created_at,
    views: r.views,
    stock: Math.max(0, r.stock),
  };
}

export function commentFromRow(r: Selectable<BlogCommentsTable>): BlogComment {
  return { _id: r.id, author: r.author, comment: r.comment, createdAt: r.created_at };
}

export function blogFromRow(r: Selectable<BlogsTable>, comments: BlogComment[]): Blog {
  return {
    _id: r.id,
    title: r.title,
    content: r.content,
    caption: r.caption,
    image: r.image,
    slug: r.slug,
    category: r.category,
    tags: parseStringArray(r.tags),
    createdAt: r.created_at,
    views: r.views,
    comments,
  };
}

export function photoFromRow(r: Selectable<PhotosTable>): Photo {
  return {
    _id: r.id,
    title: r.title,
    caption: r.caption,
    image: r.image,
    tags: parseStringArray(r.tags),
    category: r.category,
    resolution: r.resolution,
    createdAt: r.created_at,
    views: r.views,
    likes: r.likes,
    downloads: r.downloads,
    published: bool(r.published),
  };
}

export function videoFromRow(r: Selectable<VideosTable>): Video {
  return {
    _id: r.id,
    name: r.name,
    title: r.title,
    description: r.description,
    youtube: r.youtube,
    poster: r.poster,
    category: r.category,
    duration: r.duration,
    quality: r.quality,
    tags: parseStringArray(r.tags),
    createdAt: r.created_at,
    views: r.views,
    likes: r.likes,
  };
}

export function reviewFromRow(r: Selectable<AudioReviewsTable>): AudioReview {
  return { _id: r.id, author: r.author, rating: r.rating, comment: r.comment, createdAt: r.created_at };
}

export function audioFromRow(r: Selectable<AudiosTable>, reviews: AudioReview[]): Audio {
  return {
    _id: r.id,
    name: r.name,
    title: r.title,
    description: r.description,
    artist: r.artist,
    audio_file: r.audio_file,
    cover: r.cover,
    type: r.type,
    category: r.category,
    duration: r.duration,
    quality: r.quality,
    tags: parseStringArray(r.tags),
    createdAt: r.created_at,
    plays: r.plays,
    downloads: r.downloads,
    rating: r.rating,
    reviews,
  };
}

export function eventFromRow(r: Selectable<EventsTable>): SiteEvent {
  return {
    _id: r.id,
    slug: r.slug,
    name: r.name,
    title: r.title,
    description: r.description,
    image: r.image,
    address: r.address,
    city: r.city,
    start_date: r.start_date,
    end_date: r.end_date,
    date: r.start_date,
    location: r.location,
    category: r.category,
    eventType: r.event_type as EventType,
    isVirtual: bool(r.is_virtual),
    registrations: r.registrations,
    price: centsToAmount(r.price_cents),
    timeZone: r.time_zone || 'UTC',
  };
}

/** Groups child rows by their parent id, keeping order. */
export function groupBy<T, K extends keyof T>(rows: T[], key: K): Map<T[K], T[]> {
  const groups = new Map<T[K], T[]>();
  for (const row of rows) {
    const list = groups.get(row[key]);
    if (list) list.push(row);
    else groups.set(row[key], [row]);
  }
  return groups;
}
