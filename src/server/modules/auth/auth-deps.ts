/** What the account services need for one request: auth.routes.ts builds it from the app's Deps (deps.ts) and the request. */
import type { Db } from '../../db/connection.ts';
import type { Env } from '../../env.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import type { AuthLimits } from './auth-limits.ts';
import { logAuthEvent } from '../../http/auth-log.ts';

export interface AuthDeps {
  db: Db;
  env: Env;
  mailer: Mailer;
  limits: AuthLimits;
  /** HMAC key of one-time codes. */
  codeKey: Buffer;
  /** Key of the TOTP secrets at rest (two-factor-secret.ts). */
  twoFactorKey: Buffer;
  /** Binds a challenge handed over in a URL (Google) to the browser (sessions.service.ts bindingValue). */
  bindKey: Buffer;
  /** Request context for limits, logs and the new sign-in mail. */
  ip: string;
  path: string;
  userAgent: string | undefined;
}

/**
 * Sends without holding up the response, so a request for an existing account answers as fast as one for an
 * unknown account (R15); a failure is logged, never shown.
 */
export function sendInBackground(
  deps: Pick<AuthDeps, 'mailer' | 'ip'>,
  build: () => Promise<MailMessage>,
  userId: string,
): void {
  void build()
    .then((message) => deps.mailer.send(message))
    .catch((error: unknown) =>
      logAuthEvent('mail.failure', { ip: deps.ip, userId, reason: error instanceof Error ? error.message : 'unknown' }),
    );
}
