/** Analytics inputs: the report's and the export's query, and the body of a counted page view. */
import { ANALYTICS_TABLES, RANGE_MESSAGES, resolveRange, type AnalyticsTable } from '../analytics.ts';
import { isObject } from './refusal.ts';
import { z } from './zod.ts';

/** '' is read as absent, so `?start=&end=` asks for the defaults. */
const optionalDay = z.preprocess((v) => (v === '' ? undefined : v), z.string().max(20).optional());

export const AnalyticsQuery = z.object({ start: optionalDay, end: optionalDay });

export const AnalyticsExportQuery = AnalyticsQuery.extend({ table: z.enum(ANALYTICS_TABLES) });

export const TABLE_MESSAGE = 'Choose the table to export: daily, content or referrers.';

type QueryCheck<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

/** The range of a report query (defaults applied, checked against `today`), or its first refused field. */
export function checkAnalyticsQuery(query: unknown, today: string): QueryCheck<{ start: string; end: string }> {
  const parsed = AnalyticsQuery.safeParse(query);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0] === 'end' ? 'end' : 'start';
    return { ok: false, field, message: RANGE_MESSAGES[field] };
  }
  const range = resolveRange(parsed.data, today);
  return range.ok ? { ok: true, value: { start: range.start, end: range.end } } : range;
}

/** An export query: its range as checkAnalyticsQuery, and which table. */
export function checkExportQuery(
  query: unknown,
  today: string,
): QueryCheck<{ start: string; end: string; table: AnalyticsTable }> {
  const table = AnalyticsExportQuery.shape.table.safeParse(isObject(query) ? query['table'] : undefined);
  if (!table.success) return { ok: false, field: 'table', message: TABLE_MESSAGE };
  const range = checkAnalyticsQuery(query, today);
  return range.ok ? { ok: true, value: { ...range.value, table: table.data } } : range;
}

/** Longest path or referrer text read from a view's body; longer ones are refused before anything is parsed. */
export const VIEW_TEXT_MAX = 2048;

/** POST /api/analytics/view: the page's path (location.pathname) and document.referrer ('' or absent for none). */
export const PageViewBody = z.object({
  path: z.string().max(VIEW_TEXT_MAX),
  referrer: z.string().max(VIEW_TEXT_MAX).optional().default(''),
});
