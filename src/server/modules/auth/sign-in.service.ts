/**
 * What follows a first factor (password, emailed code, Google) for every way of signing in: a session, or,
 * for an account with two-factor sign-in (or an admin while ADMIN_2FA=required has none yet), a short-lived challenge
 * instead; and after an admin's sign-in, a mail to the admin's address that never holds it up.
 */
import { randomUUID } from 'node:crypto';
import { isStaff } from '../../../shared/staff-roles.ts';
import type { SignInAnswer, TwoFactorChallenge } from '../../../shared/two-factor.ts';
import { bool } from '../content/content.mappers.ts';
import { type AuthDeps } from './auth-deps.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import { adminSignInMail, mailBrand, type SignInFacts } from './auth-mails.ts';
import { startSession, type StartedSession } from './sessions.service.ts';
import { insertChallenge, findTwoFactor } from './two-factor.repository.ts';
import { newOpaqueToken, sha256Hex } from './tokens.ts';
import { browserOf } from './user-agent.ts';

/** A challenge lives 5 minutes (15 to set up an authenticator app, which takes longer) and takes 5 wrong codes. */
export const CHALLENGE_SECONDS = 300;
export const ENROL_CHALLENGE_SECONDS = 900;
export const challengeSeconds = (step: TwoFactorChallenge['twoFactor']) =>
  step === 'enrol' ? ENROL_CHALLENGE_SECONDS : CHALLENGE_SECONDS;
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** The new sign-in mail may hold the answer up this long at most (an outbox file takes milliseconds; SMTP may not). */
const MAIL_WAIT_MS = 1500;

export type SignInMethod = SignInFacts['method'];
interface Account {
  id: string;
  role: string;
  email: string;
}

/** The second step a sign-in of this account needs: 'code', 'enrol' (required but none set up) or none. */
export async function secondStepFor(
  deps: Pick<AuthDeps, 'db' | 'env'>,
  user: Pick<Account, 'id' | 'role'>,
): Promise<TwoFactorChallenge['twoFactor'] | null> {
  const row = await findTwoFactor(deps.db, user.id);
  if (row && bool(row.enabled)) return 'code';
  if (isStaff(user.role) && deps.env.ADMIN_2FA === 'required') return 'enrol';
  return null;
}

/** Stores a challenge (its token only as SHA-256) and answers it; `bound`: usable only with the browser's binding cookie. */
export async function createChallenge(
  deps: Pick<AuthDeps, 'db' | 'ip'>,
  user: Pick<Account, 'id'>,
  step: TwoFactorChallenge['twoFactor'],
  method: SignInMethod,
  bound = false,
): Promise<{ answer: TwoFactorChallenge; tokenHash: string }> {
  const token = newOpaqueToken();
  const tokenHash = sha256Hex(token);
  const now = Date.now();
  const expiresAt = new Date(now + challengeSeconds(step) * 1000).toISOString();
  await insertChallenge(deps.db, {
    id: randomUUID(),
    token_hash: tokenHash,
    user_id: user.id,
    purpose: step === 'code' ? 'verify' : 'enrol',
    method,
    bound,
    pending_secret: null,
    attempts: 0,
    created_at: new Date(now).toISOString(),
    expires_at: expiresAt,
  });
  logAuthEvent('two_factor.challenge', { ip: deps.ip, userId: user.id, reason: `${step} after ${method}` });
  return { answer: { twoFactor: step, challenge: token, expiresAt }, tokenHash };
}

/** The answer to a first factor: { token } as before for accounts without a second step, else a challenge. */
export async function afterFirstFactor(deps: AuthDeps, user: Account, method: SignInMethod): Promise<SignInAnswer> {
  const step = await secondStepFor(deps, user);
  if (step) return (await createChallenge(deps, user, step, method)).answer;
  return { token: (await completeSignIn(deps, user, method)).token };
}

/** Starts the session; a staff member's sign-in is mailed to them. */
export async function completeSignIn(
  deps: AuthDeps,
  user: Account,
  method: SignInMethod,
  options: { pending?: boolean } = {},
): Promise<StartedSession> {
  const started = await startSession(deps.db, deps.env, user, { ...options, userAgent: deps.userAgent });
  if (isStaff(user.role)) await mailAdminSignIn(deps, user, method);
  return started;
}

/** Sends the new sign-in mail; waits at most MAIL_WAIT_MS for it, and a failure is only logged (it never blocks a sign-in). */
async function mailAdminSignIn(deps: AuthDeps, user: Account, method: SignInMethod): Promise<void> {
  const facts: SignInFacts = { at: new Date().toISOString(), ip: deps.ip, browser: browserOf(deps.userAgent), method };
  const sending = (async () =>
    deps.mailer.send(
      adminSignInMail(await mailBrand(deps.db, deps.env.SITE_URL), user.email, facts, deps.env.SITE_URL),
    ))().catch((error: unknown) =>
    logAuthEvent('mail.failure', {
      ip: deps.ip,
      userId: user.id,
      reason: error instanceof Error ? error.message : 'unknown',
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([sending, new Promise<void>((resolve) => (timer = setTimeout(resolve, MAIL_WAIT_MS)))]);
  clearTimeout(timer);
}
