/** Auth events as JSON lines (security.md R64-R66): UTC time, event, IP, user id; never a password, code or token. */

export type AuthEvent =
  | 'register'
  | 'register.corrected'
  | 'login.success'
  | 'login.failure'
  | 'login.unverified'
  | 'logout'
  | 'otp.requested'
  | 'otp.verified'
  | 'otp.failure'
  | 'password.reset'
  | 'password.reset.failure'
  | 'password.change.success'
  | 'password.change.failure'
  | 'google.success'
  | 'google.cancelled'
  | 'google.failure'
  | 'access.denied'
  | 'rate_limited'
  | 'validation.rejected'
  | 'mail.failure'
  // The account's own changes (/api/account).
  | 'password.confirm.failure'
  | 'account.profile'
  | 'account.email.requested'
  | 'account.email.changed'
  | 'account.email.failure'
  | 'account.sessions.ended'
  | 'account.deleted'
  // Two-factor sign-in and single sessions.
  | 'two_factor.challenge'
  // Passkeys: one added or removed, a sign-in or an add that failed.
  | 'passkey.added'
  | 'passkey.removed'
  | 'passkey.failure'
  | 'two_factor.success'
  | 'two_factor.failure'
  | 'two_factor.recovery_used'
  | 'two_factor.enabled'
  | 'two_factor.disabled'
  | 'two_factor.recovery_codes'
  | 'account.session.ended';

export interface AuthLogFields {
  ip?: string;
  userId?: string;
  reason?: string;
  status?: number;
  path?: string;
}

type Sink = (line: string) => void;
let sink: Sink = (line) => console.log(line);

/** Tests capture the lines to check what is (and is not) logged; null restores stdout. */
export function setAuthLogSink(next: Sink | null): void {
  sink = next ?? ((line) => console.log(line));
}

export function logAuthEvent(event: AuthEvent, fields: AuthLogFields = {}): void {
  const level = /failure|denied|rate_limited|rejected/.test(event) ? 'warn' : 'info';
  // JSON.stringify escapes CR/LF, so user input cannot forge a line (R66).
  sink(JSON.stringify({ level, time: new Date().toISOString(), event, ...fields }));
}
