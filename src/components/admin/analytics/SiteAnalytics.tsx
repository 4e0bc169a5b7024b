/**
 * The /analytics screen: the date range (start and end, or a quick range), summary tiles, three
 * daily charts each with its table beside it (under it on phones), the most viewed pages and the referrers, and a
 * CSV download of every table. The range is kept in the address bar, so a view can be bookmarked.
 */
import { useCallback, useMemo, useState } from 'react';
import { fetchAnalytics } from '../../../lib/api/admin/analytics.ts';
import { formatCount } from '../../../lib/format/numbers.ts';
import {
  DIRECT_REFERRER,
  isEmptyReport,
  NO_ANALYTICS,
  utcDay,
  type AnalyticsDay,
  type AnalyticsReport,
  type TopContent,
  type TopReferrer,
} from '../../../shared/analytics.ts';
import { LoadError, Panel } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import AdminGate from '../ui/AdminGate.tsx';
import Spinner from '../ui/Spinner.tsx';
import {
  chartDescription,
  dailyCharts,
  dayLabel,
  rangeFromQuery,
  rangeLabel,
  summaryTiles,
  type DailyChart,
  type Range,
} from './analytics-view.ts';
import CsvButton from './CsvButton.tsx';
import FiguresTable from './FiguresTable.tsx';
import RangePicker from './RangePicker.tsx';
import TrendChart from './TrendChart.tsx';

function SummaryTiles({ report }: { report: AnalyticsReport }) {
  return (
    <ul
      className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5"
      aria-label="Summary"
    >
      {summaryTiles(report).map((tile) => (
        <li
          key={tile.key}
          className="min-w-0 rounded-xl border border-gray-200 bg-white p-3 shadow-sm last:col-span-2 sm:p-4 sm:last:col-span-1 dark:border-white/10 dark:bg-[#111821]"
        >
          <p className="m-0 text-sm text-gray-600 dark:text-gray-300">{tile.label}</p>
          <p className="m-0 mt-1 truncate text-xl font-bold tabular-nums sm:text-2xl" data-tile={tile.key}>
            {tile.value}
          </p>
        </li>
      ))}
    </ul>
  );
}

function DailyPanel({ chart, report, labels }: { chart: DailyChart; report: AnalyticsReport; labels: string[] }) {
  const range = { start: report.start, end: report.end };
  const columns = [
    { heading: 'Day', nowrap: true, cell: (d: AnalyticsDay) => dayLabel(d.day) },
    ...chart.series.map((s) => ({ heading: s.label, numeric: true, cell: (d: AnalyticsDay) => s.format(d[s.key]) })),
  ];
  return (
    <Panel
      id={`analytics-${chart.id}`}
      title={chart.title}
      action={<CsvButton range={range} table="daily" label={`${chart.title.toLowerCase()} per day`} />}
    >
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,19rem)]">
        <TrendChart
          type={chart.type}
          labels={labels}
          series={chart.series}
          description={chartDescription(chart, range)}
        />
        <FiguresTable
          caption={`${chart.title} per day`}
          columns={columns}
          rows={report.daily}
          rowKey={(d) => d.day}
          scroll
        />
      </div>
    </Panel>
  );
}

function TopContentPanel({ report }: { report: AnalyticsReport }) {
  return (
    <Panel
      id="analytics-content"
      title="Top content"
      action={<CsvButton range={{ start: report.start, end: report.end }} table="content" label="the top content" />}
    >
      {report.topContent.length === 0 ? (
        <p className="m-0 text-sm text-gray-600 dark:text-gray-300">No page views in this range.</p>
      ) : (
        <FiguresTable
          caption="Most viewed pages"
          rowKey={(c) => c.path}
          rows={report.topContent}
          columns={[
            {
              heading: 'Page',
              cell: (c: TopContent) => (
                <span className="block min-w-0">
                  <span className="block font-medium [overflow-wrap:anywhere]">{c.title}</span>
                  {c.title !== c.path && (
                    <span className="block text-xs text-gray-500 [overflow-wrap:anywhere] dark:text-gray-400">
                      {c.path}
                    </span>
                  )}
                </span>
              ),
            },
            { heading: 'Views', numeric: true, cell: (c: TopContent) => formatCount(c.views) },
          ]}
        />
      )}
    </Panel>
  );
}

function ReferrersPanel({ report }: { report: AnalyticsReport }) {
  return (
    <Panel
      id="analytics-referrers"
      title="Top referrers"
      action={
        <CsvButton range={{ start: report.start, end: report.end }} table="referrers" label="the top referrers" />
      }
    >
      {report.referrers.length === 0 ? (
        <p className="m-0 text-sm text-gray-600 dark:text-gray-300">No page views in this range.</p>
      ) : (
        <FiguresTable
          caption="Sites that sent visitors"
          rowKey={(r) => r.host}
          rows={report.referrers}
          columns={[
            {
              heading: 'Referrer',
              cell: (r: TopReferrer) => <span className="[overflow-wrap:anywhere]">{r.host || DIRECT_REFERRER}</span>,
            },
            { heading: 'Views', numeric: true, cell: (r: TopReferrer) => formatCount(r.views) },
          ]}
        />
      )}
    </Panel>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const labels = useMemo(() => report.daily.map((d) => dayLabel(d.day)), [report]);
  const charts = useMemo(() => dailyCharts(report), [report]);
  if (isEmptyReport(report)) {
    return (
      <p
        className="m-0 rounded-xl border border-dashed border-gray-300 px-4 py-10 text-center text-gray-600 dark:border-white/15 dark:text-gray-300"
        data-empty
      >
        {NO_ANALYTICS}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <SummaryTiles report={report} />
      {charts.map((chart) => (
        <DailyPanel key={chart.id} chart={chart} report={report} labels={labels} />
      ))}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <TopContentPanel report={report} />
        <ReferrersPanel report={report} />
      </div>
    </div>
  );
}

function AnalyticsScreen() {
  const today = useMemo(() => utcDay(new Date()), []);
  const [range, setRange] = useState<Range>(() => rangeFromQuery(location.search, today));
  const load = useCallback(() => fetchAnalytics(range), [range]);
  const { remote, reload } = useRemote(load, 'The analytics could not be loaded.');

  const choose = (next: Range) => {
    setRange(next);
    const url = new URL(location.href);
    url.searchParams.set('start', next.start);
    url.searchParams.set('end', next.end);
    history.replaceState(history.state, '', url);
  };

  return (
    <div className="flex flex-col gap-6">
      <RangePicker range={range} today={today} onChange={choose} />
      <p className="-mt-3 m-0 text-sm text-gray-600 dark:text-gray-300" aria-live="polite">
        {rangeLabel(range.start, range.end)} <span className="text-gray-500 dark:text-gray-400">(days in UTC)</span>
      </p>
      {remote.state === 'loading' && <Spinner compact label="Loading analytics" />}
      {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
      {remote.state === 'ready' && <Report report={remote.data} />}
    </div>
  );
}

export default function SiteAnalytics() {
  return <AdminGate>{() => <AnalyticsScreen />}</AdminGate>;
}
