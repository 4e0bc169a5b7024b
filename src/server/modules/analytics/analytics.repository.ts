/**
 * Page views, the day's visitors and salt, and the figures of a range read from orders and users. Kysely only; days
 * are the first ten characters of a stored time (ISO 8601 or SQL's 'YYYY-MM-DD HH:MM:SS', both UTC).
 */
import { sql } from 'kysely';
import { REVENUE_STATUSES } from '../../../shared/order-status.ts';
import type { Db } from '../../db/connection.ts';

/** Counts are numbers whatever the driver returns (PostgreSQL answers COUNT and SUM as text). */
const toNumber = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

export async function findSalt(db: Db, day: string): Promise<string | undefined> {
  return (await db.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirst())?.salt;
}

/** Keeps `salt` as the day's unless another request made one first; earlier days' salts are deleted. Answers the day's salt. */
export async function settleSalt(db: Db, day: string, salt: string): Promise<string> {
  await db
    .insertInto('analytics_salts')
    .values({ day, salt })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  await db.deleteFrom('analytics_salts').where('day', '<', day).execute();
  return (await findSalt(db, day)) ?? salt;
}

export async function recordVisitor(db: Db, day: string, visitorHash: string): Promise<void> {
  await db
    .insertInto('page_visitors')
    .values({ day, visitor_hash: visitorHash })
    .onConflict((oc) => oc.columns(['day', 'visitor_hash']).doNothing())
    .execute();
}

export async function addView(db: Db, day: string, path: string, referrerHost: string): Promise<void> {
  await db
    .insertInto('page_views')
    .values({ day, path, referrer_host: referrerHost, views: 1 })
    .onConflict((oc) =>
      oc.columns(['day', 'path', 'referrer_host']).doUpdateSet((eb) => ({ views: eb('page_views.views', '+', 1) })),
    )
    .execute();
}

export interface DayCount {
  day: string;
  n: number;
}

/** Views per day of the range (days with none left out). */
export async function viewsPerDay(db: Db, start: string, end: string): Promise<DayCount[]> {
  const rows = await db
    .selectFrom('page_views')
    .select((eb) => ['day', eb.fn.sum<number>('views').as('n')])
    .where('day', '>=', start)
    .where('day', '<=', end)
    .groupBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, n: toNumber(r.n) }));
}

/** Unique visitors per day of the range. */
export async function visitorsPerDay(db: Db, start: string, end: string): Promise<DayCount[]> {
  const rows = await db
    .selectFrom('page_visitors')
    .select((eb) => ['day', eb.fn.countAll<number>().as('n')])
    .where('day', '>=', start)
    .where('day', '<=', end)
    .groupBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, n: toNumber(r.n) }));
}

/** The UTC day of created_at; ranges on it run from `start` to the day after the end (exclusive). */
const dayOf = sql<string>`substr(created_at, 1, 10)`;

/** Orders placed per day that were not cancelled. */
export async function ordersPerDay(db: Db, start: string, endExclusive: string): Promise<DayCount[]> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [dayOf.as('day'), eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', start)
    .where('created_at', '<', endExclusive)
    .where('status', '!=', 'cancelled')
    .groupBy(dayOf)
    .execute();
  return rows.map((r) => ({ day: r.day, n: toNumber(r.n) }));
}

/** Per day, the totals (cents) of orders paid, shipped or delivered in `currency`. */
export async function revenuePerDay(
  db: Db,
  start: string,
  endExclusive: string,
  currency: string,
): Promise<DayCount[]> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [dayOf.as('day'), eb.fn.sum<number>('total_cents').as('n')])
    .where('created_at', '>=', start)
    .where('created_at', '<', endExclusive)
    .where('status', 'in', REVENUE_STATUSES)
    .where('currency', '=', currency)
    .groupBy(dayOf)
    .execute();
  return rows.map((r) => ({ day: r.day, n: toNumber(r.n) }));
}

/** Accounts made per day. */
export async function signupsPerDay(db: Db, start: string, endExclusive: string): Promise<DayCount[]> {
  const rows = await db
    .selectFrom('users')
    .select((eb) => [dayOf.as('day'), eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', start)
    .where('created_at', '<', endExclusive)
    .groupBy(dayOf)
    .execute();
  return rows.map((r) => ({ day: r.day, n: toNumber(r.n) }));
}

/** The most viewed paths of the range, most first (ties by path). */
export async function topPaths(
  db: Db,
  start: string,
  end: string,
  limit: number,
): Promise<{ path: string; views: number }[]> {
  const rows = await db
    .selectFrom('page_views')
    .select((eb) => ['path', eb.fn.sum<number>('views').as('views')])
    .where('day', '>=', start)
    .where('day', '<=', end)
    .groupBy('path')
    .orderBy('views', 'desc')
    .orderBy('path')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ path: r.path, views: toNumber(r.views) }));
}

/** The referring hosts of the range with the most views ('' for none or this site), most first. */
export async function topReferrers(
  db: Db,
  start: string,
  end: string,
  limit: number,
): Promise<{ host: string; views: number }[]> {
  const rows = await db
    .selectFrom('page_views')
    .select((eb) => ['referrer_host', eb.fn.sum<number>('views').as('views')])
    .where('day', '>=', start)
    .where('day', '<=', end)
    .groupBy('referrer_host')
    .orderBy('views', 'desc')
    .orderBy('referrer_host')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ host: r.referrer_host, views: toNumber(r.views) }));
}

/** The sections whose items have a page of their own, by slug, and the column that names them. */
export const SLUG_SECTIONS = {
  shop: { table: 'products', name: 'name' },
  blogs: { table: 'blogs', name: 'title' },
  events: { table: 'events', name: 'name' },
  pages: { table: 'pages', name: 'title' },
} as const;
export type SlugSection = keyof typeof SLUG_SECTIONS;

/** slug → name of the items of `section` among `slugs`. */
export async function namesBySlug(db: Db, section: SlugSection, slugs: string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const { table, name } = SLUG_SECTIONS[section];
  const rows = await db
    .selectFrom(table)
    .select(['slug', sql<string>`${sql.ref(name)}`.as('name')])
    .where('slug', 'in', slugs)
    .execute();
  return new Map(rows.map((r) => [r.slug, r.name]));
}
