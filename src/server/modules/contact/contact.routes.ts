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
  type ContactInput,
} from '../../../shared/schemas/contact.ts';
import type { FieldCheck } from '../../../shared/schemas/refusal.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { addressLimit } from '../../http/address-limit.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { attemptStore } from '../../http/attempt-store.ts';
import type { AttemptLimiter } from '../../http/rate-limit.ts';
import { GUEST_EMAIL_LIMIT, messageLimiter } from '../messages/messages-limits.ts';
import { isBlockedSender } from '../messages/messages.repository.ts';
import { receiveContactMessage } from './contact.service.ts';

/** Messages one address may send in ten minutes. */
export const CONTACT_LIMIT = { limit: 5, windowMs: 10 * 60_000 } as const;

const tooMany = (retryAfterSeconds: number) =>
  new ApiError(429, CONTACT_TOO_MANY, { headers: { 'Retry-After': String(retryAfterSeconds) } });

/** What a bot that filled the hidden field sent: it hears what a person hears, and nothing is kept or sent. */
const BOT = { bot: true } as const;
const checkContactBody = (body: unknown): FieldCheck<ContactInput | typeof BOT> =>
  isHoneypotFilled(body) ? { ok: true, value: BOT } : checkContactMessage(body);

export function contactRoutes(deps: Deps) {
  // One limiter per app; RATE_LIMITS=off (test rigs behind one address) is read on the first request.
  let guestLimiter: AttemptLimiter | undefined;
  const ipLimit = addressLimit('contact.ip', CONTACT_LIMIT, CONTACT_TOO_MANY);

  return new Hono<AppEnv>().post('/contact', ipLimit, jsonBody(checkContactBody), async (c) => {
    const env = c.get('env');
    const db = c.get('db');
    const input = c.req.valid('json');
    if ('bot' in input) return c.json({ message: CONTACT_SENT }, 201);
    const user = c.get('user');
    if ((await isBlockedSender(db, input.email)) || (user && (await isBlockedSender(db, user.email))))
      throw new ApiError(403, SENDER_BLOCKED);
    // Without a session anyone may type any address: each address is limited too.
    if (!user) {
      guestLimiter ??= messageLimiter(env, 'contact.guest-email', GUEST_EMAIL_LIMIT);
      const { decision } = await attemptStore(db, env).reserve([[guestLimiter, input.email.toLowerCase()]]);
      if (!decision.allowed) throw tooMany(decision.retryAfterSeconds);
    }
    await receiveContactMessage({ db, mailer: deps.mailer, siteUrl: env.SITE_URL }, input, user?.id ?? null);
    return c.json({ message: CONTACT_SENT }, 201);
  });
}
