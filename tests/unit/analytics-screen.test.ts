/** The /analytics screen's pure parts: labels, the range from the address bar, tiles, series, chart setup. */
import { assert, describe, expect, it } from 'vitest';
import {
  chartDescription,
  dailyCharts,
  dayLabel,
  quickRangeOf,
  rangeFromQuery,
  rangeLabel,
  summaryTiles,
} from '../../src/components/admin/analytics/analytics-view.ts';
import { chartConfig, withAlpha, type ChartColours } from '../../src/components/admin/analytics/chart-config.ts';
import { ZERO_FIGURES, type AnalyticsReport } from '../../src/shared/analytics.ts';

const TODAY = '2026-11-24';
const REPORT: AnalyticsReport = {
  start: '2026-11-23',
  end: '2026-11-24',
  currency: 'EUR',
  totals: { views: 12345, visitors: 40, orders: 3, revenueCents: 123450, signups: 2 },
  daily: [
    { day: '2026-11-23', views: 5, visitors: 2, orders: 1, revenueCents: 1999, signups: 0 },
    { day: '2026-11-24', ...ZERO_FIGURES, views: 12340, visitors: 38, orders: 2, revenueCents: 121451, signups: 2 },
  ],
  topContent: [],
  referrers: [],
};
const COLOURS: ChartColours = { primary: '#0091ea', secondary: '#FF5722', text: '#374151', grid: 'rgba(0,0,0,0.1)' };

describe('labels', () => {
  it('name days and ranges in words', () => {
    expect(dayLabel('2026-11-04')).toBe('Nov 4');
    expect(dayLabel('2026-01-31', true)).toBe('Jan 31, 2026');
    expect(rangeLabel('2026-10-26', '2026-11-24')).toBe('Oct 26 – Nov 24, 2026');
    expect(rangeLabel('2025-12-01', '2026-01-15')).toBe('Dec 1, 2025 – Jan 15, 2026');
    expect(rangeLabel(TODAY, TODAY)).toBe('Nov 24, 2026');
  });
});

describe('the range in the address bar', () => {
  it('is used when valid, else the last 30 days', () => {
    expect(rangeFromQuery('?start=2026-11-01&end=2026-11-07', TODAY)).toEqual({
      start: '2026-11-01',
      end: '2026-11-07',
    });
    expect(rangeFromQuery('?start=2026-11-20', TODAY)).toEqual({ start: '2026-11-20', end: TODAY });
    for (const bad of [
      '',
      '?start=nope',
      '?start=2026-11-10&end=2026-11-01',
      '?start=2020-01-01&end=2026-01-01',
      '?end=2026-02-30',
    ]) {
      expect(rangeFromQuery(bad, TODAY), bad).toEqual({ start: '2026-10-26', end: TODAY });
    }
  });

  it('shows which quick range it is', () => {
    expect(quickRangeOf({ start: '2026-11-18', end: TODAY }, TODAY, 7)).toBe(true);
    expect(quickRangeOf({ start: '2026-11-18', end: TODAY }, TODAY, 30)).toBe(false);
    expect(quickRangeOf({ start: '2026-08-27', end: TODAY }, TODAY, 90)).toBe(true);
    expect(quickRangeOf({ start: '2026-11-18', end: '2026-11-23' }, TODAY, 7)).toBe(false);
  });
});

describe('the summary and the series', () => {
  it('tiles group thousands and write revenue in the store currency', () => {
    expect(summaryTiles(REPORT).map((t) => [t.label, t.value])).toEqual([
      ['Page views', '12,345'],
      ['Unique visitors', '40'],
      ['Orders', '3'],
      ['Revenue', '€1,234.50'],
      ['Sign-ups', '2'],
    ]);
  });

  it('three daily charts, each with the columns of its table', () => {
    const charts = dailyCharts(REPORT);
    expect(charts.map((c) => [c.title, c.type, c.series.map((s) => s.label)])).toEqual([
      ['Views and visitors', 'line', ['Views', 'Unique visitors']],
      ['Orders and revenue', 'bar', ['Orders', 'Revenue']],
      ['Sign-ups', 'bar', ['Sign-ups']],
    ]);
    const [traffic, sales] = charts;
    assert(traffic && sales, 'the traffic and sales charts');
    const revenue = sales.series[1];
    assert(revenue, 'the revenue series');
    expect(revenue.values).toEqual([1999, 121451]);
    expect(revenue.rightAxis).toBe(true);
    expect(revenue.format(1999)).toBe('€19.99');
    expect(traffic.series[0]?.values).toEqual([5, 12340]);
    expect(chartDescription(traffic, REPORT)).toBe(
      'Line chart of views and visitors per day, Nov 23 – Nov 24, 2026. The table beside it lists the same figures.',
    );
  });
});

describe('the chart set-up', () => {
  it('draws each series in its brand colour, a second unit on a right axis, and money on its ticks', () => {
    const [, sales] = dailyCharts(REPORT);
    assert(sales, 'the sales chart');
    const config = chartConfig({
      type: 'bar',
      labels: ['Nov 23', 'Nov 24'],
      series: sales.series,
      colours: COLOURS,
      animate: false,
    });
    expect(config.type).toBe('bar');
    const [orders, revenue] = config.data.datasets;
    expect(orders).toMatchObject({
      label: 'Orders',
      data: [1, 2],
      yAxisID: 'y',
      borderColor: '#0091ea',
      backgroundColor: 'rgba(0, 145, 234, 0.75)',
    });
    expect(revenue).toMatchObject({ label: 'Revenue', yAxisID: 'y1', borderColor: '#FF5722' });
    expect(config.options?.animation).toBe(false);
    const y1 = config.options?.scales?.['y1'] as { position: string; ticks: { callback: (v: number) => string } };
    expect(y1.position).toBe('right');
    expect(y1.ticks.callback(250000)).toBe('€2,500.00');
    expect(config.options?.plugins?.legend?.display).toBe(true);
  });

  it('has a single series with no legend and no right axis, and dashes what is marked dashed', () => {
    const [traffic, , signups] = dailyCharts(REPORT);
    assert(traffic && signups, 'the traffic and sign-up charts');
    const single = chartConfig({
      type: 'bar',
      labels: ['a', 'b'],
      series: signups.series,
      colours: COLOURS,
      animate: true,
    });
    expect(single.options?.plugins?.legend?.display).toBe(false);
    expect(single.options?.scales?.['y1']).toBeUndefined();
    expect(single.options?.animation).toEqual({ duration: 400 });
    const lines = chartConfig({
      type: 'line',
      labels: ['a', 'b'],
      series: traffic.series,
      colours: COLOURS,
      animate: false,
    });
    expect(lines.data.datasets.map((d) => (d as { borderDash: number[] }).borderDash)).toEqual([[], [6, 4]]);
  });

  it('turns a hex colour translucent, and leaves other colour text alone', () => {
    expect(withAlpha('#FF5722', 0.5)).toBe('rgba(255, 87, 34, 0.5)');
    expect(withAlpha('rgb(1, 2, 3)', 0.5)).toBe('rgb(1, 2, 3)');
  });
});
