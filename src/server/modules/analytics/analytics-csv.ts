/** The report's tables as CSV (RFC 4180, CRLF lines), safe to open in a spreadsheet: no cell is read as a formula. */
import { DIRECT_REFERRER, type AnalyticsReport, type AnalyticsTable } from '../../../shared/analytics.ts';

type Cell = string | number;

/**
 * One cell: text starting with = + - @ (or a tab or carriage return) gets a leading apostrophe, so a spreadsheet shows
 * it instead of running it (OWASP CSV injection); text with a comma, semicolon, quote or line break is quoted, so a
 * spreadsheet that splits on semicolons (as many locales do) never starts a new cell, and perhaps a formula, inside it.
 */
export function csvCell(value: Cell): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text, the header first; a byte order mark lets spreadsheets read it as UTF-8. */
export const toCsv = (rows: readonly (readonly Cell[])[]): string =>
  `\ufeff${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;

/** Cents as the amount a spreadsheet reads as a number (123450 → 1234.5). */
const amount = (cents: number) => Math.round(cents) / 100;

/** One table of the report as CSV text. */
export function reportCsv(report: AnalyticsReport, table: AnalyticsTable): string {
  switch (table) {
    case 'daily':
      return toCsv([
        ['Day', 'Views', 'Unique visitors', 'Orders', `Revenue (${report.currency})`, 'Sign-ups'],
        ...report.daily.map((d) => [d.day, d.views, d.visitors, d.orders, amount(d.revenueCents), d.signups]),
      ]);
    case 'content':
      return toCsv([['Path', 'Title', 'Views'], ...report.topContent.map((c) => [c.path, c.title, c.views])]);
    case 'referrers':
      return toCsv([['Referrer', 'Views'], ...report.referrers.map((r) => [r.host || DIRECT_REFERRER, r.views])]);
  }
}

/** The download's file name: 'analytics-daily-2026-10-26-to-2026-11-24.csv'. */
export const csvFileName = (report: Pick<AnalyticsReport, 'start' | 'end'>, table: AnalyticsTable) =>
  `analytics-${table}-${report.start}-to-${report.end}.csv`;
