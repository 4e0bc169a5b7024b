/** Admin dashboard calls: the stat cards, recent activity and the top bar's notifications; one function per endpoint. */
import type { AdminNotification, AuditEntry, DashboardStats } from '../../../shared/admin.ts';
import { api } from '../client.ts';

/** GET /api/dashboard/stats: totals computed in the database. */
export const fetchDashboardStats = () => api<Partial<DashboardStats>>('/api/dashboard/stats');

/** GET /api/admin/activity: the newest admin writes first. */
export const fetchActivity = (limit: number) =>
  api<{ results: AuditEntry[] }>('/api/admin/activity', { query: { limit } }).then((r) => r.results);

/** GET /api/admin/notifications: what an admin must know now (a failed site rebuild). */
export const fetchNotifications = () =>
  api<{ results: AdminNotification[] }>('/api/admin/notifications').then((r) => r.results);
