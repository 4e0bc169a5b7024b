/**
 * Analytics: what GET /api/analytics answers and the /analytics screen reads, and the pure rules of
 * a date range (UTC days written YYYY-MM-DD): its defaults, its checks, and every day of it with zeros filled in.
 */

/** The figures of one day, or of the whole range. Revenue is in the store's minor units (cents). */
export interface AnalyticsFigures {
  views: number;
  /** Unique visitors of a day; over a range, the sum of each day's (a visitor cannot be followed from day to day). */
  visitors: number;
  /** Orders placed that were not cancelled. */
  orders: number;
  /** Totals of the orders paid, shipped or delivered (REVENUE_STATUSES) in the store's currency. */
  revenueCents: number;
  signups: number;
}

export interface AnalyticsDay extends AnalyticsFigures {
  day: string;
}

/** A page among the most viewed: title from the product, post, event or page it shows, else the path. */
export interface TopContent {
  path: string;
  title: string;
  views: number;
}

/** A referring site; host '' stands for no referrer or this site itself. */
export interface TopReferrer {
  host: string;
  views: number;
}

/** GET /api/analytics. */
export interface AnalyticsReport {
  start: string;
  end: string;
  /** The store's currency (revenueCents is in its minor units). */
  currency: string;
  totals: AnalyticsFigures;
  /** Every day of the range in order, days with nothing included. */
  daily: AnalyticsDay[];
  topContent: TopContent[];
  referrers: TopReferrer[];
}

/** The tables GET /api/analytics/export writes as CSV. */
export const ANALYTICS_TABLES = ['daily', 'content', 'referrers'] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];

/** The spec's empty text, for a range with nothing at all. */
export const NO_ANALYTICS = 'No analytics data available.';
/** How the screen and the CSV name referrer host ''. */
export const DIRECT_REFERRER = 'Direct or this site';
/** How many most viewed pages and referrers the report lists. */
export const TOP_LIMIT = 10;
/** Days of the range when none is asked for: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
/** The longest range, in days (a leap year). */
export const MAX_RANGE_DAYS = 366;
/** The screen's quick ranges: the last N days, today included. */
export const QUICK_RANGES = [7, 30, 90] as const;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD ('2026-02-30' is not one). */
export function isDay(text: string): boolean {
  const match = DAY_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1970 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The day `count` days after `day` (before, when negative). */
export const addDays = (day: string, count: number): string =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS));

/** Days from `start` to `end`, both counted (1 for a single day; 0 or less when end comes first). */
export const daysCovered = (start: string, end: string): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;

/** The last `days` days, ending with `today`. */
export const lastDays = (days: number, today: string): { start: string; end: string } => ({
  start: addDays(today, 1 - days),
  end: today,
});

export type RangeCheck =
  { ok: true; start: string; end: string } | { ok: false; field: 'start' | 'end'; message: string };

export const RANGE_MESSAGES = {
  start: 'The start date must be a real date written as YYYY-MM-DD.',
  end: 'The end date must be a real date written as YYYY-MM-DD.',
  order: 'The end date must not be before the start date.',
  length: `The range may cover at most ${MAX_RANGE_DAYS} days.`,
} as const;

/**
 * The range asked for, with its defaults: no end is today, no start is 30 days up to the end. Refused: a date that
 * is not a real day, an end before the start, more than 366 days.
 */
export function resolveRange(
  asked: { start?: string | undefined; end?: string | undefined },
  today: string,
): RangeCheck {
  if (asked.start !== undefined && !isDay(asked.start))
    return { ok: false, field: 'start', message: RANGE_MESSAGES.start };
  if (asked.end !== undefined && !isDay(asked.end)) return { ok: false, field: 'end', message: RANGE_MESSAGES.end };
  const end = asked.end ?? today;
  const start = asked.start ?? lastDays(DEFAULT_RANGE_DAYS, end).start;
  const days = daysCovered(start, end);
  if (days < 1) return { ok: false, field: 'end', message: RANGE_MESSAGES.order };
  if (days > MAX_RANGE_DAYS) return { ok: false, field: 'start', message: RANGE_MESSAGES.length };
  return { ok: true, start, end };
}

/** Every day from `start` to `end`, in order. */
export function daysOf(start: string, end: string): string[] {
  const count = Math.max(0, daysCovered(start, end));
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

export const ZERO_FIGURES: Readonly<AnalyticsFigures> = {
  views: 0,
  visitors: 0,
  orders: 0,
  revenueCents: 0,
  signups: 0,
};

/** Every day of the range with the figures known for it, zeros for the rest; figures of days outside it are dropped. */
export function fillDays(
  start: string,
  end: string,
  known: readonly (Partial<AnalyticsFigures> & { day: string })[],
): AnalyticsDay[] {
  const byDay = new Map<string, AnalyticsDay>(daysOf(start, end).map((day) => [day, { day, ...ZERO_FIGURES }]));
  for (const { day, ...figures } of known) {
    const row = byDay.get(day);
    if (!row) continue;
    for (const key of Object.keys(ZERO_FIGURES) as (keyof AnalyticsFigures)[]) row[key] += figures[key] ?? 0;
  }
  return [...byDay.values()];
}

/** The sums of the days. */
export function totalsOf(days: readonly AnalyticsFigures[]): AnalyticsFigures {
  const totals = { ...ZERO_FIGURES };
  for (const day of days) for (const key of Object.keys(totals) as (keyof AnalyticsFigures)[]) totals[key] += day[key];
  return totals;
}

/** True when the range has nothing at all: no view, order, revenue or sign-up. */
export const isEmptyReport = (report: Pick<AnalyticsReport, 'totals' | 'topContent' | 'referrers'>): boolean =>
  Object.values(report.totals).every((n) => n === 0) && report.topContent.length === 0 && report.referrers.length === 0;
