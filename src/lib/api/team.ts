/** The team calls, one function per endpoint: the public read for the build, and the admin's writes (Team screen). */
import type { ListResponse } from '../../shared/types.ts';
import type { TeamMember, TeamMemberSaved } from '../../shared/schemas/team.ts';
import { api } from './client.ts';
import { uploadFile, type UploadProgress } from './upload.ts';

type Progress = ((progress: UploadProgress) => void) | undefined;
const progressOption = (onProgress: Progress) => (onProgress ? { onProgress } : {});

/** GET /api/team: the members About shows, in order. */
export const fetchTeam = async (): Promise<TeamMember[]> => (await api<ListResponse<TeamMember>>('/api/team')).results;

/** GET /api/admin/team. */
export const fetchAdminTeam = async (): Promise<TeamMember[]> =>
  (await api<ListResponse<TeamMember>>('/api/admin/team')).results;

/** POST /api/admin/team (multipart: name, role, bio, and an optional `photo`). */
export const createTeamMember = (form: FormData, onProgress?: Progress) =>
  uploadFile<TeamMemberSaved>('/api/admin/team', form, { method: 'POST', ...progressOption(onProgress) });

/** PUT /api/admin/team/{id} (multipart; a new `photo`, or `removePhoto=true`, optional). */
export const updateTeamMember = (id: string, form: FormData, onProgress?: Progress) =>
  uploadFile<TeamMemberSaved>(`/api/admin/team/${encodeURIComponent(id)}`, form, {
    method: 'PUT',
    ...progressOption(onProgress),
  });

/** DELETE /api/admin/team/{id}. */
export const deleteTeamMember = (id: string) =>
  api<{ message: string }>(`/api/admin/team/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** PUT /api/admin/team/order: every member's id once, in the new order; answers the list renumbered 0..n-1. */
export const reorderTeam = async (ids: readonly string[]): Promise<TeamMember[]> =>
  (await api<ListResponse<TeamMember>>('/api/admin/team/order', { method: 'PUT', body: { ids } })).results;
