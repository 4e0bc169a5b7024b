/** The published rows that search hits name, one read per content type. */
import type { Db } from '../../db/connection.ts';
import { notHeld } from '../publish-checks/held.ts';

export const productHitRows = (db: Db, ids: string[]) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'slug', 'description', 'created_at', 'views', 'price_cents'])
    .where('id', 'in', ids)
    .where('published', '=', true)
    // An event's tickets are found through the event.
    .where('event_id', 'is', null)
    .execute();

export const blogHitRows = (db: Db, ids: string[]) =>
  db
    .selectFrom('blogs')
    .select(['id', 'title', 'slug', 'caption', 'created_at', 'views'])
    .where('id', 'in', ids)
    .where('published', '=', true)
    .where(notHeld('blogs'))
    .execute();

export const photoHitRows = (db: Db, ids: string[]) =>
  db
    .selectFrom('photos')
    .select(['id', 'title', 'caption', 'created_at', 'views'])
    .where('id', 'in', ids)
    .where('published', '=', true)
    .execute();

export const videoHitRows = (db: Db, ids: string[]) =>
  db
    .selectFrom('videos')
    .select(['id', 'name', 'description', 'created_at', 'views'])
    .where('id', 'in', ids)
    .where('published', '=', true)
    .execute();

export const audioHitRows = (db: Db, ids: string[]) =>
  db
    .selectFrom('audios')
    .select(['id', 'name', 'description', 'created_at', 'plays'])
    .where('id', 'in', ids)
    .where('published', '=', true)
    .execute();

export const eventHitRows = (db: Db, ids: string[]) =>
  db
    .selectFrom('events')
    .select(['id', 'name', 'slug', 'description', 'start_date', 'views', 'price_cents'])
    .where('id', 'in', ids)
    .where('published', '=', true)
    .execute();
