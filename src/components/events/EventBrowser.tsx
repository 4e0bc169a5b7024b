import { fetchEvents } from '../../lib/api/content.ts';
import {
  applyEventFilters, DEFAULT_EVENT_FILTERS, EVENT_CATEGORY_OPTIONS, EVENT_LOCATION_OPTIONS, EVENT_SORT_OPTIONS, EVENT_TIMEFRAME_OPTIONS,
  eventFiltersFromQuery, eventFiltersReducer, eventFiltersToQuery, type EventFilters,
} from '../../lib/filters/events.ts';
import type { SiteEvent } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import { useFilteredList, type ListSection } from '../lists/use-filtered-list.ts';
import EventCard from './EventCard.tsx';

const SECTION: ListSection<SiteEvent, EventFilters> = {
  defaults: DEFAULT_EVENT_FILTERS, reducer: eventFiltersReducer, apply: applyEventFilters, toQuery: eventFiltersToQuery, fromQuery: eventFiltersFromQuery,
};

export default function EventBrowser({ initial }: { initial: SiteEvent[] }) {
  const { visible, filters, set, reset, loading } = useFilteredList(SECTION, initial, fetchEvents);
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
      {visible.length === 0 && !loading ? (
        <p className="py-16 text-center text-gray-600 dark:text-gray-300">No events found</p>
      ) : (
        <ul className="m-0 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((event, i) => (
            <li key={event._id}>
              <EventCard event={event} eager={i < 3} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
