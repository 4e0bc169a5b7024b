/** The invited person's calls: who is invited to what, and making the account. */
import type { AcceptInvitationInput, InvitationFacts } from '../../shared/schemas/staff-invitation.ts';
import { api } from './client.ts';

/** GET /api/invitations/{token}: 404 once the link no longer works. */
export const fetchInvitation = (token: string) => api<InvitationFacts>(`/api/invitations/${encodeURIComponent(token)}`);

/** POST /api/invitations/accept: makes the account; the person then signs in. */
export const acceptInvitation = (input: AcceptInvitationInput) =>
  api<{ message: string }>('/api/invitations/accept', { method: 'POST', body: input });
