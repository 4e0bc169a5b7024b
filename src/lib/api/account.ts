/** The signed-in person's own account, /api/account (/settings): one function per endpoint. */
import type { AccountProfile, AccountSessions, EmailChangeRequested } from '../../shared/account.ts';
import type { ProfileInput } from '../../shared/schemas/account.ts';
import { api } from './client.ts';
import { uploadFile, type UploadProgress } from './upload.ts';

/** GET /api/account (401 when signed out). */
export const fetchAccount = () => api<AccountProfile>('/api/account');

/** PATCH /api/account/profile: the names and username; answers the saved account. */
export const saveProfile = (input: ProfileInput) =>
  api<AccountProfile>('/api/account/profile', { method: 'PATCH', body: input });

/** POST /api/account/profile-image (multipart `image`), with upload progress. */
export const uploadProfileImage = (file: File, onProgress?: (progress: UploadProgress) => void) =>
  uploadFile<{ message: string; profile_image: string }>(
    '/api/account/profile-image',
    { file, field: 'image' },
    onProgress ? { onProgress } : {},
  );

/** DELETE /api/account/profile-image. */
export const removeProfileImage = () =>
  api<{ message: string; profile_image: string }>('/api/account/profile-image', { method: 'DELETE' });

/** POST /api/account/email: mails a code to the new address (202). */
export const requestEmailChange = (newEmail: string, password?: string) =>
  api<EmailChangeRequested>('/api/account/email', {
    method: 'POST',
    body: password === undefined ? { newEmail } : { newEmail, password },
  });

/** POST /api/account/email/confirm: the code from the mail; answers the changed account. */
export const confirmEmailChange = (code: string) =>
  api<AccountProfile>('/api/account/email/confirm', { method: 'POST', body: { code } });

/** DELETE /api/account/email: drops the pending change. */
export const cancelEmailChange = () => api<{ message: string }>('/api/account/email', { method: 'DELETE' });

/** GET /api/account/sessions. */
export const fetchSessions = async () => (await api<AccountSessions>('/api/account/sessions')).results;

/** POST /api/account/sessions/sign-out-others: how many sessions ended. */
export const signOutOtherSessions = async () =>
  (await api<{ signedOut: number }>('/api/account/sessions/sign-out-others', { method: 'POST' })).signedOut;

/** POST /api/account/sessions/:id/sign-out: that one session ends. */
export const signOutSession = (id: string) =>
  api<{ signedOut: number }>(`/api/account/sessions/${encodeURIComponent(id)}/sign-out`, { method: 'POST' });

/** GET /api/account/export: the person's data as a JSON file (a Blob, saved by the screen). */
export const fetchAccountExport = () => api<Blob, 'blob'>('/api/account/export', { responseType: 'blob' });

/** DELETE /api/account: the password, or `confirm: 'DELETE'` for an account without one. */
export const deleteAccount = (body: { password: string } | { confirm: string }) =>
  api<{ message: string }>('/api/account', { method: 'DELETE', body });

/** POST /api/newsletter for the account's address: the double opt-in mail goes out (202). */
export const subscribeNewsletter = (email: string) =>
  api<{ message: string }>('/api/newsletter', { method: 'POST', body: { email } });
