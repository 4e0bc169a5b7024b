/** Orders as the admin Orders screen reads and changes them (Kysely only). */
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { dayAfter, type OrdersFilter } from '../../../shared/schemas/order-admin.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { escapeLike } from '../users/users.admin.repository.ts';

type OrderScope = ExpressionBuilder<Database, 'orders' | 'users'>;

/** Orders with their account (if any) beside them, so the customer reads from the copies or the account. */
const ordersWithUsers = (db: Db) => db.selectFrom('orders').leftJoin('users', 'users.id', 'orders.user_id');

/** An order's row, its account's name and email, and how many units it holds (an aggregate, not loaded rows). */
function selectOrders(db: Db) {
  return ordersWithUsers(db).select((eb) => [
    'orders.id',
    'orders.user_id',
    'orders.status',
    'orders.total_cents',
    'orders.customer_name',
    'orders.customer_email',
    'orders.created_at',
    'orders.updated_at',
    // What the detail shows to fulfil the order (the list's summary leaves them out).
    'orders.currency',
    'orders.subtotal_cents',
    'orders.tax_cents',
    'orders.shipping_cents',
    'orders.tax_rate_bp',
    'orders.tax_inclusive',
    'orders.payment_method',
    'orders.payment_ref',
    'orders.ship_name',
    'orders.ship_line1',
    'orders.ship_line2',
    'orders.ship_city',
    'orders.ship_region',
    'orders.ship_postal_code',
    'orders.ship_country',
    'users.first_name as user_first_name',
    'users.last_name as user_last_name',
    'users.email as user_email',
    eb
      .selectFrom('order_items')
      .select((s) => s.fn.coalesce(s.fn.sum<number>('order_items.quantity'), s.lit(0)).as('n'))
      .whereRef('order_items.order_id', '=', 'orders.id')
      .as('item_count'),
  ]);
}

export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrderRow>>>;

/** The filter as one condition (every part optional); days are UTC days of created_at. */
function matching(filter: OrdersFilter) {
  return (eb: OrderScope) => {
    const parts: Expression<SqlBool>[] = [];
    if (filter.q) {
      const contains = (text: string) => `%${escapeLike(text.toLowerCase())}%`;
      // lower() on both sides: LIKE is case-sensitive on PostgreSQL.
      const like = (text: RawBuilder<unknown>, pattern = contains(filter.q)) =>
        sql<SqlBool>`lower(${text}) like ${pattern} escape '\\'`;
      parts.push(
        eb.or([
          // The screen writes ids as '#1A2B3C4D': the '#' is not part of the id.
          like(sql`${sql.ref('orders.id')}`, contains(filter.q.replace(/^#/, ''))),
          like(sql`${sql.ref('orders.customer_name')}`),
          like(sql`${sql.ref('orders.customer_email')}`),
          like(sql`coalesce(${sql.ref('users.first_name')} || ' ' || ${sql.ref('users.last_name')}, '')`),
          like(sql`coalesce(${sql.ref('users.email')}, '')`),
        ]),
      );
    }
    if (filter.status) parts.push(eb('orders.status', '=', filter.status));
    // created_at is an ISO time in UTC, so text order is time order.
    if (filter.from) parts.push(eb('orders.created_at', '>=', `${filter.from}T00:00:00.000Z`));
    if (filter.to) parts.push(eb('orders.created_at', '<', dayAfter(filter.to)));
    return eb.and(parts);
  };
}

/** One page of orders matching the filter, newest first, and how many match in all. */
export async function listOrderRows(db: Db, filter: OrdersFilter) {
  const [count, rows] = await Promise.all([
    ordersWithUsers(db)
      .select((eb) => eb.fn.countAll().as('n'))
      .where(matching(filter))
      .executeTakeFirstOrThrow(),
    selectOrders(db)
      .where(matching(filter))
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findOrderRow(db: Db, id: string) {
  return selectOrders(db).where('orders.id', '=', id).executeTakeFirst();
}

export function listOrderItems(db: Db, orderId: string) {
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Oldest first; creation (from_status null) before any change made in the same instant. */
export function listOrderHistory(db: Db, orderId: string) {
  return db
    .selectFrom('order_status_history')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('at')
    .orderBy(sql`case when from_status is null then 0 else 1 end`)
    .orderBy('id')
    .execute();
}

/**
 * Moves the order from `from` to `to` only if it still is in `from`: of two changes made at once from the same status
 * only the first applies, the other finds no row. Answers whether this one applied.
 */
export async function updateOrderStatusFrom(
  db: Db,
  id: string,
  from: string,
  to: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: to, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface HistoryInput {
  orderId: string;
  from: string | null;
  to: string;
  at: string;
  actor: { id: string | null; name: string };
  note: string;
}

export async function insertOrderHistory(db: Db, entry: HistoryInput): Promise<void> {
  await db
    .insertInto('order_status_history')
    .values({
      id: randomUUID(),
      order_id: entry.orderId,
      from_status: entry.from,
      to_status: entry.to,
      at: entry.at,
      actor_id: entry.actor.id,
      actor_name: entry.actor.name,
      note: entry.note,
    })
    .execute();
}
