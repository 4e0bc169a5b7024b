/** The Manage Users calls, one function per endpoint. */
import type { AdminUser, AdminUserPage } from '../../../shared/admin.ts';
import type { UserChangeInput } from '../../../shared/schemas/user-admin.ts';
import type { Role } from '../../../shared/staff-roles.ts';
import type { InvitationInput, StaffInvitation } from '../../../shared/schemas/staff-invitation.ts';
import { api } from '../client.ts';

/** The list's query as the screen holds it; empty filters are left out of the URL. */
export interface UsersListQuery {
  page: number;
  pageSize: number;
  q: string;
  role: '' | Role;
  status: '' | 'active' | 'deactivated';
}

/** GET /api/admin/users: one page of accounts, newest first. */
export function fetchAdminUsers({ page, pageSize, q, role, status }: UsersListQuery): Promise<AdminUserPage> {
  const query: Record<string, string | number> = { page, pageSize };
  if (q.trim()) query['q'] = q.trim();
  if (role) query['role'] = role;
  if (status) query['status'] = status;
  return api<AdminUserPage>('/api/admin/users', { query });
}

/** PATCH /api/admin/users/{id}: a new role, or deactivated/reactivated; answers what changed and the account. */
export const updateAdminUser = (id: string, change: UserChangeInput) =>
  api<{ message: string; user: AdminUser }>(`/api/admin/users/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: change,
  });

/** DELETE /api/admin/users/{id}/two-factor: another account's authenticator and recovery codes go, and its sessions. */
export const resetAdminUserTwoFactor = (id: string) =>
  api<{ message: string; user: AdminUser }>(`/api/admin/users/${encodeURIComponent(id)}/two-factor`, {
    method: 'DELETE',
  });

/** GET /api/admin/users/invitations: the open staff invitations, newest first. */
export const fetchInvitations = () => api<{ results: StaffInvitation[] }>('/api/admin/users/invitations');

/** POST /api/admin/users/invitations: mails a one-time link to make an account with a staff role. */
export const sendInvitation = (input: InvitationInput) =>
  api<{ message: string; invitation: StaffInvitation }>('/api/admin/users/invitations', {
    method: 'POST',
    body: input,
  });

/** DELETE /api/admin/users/invitations/{id}: the link stops working. */
export const withdrawInvitation = (id: string) =>
  api<{ message: string }>(`/api/admin/users/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
