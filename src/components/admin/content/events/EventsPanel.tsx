/**
 * The Events tab: every event (drafts included) with its dates, New event, Edit, Publish/Unpublish and Delete. A
 * published event with changes kept as a draft says so beside its badge.
 */
import { deleteEvent, fetchAdminEvents, setEventPublished } from '../../../../lib/api/admin/content.ts';
import { formatDateTime } from '../../../../lib/format/dates.ts';
import type { AdminEvent } from '../../../../shared/schemas/event-admin.ts';
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
  hasDraft: event.draft !== null,
});

/** 'Jul 1, 2026, 6:00 PM CEST – Jul 1, 2026, 9:00 PM CEST (Europe/Paris)', on the event's own clocks as the site shows it. */
function when(event: AdminEvent): string {
  const zone = event.timeZone || 'UTC';
  const [start, end] = [formatDateTime(event.start_date, zone), formatDateTime(event.end_date, zone)];
  return `${start} – ${end} (${zone.replace(/_/g, ' ')})`;
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
