/** The admin's Analytics calls, one function per endpoint. */
import type { AnalyticsReport, AnalyticsTable } from '../../../shared/analytics.ts';
import { api } from '../client.ts';

export interface AnalyticsRange {
  start: string;
  end: string;
}

/** GET /api/analytics: the figures of the range (UTC days, both included). */
export const fetchAnalytics = (range: AnalyticsRange) =>
  api<AnalyticsReport>('/api/analytics', { query: { ...range } });

/** GET /api/analytics/export: one table of the range as a CSV file, with the name the server gives it. */
export async function fetchAnalyticsCsv(
  range: AnalyticsRange,
  table: AnalyticsTable,
): Promise<{ blob: Blob; fileName: string }> {
  const res = await api.raw<Blob, 'blob'>('/api/analytics/export', {
    query: { ...range, table },
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
  const fileName =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `analytics-${table}.csv`;
  return { blob: res._data ?? new Blob([]), fileName };
}
