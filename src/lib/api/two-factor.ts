/** Two-factor sign-in: the sign-in's second step and the account's authenticator app, one function per endpoint. */
import type { TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from '../../shared/two-factor.ts';
import { api } from './client.ts';

/** POST /api/auth/two-factor: the challenge a sign-in answered and a code (or a recovery code) give the token; setting one up at sign-in also answers the recovery codes. */
export const completeTwoFactor = (challenge: string, code: string) =>
  api<{ token: string; recoveryCodes?: string[] }>('/api/auth/two-factor', {
    method: 'POST',
    body: { challenge, code },
  });

/** POST /api/auth/two-factor/setup: an 'enrol' challenge (ADMIN_2FA=required) gets the new authenticator's secret. */
export const setupTwoFactorAtSignIn = (challenge: string) =>
  api<TwoFactorSetup>('/api/auth/two-factor/setup', { method: 'POST', body: { challenge } });

/** GET /api/account/two-factor. */
export const fetchTwoFactor = () => api<TwoFactorStatus>('/api/account/two-factor');

/** POST /api/account/two-factor/setup: a new secret, waiting for its first code. */
export const setupTwoFactor = () => api<TwoFactorSetup>('/api/account/two-factor/setup', { method: 'POST' });

/** POST /api/account/two-factor/confirm: the first code turns it on; answers the recovery codes (shown once). */
export const confirmTwoFactor = (code: string) =>
  api<TwoFactorEnabled>('/api/account/two-factor/confirm', { method: 'POST', body: { code } });

/** The password, or a code from the app or a recovery code. */
export type TwoFactorProof = { password: string } | { code: string };

/** DELETE /api/account/two-factor. */
export const disableTwoFactor = (proof: TwoFactorProof) =>
  api<{ message: string }>('/api/account/two-factor', { method: 'DELETE', body: proof });

/** POST /api/account/two-factor/recovery-codes: ten new codes; the earlier ones stop working. */
export const renewRecoveryCodes = (proof: TwoFactorProof) =>
  api<TwoFactorEnabled>('/api/account/two-factor/recovery-codes', { method: 'POST', body: proof });
