/** Passkeys (WebAuthn): the account's own, and signing in with one; one function per endpoint. */
import type {
  AuthenticationResponseJSON,
  PasskeyAddOptions,
  PasskeySignInOptions,
  PasskeySummary,
  RegistrationResponseJSON,
} from '../../shared/passkeys.ts';
import { api } from './client.ts';

const passkeyPath = (id: string) => `/api/account/passkeys/${encodeURIComponent(id)}`;

/** GET /api/account/passkeys. */
export const fetchPasskeys = async () => (await api<{ passkeys: PasskeySummary[] }>('/api/account/passkeys')).passkeys;

/** POST /api/account/passkeys/options: a new passkey's options; `password` is required when the account has one. */
export const passkeyAddOptions = (password?: string) =>
  api<PasskeyAddOptions>('/api/account/passkeys/options', {
    method: 'POST',
    body: password === undefined ? {} : { password },
  });

/** POST /api/account/passkeys: the browser's new credential for the challenge `handle` names, kept under `name` (201). */
export const addPasskey = (handle: string, response: RegistrationResponseJSON, name: string) =>
  api<{ message: string; passkey: PasskeySummary }>('/api/account/passkeys', {
    method: 'POST',
    body: { handle, response, name },
  });

/** PATCH /api/account/passkeys/:id. */
export const renamePasskey = (id: string, name: string) =>
  api<{ message: string; passkey: PasskeySummary }>(passkeyPath(id), { method: 'PATCH', body: { name } });

/** DELETE /api/account/passkeys/:id. */
export const removePasskey = (id: string) => api<{ message: string }>(passkeyPath(id), { method: 'DELETE' });

/** POST /api/auth/passkey/options: a sign-in's challenge, for any passkey of this site. */
export const passkeySignInOptions = () => api<PasskeySignInOptions>('/api/auth/passkey/options', { method: 'POST' });

/** POST /api/auth/passkey: the signed challenge; a full sign-in (the passkey is both factors), answering the token. */
export const signInWithPasskey = (handle: string, response: AuthenticationResponseJSON) =>
  api<{ token: string }>('/api/auth/passkey', { method: 'POST', body: { handle, response } });
