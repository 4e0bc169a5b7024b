/** The events' panel of filters; the event grid stays the static one the page passed in until the filters change. */
import type { CategoryChoice } from '../../lib/filters/core.ts';
import { useMemo, type ReactNode } from 'react';
import { eventSectionFor } from '../../lib/filters/events.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import { ShowMore } from '../lists/ListResults.tsx';
import StaticUntilChanged from '../lists/StaticUntilChanged.tsx';
import { useFilteredList, type ListSource } from '../lists/use-filtered-list.ts';
import type { SiteEvent } from '../../shared/types.ts';
import EventGrid from './EventGrid.tsx';

/** children: the build's <EventGrid> of the same events under the default filters, static HTML. */
export default function EventBrowser({
  categories,
  source,
  currency,
  children,
}: {
  categories: CategoryChoice[];
  source: ListSource<SiteEvent>;
  currency: string;
  children?: ReactNode;
}) {
  // The company's categories, read by the build; the same list for the island's whole life.
  const section = useMemo(() => eventSectionFor(categories), [categories]);
  const { visible, more, busy, changed, panel } = useFilteredList(section, source);
  return (
    <>
      <FilterPanel {...panel} />
      <StaticUntilChanged staticGrid={children} changed={changed}>
        <>
          <EventGrid events={visible} currency={currency} />
          <ShowMore onMore={more} busy={busy} />
        </>
      </StaticUntilChanged>
    </>
  );
}
