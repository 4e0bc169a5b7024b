/** The analytics CSV export: a header row, quoting, and no cell a spreadsheet would run as a formula. */
import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, reportCsv, toCsv } from '../../src/server/modules/analytics/analytics-csv.ts';
import { ZERO_FIGURES, type AnalyticsReport } from '../../src/shared/analytics.ts';

describe('the CSV', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("https://evil.example")')).toBe(`"'=HYPERLINK(""https://evil.example"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('/shop/lamp')).toBe('/shop/lamp');
    expect(csvCell('Lamp = light')).toBe('Lamp = light');
    // A spreadsheet that splits on semicolons would start a new cell, and run it, after the semicolon.
    expect(csvCell(';=HYPERLINK("https://evil.example")')).toBe(`";=HYPERLINK(""https://evil.example"")"`);
    expect(csvCell('/search?k=a;=1+1')).toBe('"/search?k=a;=1+1"');
  });

  it('quotes commas, quotes and line breaks, and writes numbers as they are', () => {
    expect(csvCell('Lamps, large')).toBe('"Lamps, large"');
    expect(csvCell('The "big" one')).toBe('"The ""big"" one"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(
      toCsv([
        ['a', 'b'],
        [1, 2],
      ]),
    ).toBe('\ufeffa,b\r\n1,2\r\n');
  });

  it('writes each table of a report with a header row', () => {
    const report: AnalyticsReport = {
      start: '2026-11-01',
      end: '2026-11-02',
      currency: 'EUR',
      totals: { ...ZERO_FIGURES },
      daily: [
        { day: '2026-11-01', views: 3, visitors: 2, orders: 1, revenueCents: 123450, signups: 1 },
        { day: '2026-11-02', ...ZERO_FIGURES },
      ],
      topContent: [{ path: '/shop/lamp', title: '=cmd|calc', views: 3 }],
      referrers: [
        { host: '', views: 2 },
        { host: 'news.example', views: 1 },
      ],
    };
    expect(reportCsv(report, 'daily')).toBe(
      '\ufeffDay,Views,Unique visitors,Orders,Revenue (EUR),Sign-ups\r\n2026-11-01,3,2,1,1234.5,1\r\n2026-11-02,0,0,0,0,0\r\n',
    );
    expect(reportCsv(report, 'content')).toBe("\ufeffPath,Title,Views\r\n/shop/lamp,'=cmd|calc,3\r\n");
    expect(reportCsv(report, 'referrers')).toBe('\ufeffReferrer,Views\r\nDirect or this site,2\r\nnews.example,1\r\n');
    expect(csvFileName(report, 'daily')).toBe('analytics-daily-2026-11-01-to-2026-11-02.csv');
  });
});
