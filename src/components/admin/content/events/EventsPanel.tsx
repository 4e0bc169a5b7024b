/** The Events tab: every event (drafts included) with its dates, New event, Edit, Publish/Unpublish and Delete. */
import { deleteEvent, fetchAdminEvents, setEventPublished } from '../../../../lib/api/admin/content.ts';
import { utcToZoned, type AdminEvent } from '../../../../shared/schemas/event-admin.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentPanel from '../ui/ContentPanel.tsx';
import PanelToolbar from '../ui/PanelToolbar.tsx';
import EventFormDialog from './EventFormDialog.tsx';

const toCard = (event: AdminEvent) => ({
  id: event._id,
  title: event.name || event.title,
  caption: event.description,
  image: event.image || null,
  createdAt: event.createdAt,
  published: event.published,
});

/** '2026-07-01 18:00 – 21:00 (Europe/Paris)', on the event's own clocks. */
function when(event: AdminEvent): string {
  const zone = event.timeZone || 'UTC';
  const [start, end] = [utcToZoned(event.start_date, zone), utcToZoned(event.end_date, zone)];
  const sameDay = start.slice(0, 10) === end.slice(0, 10);
  return `${start.replace('T', ' ')} – ${sameDay ? end.slice(11) : end.replace('T', ' ')} (${zone.replace(/_/g, ' ')})`;
}

const details = (event: AdminEvent) => (
  <p className="m-0 text-xs text-gray-600 dark:text-gray-400">
    {when(event)}
    <br />
    {event.isVirtual ? 'Virtual' : [event.location, event.address, event.city].filter(Boolean).join(', ')}
  </p>
);

export default function EventsPanel(props: ContentPanelProps) {
  return (
    <ContentPanel
      {...props}
      label="Events"
      noun="event"
      load={fetchAdminEvents}
      toCard={toCard}
      setPublished={setEventPublished}
      remove={deleteEvent}
      details={details}
      toolbar={(openNew) => <PanelToolbar addLabel="New event" onAdd={openNew} />}
      form={(slot) => <EventFormDialog {...slot} />}
    />
  );
}
