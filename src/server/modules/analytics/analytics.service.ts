/**
 * Counting a page view (day, path, referrer host and a daily-salted visitor hash; nothing else) and the report of a
 * date range: views, visitors, orders, revenue and sign-ups per day, the most viewed pages and the referrers.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  addDays,
  fillDays,
  TOP_LIMIT,
  totalsOf,
  utcDay,
  type AnalyticsReport,
  type TopContent,
} from '../../../shared/analytics.ts';
import type { Db } from '../../db/connection.ts';
import { readStore } from '../store/store.service.ts';
import {
  addView,
  namesBySlug,
  ordersPerDay,
  recordVisitor,
  revenuePerDay,
  settleSalt,
  signupsPerDay,
  SLUG_SECTIONS,
  topPaths,
  topReferrers,
  viewsPerDay,
  visitorsPerDay,
  type DayCount,
  type SlugSection,
} from './analytics.repository.ts';

export interface PageView {
  /** Already normalised (view-rules.ts normalisePath). */
  path: string;
  referrerHost: string;
  /** Only hashed, with the day's salt; never stored. */
  ip: string;
  userAgent: string;
}

/** SHA-256 of the day's salt, the address and the browser: the same visitor within a day, unknowable once the salt is gone. */
export const visitorHash = (salt: string, ip: string, userAgent: string): string =>
  createHash('sha256').update(`${salt}\n${ip}\n${userAgent}`).digest('hex');

/**
 * Counts views. The day's salt is made on the first view of a UTC day (32 random bytes), when the earlier days' are
 * deleted, and then kept in memory for the rest of the day.
 */
export function createViewCounter(now: () => Date = () => new Date()) {
  let today: { day: string; salt: string } | undefined;
  const saltOf = async (db: Db, day: string) => {
    if (today?.day !== day) today = { day, salt: await settleSalt(db, day, randomBytes(32).toString('base64url')) };
    return today.salt;
  };
  return async function countView(db: Db, view: PageView): Promise<void> {
    const day = utcDay(now());
    const salt = await saltOf(db, day);
    await recordVisitor(db, day, visitorHash(salt, view.ip, view.userAgent));
    await addView(db, day, view.path, view.referrerHost);
  };
}

const SLUG_PATH = new RegExp(`^/(${Object.keys(SLUG_SECTIONS).join('|')})/([^/]+)$`);

/** The most viewed paths with their titles: the product's, post's, event's or page's name, else the path. */
async function titled(db: Db, paths: { path: string; views: number }[]): Promise<TopContent[]> {
  const slugs = new Map<SlugSection, string[]>();
  for (const { path } of paths) {
    const [, section, slug] = SLUG_PATH.exec(path) ?? [];
    if (section === undefined || slug === undefined) continue;
    slugs.set(section as SlugSection, [...(slugs.get(section as SlugSection) ?? []), slug]);
  }
  const names = new Map<string, string>();
  for (const [section, list] of slugs)
    for (const [slug, name] of await namesBySlug(db, section, list)) names.set(`/${section}/${slug}`, name);
  return paths.map(({ path, views }) => {
    const name = names.get(path)?.trim() ?? '';
    return { path, title: name === '' ? path : name, views };
  });
}

const asFigure = <K extends string>(key: K, rows: DayCount[]) =>
  rows.map((r) => ({ day: r.day, [key]: r.n }) as { day: string } & Record<K, number>);

/** The report of `start`..`end` (UTC days, both included). Revenue counts orders in the store's currency only. */
export async function analyticsReport(
  db: Db,
  { start, end }: { start: string; end: string },
): Promise<AnalyticsReport> {
  const endExclusive = addDays(end, 1);
  const { currency } = await readStore(db);
  const [views, visitors, orders, revenue, signups, paths, referrers] = await Promise.all([
    viewsPerDay(db, start, end),
    visitorsPerDay(db, start, end),
    ordersPerDay(db, start, endExclusive),
    revenuePerDay(db, start, endExclusive, currency),
    signupsPerDay(db, start, endExclusive),
    topPaths(db, start, end, TOP_LIMIT),
    topReferrers(db, start, end, TOP_LIMIT),
  ]);
  const daily = fillDays(start, end, [
    ...asFigure('views', views),
    ...asFigure('visitors', visitors),
    ...asFigure('orders', orders),
    ...asFigure('revenueCents', revenue),
    ...asFigure('signups', signups),
  ]);
  return { start, end, currency, totals: totalsOf(daily), daily, topContent: await titled(db, paths), referrers };
}
