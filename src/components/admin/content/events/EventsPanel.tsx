/** The Events tab (issue 17 item 2): every event (drafts included) with its dates, New event, Edit, Publish/Unpublish and Delete. */
import { useCallback, useState } from 'react';
import { deleteEvent, fetchAdminEvents, setEventPublished } from '../../../../lib/api/admin/content.ts';
import { utcToZoned, type AdminEvent } from '../../../../shared/schemas/event-admin.ts';
import { useRemote } from '../../dashboard/use-remote.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentCards, { type ContentCardItem } from '../ui/ContentCards.tsx';
import ContentNotice from '../ui/ContentNotice.tsx';
import DeleteContentDialog from '../ui/DeleteContentDialog.tsx';
import PanelToolbar from '../ui/PanelToolbar.tsx';
import { useContentWrites } from '../ui/use-content-writes.ts';
import EventFormDialog from './EventFormDialog.tsx';

type EventCard = ContentCardItem & { event: AdminEvent };

const toCard = (event: AdminEvent): EventCard => ({
  id: event._id, title: event.name || event.title, caption: event.description, image: event.image || null,
  createdAt: event.createdAt, published: event.published, event,
});

/** '2026-07-01 18:00 – 21:00 (Europe/Paris)', on the event's own clocks. */
function when(event: AdminEvent): string {
  const zone = event.timeZone || 'UTC';
  const [start, end] = [utcToZoned(event.start_date, zone), utcToZoned(event.end_date, zone)];
  const sameDay = start.slice(0, 10) === end.slice(0, 10);
  return `${start.replace('T', ' ')} – ${sameDay ? end.slice(11) : end.replace('T', ' ')} (${zone.replace(/_/g, ' ')})`;
}

export default function EventsPanel({ query, view }: ContentPanelProps) {
  const load = useCallback(async () => (await fetchAdminEvents()).map(toCard), []);
  const { remote, reload } = useRemote<EventCard[]>(load, 'Error fetching content');
  const { notice, setNotice, busyId, run } = useContentWrites(reload);
  const [editing, setEditing] = useState<AdminEvent | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminEvent | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <PanelToolbar addLabel="New event" onAdd={() => setEditing('new')} />
      <ContentNotice notice={notice} />
      <ContentCards
        remote={remote}
        onRetry={() => void reload()}
        view={view}
        query={query}
        label="Events"
        details={({ event }) => (
          <p className="m-0 text-xs text-gray-600 dark:text-gray-400">
            {when(event)}
            <br />
            {event.isVirtual ? 'Virtual' : [event.location, event.address, event.city].filter(Boolean).join(', ')}
          </p>
        )}
        actions={({ event }) => [
          { label: 'Edit', onClick: () => setEditing(event), disabled: busyId !== null },
          {
            label: event.published ? 'Unpublish' : 'Publish',
            disabled: busyId !== null,
            onClick: () => void run(event._id, () => setEventPublished(event._id, !event.published), 'The event could not be changed.'),
          },
          { label: 'Delete', tone: 'danger', onClick: () => setDeleting(event), disabled: busyId !== null },
        ]}
      />
      <EventFormDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          setNotice({ tone: 'ok', text: message });
          void reload(true);
        }}
      />
      <DeleteContentDialog
        name={deleting ? deleting.name : null}
        busy={busyId !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void run(deleting._id, () => deleteEvent(deleting._id), 'The event could not be deleted.').then(() => setDeleting(null))}
      />
    </div>
  );
}
