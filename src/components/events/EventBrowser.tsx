/** The events' panel of filters; the event grid stays the static one the page passed in until the filters change. */
import type { CategoryChoice } from '../../lib/filters/core.ts';
import { useMemo, type ReactNode } from 'react';
import { fetchEvents } from '../../lib/api/content.ts';
import { eventSectionFor } from '../../lib/filters/events.ts';
import type { SiteEvent } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import StaticUntilChanged from '../lists/StaticUntilChanged.tsx';
import { useFilteredList } from '../lists/use-filtered-list.ts';
import EventGrid from './EventGrid.tsx';

/** children: the build's <EventGrid> of the same events under the default filters, static HTML. */
export default function EventBrowser({
  categories,
  initial,
  currency,
  children,
}: {
  categories: CategoryChoice[];
  initial: SiteEvent[];
  currency: string;
  children?: ReactNode;
}) {
  // The company's categories, read by the build; the same list for the island's whole life.
  const section = useMemo(() => eventSectionFor(categories), [categories]);
  const { visible, loading, changed, panel } = useFilteredList(section, initial, fetchEvents);
  return (
    <>
      <FilterPanel {...panel} />
      <StaticUntilChanged staticGrid={children} changed={changed}>
        <EventGrid events={visible} currency={currency} loading={loading} />
      </StaticUntilChanged>
    </>
  );
}
