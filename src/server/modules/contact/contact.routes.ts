/**
 * The public contact form: POST /api/contact (rate-limited per address, honeypot
 * `website`; a guest also per email address; a blocked sender refused). The message starts a conversation the admin
 * answers on /admin/messages; signed in, it is the account's and its answers show on /messages.
 */
import { Hono } from 'hono';
import {
  CONTACT_SENT,
  CONTACT_TOO_MANY,
  SENDER_BLOCKED,
  checkContactMessage,
  isHoneypotFilled,
} from '../../../shared/schemas/contact.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { attemptStore } from '../../http/attempt-store.ts';
import type { AttemptLimiter } from '../../http/rate-limit.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { GUEST_EMAIL_LIMIT, messageLimiter } from '../messages/messages-limits.ts';
import { isBlockedSender } from '../messages/messages.repository.ts';
import { receiveContactMessage } from './contact.service.ts';

/** Messages one address may send in ten minutes. */
export const CONTACT_LIMIT = { limit: 5, windowMs: 10 * 60_000 } as const;

const tooMany = (retryAfterSeconds: number) =>
  new ApiError(429, CONTACT_TOO_MANY, { headers: { 'Retry-After': String(retryAfterSeconds) } });

export function contactRoutes(deps: Deps) {
  const router = new Hono<AppEnv>();
  // One limiter per app each; RATE_LIMITS=off (test rigs behind one address) is read on the first request.
  let limiter: AttemptLimiter | undefined;
  let guestLimiter: AttemptLimiter | undefined;

  router.post('/contact', async (c) => {
    const env = c.get('env');
    const db = c.get('db');
    limiter ??= messageLimiter(env, 'contact.ip', CONTACT_LIMIT);
    guestLimiter ??= messageLimiter(env, 'contact.guest-email', GUEST_EMAIL_LIMIT);
    const limits = attemptStore(db, env);
    const { decision } = await limits.reserve([[limiter, clientIp(c)]]);
    if (!decision.allowed) throw tooMany(decision.retryAfterSeconds);

    const body: unknown = await c.req.json().catch(() => undefined);
    // A bot that filled the hidden field hears what a person hears, and nothing is kept or sent.
    if (isHoneypotFilled(body)) return c.json({ message: CONTACT_SENT }, 201);
    const check = checkContactMessage(body);
    if (!check.ok) throw fieldError(400, check.message, check.field);
    const user = c.get('user');
    if ((await isBlockedSender(db, check.value.email)) || (user && (await isBlockedSender(db, user.email))))
      throw new ApiError(403, SENDER_BLOCKED);
    // Without a session anyone may type any address: each address is limited too.
    if (!user) {
      const { decision: byEmail } = await limits.reserve([[guestLimiter, check.value.email.toLowerCase()]]);
      if (!byEmail.allowed) throw tooMany(byEmail.retryAfterSeconds);
    }
    await receiveContactMessage({ db, mailer: deps.mailer, siteUrl: env.SITE_URL }, check.value, user?.id ?? null);
    return c.json({ message: CONTACT_SENT }, 201);
  });

  return router;
}
