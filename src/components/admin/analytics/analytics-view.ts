/**
 * What the /analytics screen shows, worked out without the DOM: day labels, the range's own words, the range read from
 * the address bar, the summary tiles, and the daily series the charts and their tables share.
 */
import { formatMoney } from '../../../lib/format/money.ts';
import { formatCount } from '../../../lib/format/numbers.ts';
import {
  DEFAULT_RANGE_DAYS,
  lastDays,
  resolveRange,
  type AnalyticsFigures,
  type AnalyticsReport,
} from '../../../shared/analytics.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '2026-11-24' → 'Nov 24'; with the year, 'Nov 24, 2026'. */
export function dayLabel(day: string, withYear = false): string {
  const [year, month, date] = day.split('-');
  const text = `${MONTHS[Number(month) - 1] ?? month} ${Number(date)}`;
  return withYear ? `${text}, ${year}` : text;
}

/** 'Oct 26 – Nov 24, 2026'; a range across years names both; a single day is that day. */
export function rangeLabel(start: string, end: string): string {
  if (start === end) return dayLabel(end, true);
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  return `${dayLabel(start, !sameYear)} – ${dayLabel(end, true)}`;
}

export interface Range {
  start: string;
  end: string;
}

/** The range in the address bar (?start=&end=) when it is a valid one, else the last 30 days ending today. */
export function rangeFromQuery(search: string, today: string): Range {
  const params = new URLSearchParams(search);
  // A missing or empty parameter asks for nothing.
  const asked = { start: (params.get('start') ?? '') || undefined, end: (params.get('end') ?? '') || undefined };
  const range = resolveRange(asked, today);
  return range.ok ? { start: range.start, end: range.end } : lastDays(DEFAULT_RANGE_DAYS, today);
}

/** True when `range` is the last `days` days ending today (a quick range's button shows pressed). */
export const quickRangeOf = (range: Range, today: string, days: number): boolean => {
  const quick = lastDays(days, today);
  return quick.start === range.start && quick.end === range.end;
};

export interface Tile {
  key: keyof AnalyticsFigures;
  label: string;
  value: string;
}

/** The summary tiles: views, unique visitors, orders, revenue (in the store's currency) and sign-ups. */
export function summaryTiles(report: Pick<AnalyticsReport, 'totals' | 'currency'>): Tile[] {
  const { totals, currency } = report;
  return [
    { key: 'views', label: 'Page views', value: formatCount(totals.views) },
    { key: 'visitors', label: 'Unique visitors', value: formatCount(totals.visitors) },
    { key: 'orders', label: 'Orders', value: formatCount(totals.orders) },
    { key: 'revenueCents', label: 'Revenue', value: formatMoney(totals.revenueCents, currency) },
    { key: 'signups', label: 'Sign-ups', value: formatCount(totals.signups) },
  ];
}

/** One line or set of bars of a chart, and the column of its table. */
export interface Series {
  key: keyof AnalyticsFigures;
  label: string;
  values: number[];
  /** The brand colour it is drawn in. */
  tone: 'primary' | 'secondary';
  /** The right-hand axis, for a figure of another unit (revenue beside orders). */
  rightAxis?: boolean;
  /** Drawn dashed, so two lines differ by more than colour. */
  dashed?: boolean;
  format: (n: number) => string;
}

export interface DailyChart {
  id: string;
  title: string;
  type: 'line' | 'bar';
  series: Series[];
}

/** The three daily charts of a report, each with the series its table lists beside it. */
export function dailyCharts(report: AnalyticsReport): DailyChart[] {
  const column = (key: keyof AnalyticsFigures) => report.daily.map((d) => d[key]);
  const money = (cents: number) => formatMoney(cents, report.currency);
  return [
    {
      id: 'traffic',
      title: 'Views and visitors',
      type: 'line',
      series: [
        { key: 'views', label: 'Views', values: column('views'), tone: 'primary', format: formatCount },
        {
          key: 'visitors',
          label: 'Unique visitors',
          values: column('visitors'),
          tone: 'secondary',
          dashed: true,
          format: formatCount,
        },
      ],
    },
    {
      id: 'sales',
      title: 'Orders and revenue',
      type: 'bar',
      series: [
        { key: 'orders', label: 'Orders', values: column('orders'), tone: 'primary', format: formatCount },
        {
          key: 'revenueCents',
          label: 'Revenue',
          values: column('revenueCents'),
          tone: 'secondary',
          rightAxis: true,
          format: money,
        },
      ],
    },
    {
      id: 'signups',
      title: 'Sign-ups',
      type: 'bar',
      series: [{ key: 'signups', label: 'Sign-ups', values: column('signups'), tone: 'primary', format: formatCount }],
    },
  ];
}

/** What a chart's canvas says to a screen reader: its kind, its figures and range, and where the numbers are. */
export function chartDescription(chart: Pick<DailyChart, 'type' | 'title'>, range: Range): string {
  return `${chart.type === 'line' ? 'Line' : 'Bar'} chart of ${chart.title.toLowerCase()} per day, ${rangeLabel(range.start, range.end)}. The table beside it lists the same figures.`;
}
