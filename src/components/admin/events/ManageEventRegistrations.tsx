/**
 * The /admin/events screen: every event with its confirmed seats against capacity and its waiting list; open one to
 * see its registrations, export them as CSV, or cancel one (after a confirmation; the waiting list moves up and the
 * people concerned are mailed).
 */
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import {
  cancelEventRegistration,
  fetchEventRegistrations,
  fetchEventSummaries,
  fetchRegistrationsCsv,
} from '../../../lib/api/admin/event-registrations.ts';
import { saveFile } from '../../../lib/browser/save-file.ts';
import type { AdminRegistration, EventRegistrationSummary } from '../../../shared/events.ts';
import { LoadError, Panel, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import AdminGate from '../ui/AdminGate.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import DownloadIcon from '../ui/DownloadIcon.tsx';
import { NoticeLine, type Notice } from '../ui/PagedList.tsx';
import { NEUTRAL_ACTION } from '../ui/row-actions.tsx';
import EventsTable, { seatsText } from './EventsTable.tsx';
import RegistrationsTable from './RegistrationsTable.tsx';

function EventList({ onOpen }: { onOpen: (event: EventRegistrationSummary) => void }) {
  const load = useCallback(() => fetchEventSummaries(), []);
  const { remote, reload } = useRemote(load, 'Could not load the events.');
  return (
    <Panel title="Registrations by event" id="events-panel">
      <p className="m-0 mb-3 text-sm text-gray-600 dark:text-gray-400">
        Free events take registrations on their page, up to their capacity, then on a waiting list. Set an event's
        capacity in Content › Events.
      </p>
      {remote.state === 'loading' && <PanelLoading label="Loading the events" />}
      {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
      {remote.state === 'ready' &&
        (remote.data.length === 0 ? (
          <p className="m-0 py-8 text-center text-gray-600 dark:text-gray-400">No events yet.</p>
        ) : (
          <EventsTable events={remote.data} onOpen={onOpen} />
        ))}
    </Panel>
  );
}

function EventRegistrations({ event, onBack }: { event: EventRegistrationSummary; onBack: () => void }) {
  const load = useCallback(() => fetchEventRegistrations(event._id), [event._id]);
  const { remote, reload } = useRemote(load, 'Could not load the registrations.');
  const [notice, setNotice] = useState<Notice>(null);
  const [cancelling, setCancelling] = useState<AdminRegistration | null>(null);
  const [busy, setBusy] = useState(false);
  const summary = remote.state === 'ready' ? remote.data.event : event;

  async function exportCsv() {
    setNotice(null);
    try {
      const { blob, fileName } = await fetchRegistrationsCsv(event._id);
      saveFile(blob, fileName);
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'The CSV file could not be made. Please try again.') });
    }
  }

  async function cancel(registration: AdminRegistration) {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await cancelEventRegistration(event._id, registration._id);
      setNotice({ tone: 'ok', text: `${answer.message}; ${registration.email} is told by email.` });
      void reload(true);
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'The registration could not be cancelled.') });
    } finally {
      setBusy(false);
      setCancelling(null);
    }
  }

  return (
    <Panel
      title={summary.name}
      id="registrations-panel"
      action={
        <span className="flex flex-wrap gap-2">
          <button type="button" className={NEUTRAL_ACTION} onClick={onBack}>
            All events
          </button>
          <button
            type="button"
            className={`${NEUTRAL_ACTION} inline-flex items-center gap-1.5`}
            onClick={() => void exportCsv()}
          >
            <DownloadIcon size={16} />
            Export CSV
          </button>
        </span>
      }
    >
      <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
        Confirmed seats: <strong className="tabular-nums">{seatsText(summary)}</strong> · Waiting list:{' '}
        <strong className="tabular-nums">{summary.waiting}</strong>
      </p>
      <NoticeLine notice={notice} />
      <div className="mt-3">
        {remote.state === 'loading' && <PanelLoading label="Loading the registrations" />}
        {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
        {remote.state === 'ready' &&
          (remote.data.results.length === 0 ? (
            <p className="m-0 py-8 text-center text-gray-600 dark:text-gray-400">Nobody has registered yet.</p>
          ) : (
            <RegistrationsTable registrations={remote.data.results} busy={busy} onCancel={setCancelling} />
          ))}
      </div>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this registration?"
        confirmLabel="Cancel registration"
        busyLabel="Cancelling..."
        busy={busy}
        onCancel={() => setCancelling(null)}
        onConfirm={() => cancelling && void cancel(cancelling)}
      >
        {cancelling
          ? `${cancelling.name} (${cancelling.email}, ${cancelling.seats === 1 ? '1 seat' : `${cancelling.seats} seats`}) is told by email; freed seats go to the waiting list in order.`
          : ''}
      </ConfirmDialog>
    </Panel>
  );
}

function EventsScreen() {
  const [open, setOpen] = useState<EventRegistrationSummary | null>(null);
  return (
    <div className="flex flex-col gap-4">
      {open ? (
        <EventRegistrations key={open._id} event={open} onBack={() => setOpen(null)} />
      ) : (
        <EventList onOpen={setOpen} />
      )}
    </div>
  );
}

export default function ManageEventRegistrations() {
  return <AdminGate>{() => <EventsScreen />}</AdminGate>;
}
