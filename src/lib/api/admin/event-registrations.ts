/** The admin's event registrations calls (Events screen), one function per endpoint. */
import type { AdminRegistration, EventRegistrationList, EventRegistrationSummary } from '../../../shared/events.ts';
import type { ListResponse } from '../../../shared/types.ts';
import { api } from '../client.ts';

const eventPath = (id: string) => `/api/admin/events/${encodeURIComponent(id)}/registrations`;

/** GET /api/admin/event-registrations: every event with confirmed seats, capacity and waiting list. */
export const fetchEventSummaries = async (): Promise<EventRegistrationSummary[]> =>
  (await api<ListResponse<EventRegistrationSummary>>('/api/admin/event-registrations')).results;

/** GET /api/admin/events/{id}/registrations. */
export const fetchEventRegistrations = (id: string) => api<EventRegistrationList>(eventPath(id));

/** POST /api/admin/events/{id}/registrations/{registrationId}/cancel. */
export const cancelEventRegistration = (eventId: string, registrationId: string) =>
  api<{ message: string; registration: AdminRegistration }>(
    `${eventPath(eventId)}/${encodeURIComponent(registrationId)}/cancel`,
    { method: 'POST' },
  );

/** GET /api/admin/events/{id}/registrations.csv, with the name the server gives it. */
export async function fetchRegistrationsCsv(id: string): Promise<{ blob: Blob; fileName: string }> {
  const res = await api.raw<Blob, 'blob'>(`${eventPath(id)}.csv`, {
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'registrations.csv';
  return { blob: res._data ?? new Blob([]), fileName };
}
