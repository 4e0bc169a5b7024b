/** The events' grid of cards: the page renders it to static HTML at build time, EventBrowser once the filters change. */
import type { SiteEvent } from '../../shared/types.ts';
import { ListGrid } from '../lists/ListResults.tsx';
import { gridImageLoading } from '../lists/SafeImage.tsx';
import EventCard from './EventCard.tsx';

export default function EventGrid({ events, currency }: { events: readonly SiteEvent[]; currency: string }) {
  return (
    <ListGrid
      items={events}
      emptyText="No events found"
      render={(event, i) => <EventCard event={event} currency={currency} loading={gridImageLoading(i, 3)} />}
    />
  );
}
