/**
 * What a signed-in visitor did, as For You reads it: the items they viewed, bought, liked and registered for, each
 * list bounded to the most recent. Kysely only.
 */
import type { Db } from '../../db/connection.ts';
import { isItemKind, type ItemRef } from '../../../shared/recommend-rank.ts';

/** How many of each kind of signal are read: the recent past says most about what a visitor wants now. */
export const SIGNALS_MAX = 100;

const refs = (rows: { type: string; id: string | null }[]): ItemRef[] =>
  rows.flatMap((row) => (isItemKind(row.type) && row.id ? [{ kind: row.type, id: row.id }] : []));

/** The items the user opened, most recent first. */
export async function viewedItems(db: Db, userId: string): Promise<ItemRef[]> {
  const rows = await db
    .selectFrom('user_views')
    .select(['content_type as type', 'ref_id as id'])
    .where('user_id', '=', userId)
    .orderBy('viewed_at', 'desc')
    .limit(SIGNALS_MAX)
    .execute();
  return refs(rows);
}

/** The products in the user's own orders that were not cancelled: bought, or being bought. */
export async function boughtProducts(db: Db, userId: string): Promise<ItemRef[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select('order_items.product_id as id')
    .where('orders.user_id', '=', userId)
    .where('orders.status', '<>', 'cancelled')
    .where('order_items.product_id', 'is not', null)
    .orderBy('orders.created_at', 'desc')
    .limit(SIGNALS_MAX)
    .execute();
  return refs(rows.map((row) => ({ type: 'product', id: row.id })));
}

/** The items the user liked, most recent first. */
export async function likedItems(db: Db, userId: string): Promise<ItemRef[]> {
  const rows = await db
    .selectFrom('content_likes')
    .select(['content_type as type', 'content_id as id'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(SIGNALS_MAX)
    .execute();
  return refs(rows);
}

/** The events the user registered for and has not cancelled (a confirmed seat or a place on the waiting list). */
export async function registeredEvents(db: Db, userId: string): Promise<ItemRef[]> {
  const rows = await db
    .selectFrom('event_registrations')
    .select('event_id as id')
    .where('user_id', '=', userId)
    .where('status', '<>', 'cancelled')
    .orderBy('created_at', 'desc')
    .limit(SIGNALS_MAX)
    .execute();
  return refs(rows.map((row) => ({ type: 'event', id: row.id })));
}
