import { fetchEvents } from '../../lib/api/content.ts';
import {
  applyEventFilters, DEFAULT_EVENT_FILTERS, EVENT_CATEGORY_OPTIONS, EVENT_LOCATION_OPTIONS, EVENT_SORT_OPTIONS, EVENT_TIMEFRAME_OPTIONS,
  eventFiltersFromQuery, eventFiltersReducer, eventFiltersToQuery, type EventFilters,
} from '../../lib/filters/events.ts';
import type { SiteEvent } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import ListResults from '../lists/ListResults.tsx';
import { gridImageLoading } from '../lists/SafeImage.tsx';
import { useFilteredList, type ListSection } from '../lists/use-filtered-list.ts';
import EventCard from './EventCard.tsx';

const SECTION: ListSection<SiteEvent, EventFilters> = {
  defaults: DEFAULT_EVENT_FILTERS, reducer: eventFiltersReducer, apply: applyEventFilters, toQuery: eventFiltersToQuery, fromQuery: eventFiltersFromQuery,
};

export default function EventBrowser({ initial }: { initial: SiteEvent[] }) {
  const { visible, filters, set, reset, loading, prerendered } = useFilteredList(SECTION, initial, fetchEvents);
  return (
    <>
      <FilterPanel
        query={{ value: filters.q, placeholder: 'Search events...', onChange: set('q') }}
        fields={[
          { key: 'category', label: 'Category', value: filters.category, options: EVENT_CATEGORY_OPTIONS, onChange: set('category') },
          { key: 'timeframe', label: 'Timeframe', value: filters.timeframe, options: EVENT_TIMEFRAME_OPTIONS, onChange: set('timeframe') },
          { key: 'location', label: 'Location', value: filters.location, options: EVENT_LOCATION_OPTIONS, onChange: set('location') },
          { key: 'sort', label: 'Sort by', value: filters.sort, options: EVENT_SORT_OPTIONS, onChange: set('sort') },
        ]}
        onReset={reset}
        count={visible.length}
        noun={visible.length === 1 ? 'event' : 'events'}
      />
      <ListResults items={visible} loading={loading} keepPrerendered={prerendered} emptyText="No events found" render={(event, i) => <EventCard event={event} loading={gridImageLoading(i, 3)} />} />
    </>
  );
}
