/** The Scheduled screen's calls, one function per endpoint. */
import type {
  ScheduleAction,
  ScheduledChange,
  ScheduleItem,
  ScheduleList,
  ScheduleType,
} from '../../../shared/schemas/schedule.ts';
import type { ListResponse } from '../../../shared/types.ts';
import { api } from '../client.ts';

/** GET /api/admin/schedule: what waits and what was made lately, and the store's zone. */
export const fetchSchedule = () => api<ScheduleList>('/api/admin/schedule');

/** GET /api/admin/schedule/items?type=…: the type's items, by title. */
export const fetchScheduleItems = async (type: ScheduleType): Promise<ScheduleItem[]> =>
  (await api<ListResponse<ScheduleItem>>('/api/admin/schedule/items', { query: { type } })).results;

/** POST /api/admin/schedule: `at` is a wall-clock time on the store's clocks ('2027-03-01T09:00'). */
export const scheduleChange = (body: { type: ScheduleType; id: string; action: ScheduleAction; at: string }) =>
  api<{ message: string; change: ScheduledChange }>('/api/admin/schedule', { method: 'POST', body });

/** DELETE /api/admin/schedule/{id}: withdraws a change that still waits. */
export const cancelScheduledChange = (id: string) =>
  api<{ message: string }>(`/api/admin/schedule/${encodeURIComponent(id)}`, { method: 'DELETE' });
