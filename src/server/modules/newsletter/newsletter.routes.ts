/**
 * Newsletter sign-up with double opt-in: POST /api/newsletter, /api/newsletter/confirm and
 * /api/newsletter/unsubscribe (public, rate-limited), GET /api/admin/newsletter/subscribers (admin only).
 */
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import {
  NEWSLETTER_CONFIRM_INVALID,
  NEWSLETTER_CONFIRMED,
  NEWSLETTER_EMAIL_INVALID,
  NEWSLETTER_REQUESTED,
  NEWSLETTER_UNSUBSCRIBE_INVALID,
  NEWSLETTER_UNSUBSCRIBED,
  NewsletterSignup,
  NewsletterToken,
  SubscribersQuery,
  SUBSCRIBERS_QUERY_MESSAGES,
  type SubscribersFilter,
} from '../../../shared/schemas/newsletter.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, badRequest, fieldError } from '../../http/errors.ts';
import { noStore } from '../../http/no-store.ts';
import { attemptStore, type LimitPair } from '../../http/attempt-store.ts';
import { type AttemptLimiter, slidingWindow, UNLIMITED } from '../../http/rate-limit.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { confirm, listSubscribers, subscribe, unsubscribe } from './newsletter.service.ts';

const MINUTE = 60_000;

/** Sign-ups per address (any address alike, so a refusal says nothing about it) and per client address. */
export const NEWSLETTER_LIMITS = {
  perEmail: 3,
  perEmailWindowMs: 60 * MINUTE,
  perIp: 10,
  perIpWindowMs: 15 * MINUTE,
  tokenPerIp: 30,
} as const;

const TOO_MANY = 'Too many attempts. Please try again later.';

/** Counts one attempt in each (limiter, key) pair, or refuses with 429 and Retry-After and counts none. */
async function consume(c: Context<AppEnv>, pairs: LimitPair[]): Promise<void> {
  const { decision } = await attemptStore(c.get('db'), c.get('env')).reserve(pairs);
  if (!decision.allowed)
    throw new ApiError(429, TOO_MANY, { headers: { 'Retry-After': String(decision.retryAfterSeconds) } });
}

/** The JSON body parsed against a schema; a refusal is a 400 with the given message, naming `field`. */
async function body<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
  field: string,
  message: string,
): Promise<z.infer<S>> {
  const raw: unknown = await c.req.json().catch(() => {
    throw badRequest('Request body must be JSON');
  });
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw fieldError(400, message, field);
  return parsed.data;
}

export function newsletterRoutes({ mailer }: Deps) {
  // Counted in the database like the account limits (attempt-store.ts).
  const perEmail = slidingWindow('newsletter.email', {
    limit: NEWSLETTER_LIMITS.perEmail,
    windowMs: NEWSLETTER_LIMITS.perEmailWindowMs,
  });
  const perIp = slidingWindow('newsletter.ip', {
    limit: NEWSLETTER_LIMITS.perIp,
    windowMs: NEWSLETTER_LIMITS.perIpWindowMs,
  });
  const tokenIp = slidingWindow('newsletter.token.ip', { limit: NEWSLETTER_LIMITS.tokenPerIp, windowMs: 15 * MINUTE });
  // RATE_LIMITS=off drops the per-client-address limits (test rigs behind one address); the per-email one stays.
  const byIp = (c: Context<AppEnv>, limiter: AttemptLimiter): [AttemptLimiter, string] => [
    c.get('env').RATE_LIMITS === 'off' ? UNLIMITED : limiter,
    clientIp(c),
  ];

  return new Hono<AppEnv>()
    .use('/newsletter', noStore)
    .use('/newsletter/*', noStore)
    .post('/newsletter', async (c) => {
      const { email } = await body(c, NewsletterSignup, 'email', NEWSLETTER_EMAIL_INVALID);
      await consume(c, [byIp(c, perIp), [perEmail, email]]);
      await subscribe({ db: c.get('db'), env: c.get('env'), mailer }, email);
      return c.json({ message: NEWSLETTER_REQUESTED }, 202);
    })
    .post('/newsletter/confirm', async (c) => {
      await consume(c, [byIp(c, tokenIp)]);
      const { token } = await body(c, NewsletterToken, 'token', NEWSLETTER_CONFIRM_INVALID);
      await confirm(c.get('db'), token);
      return c.json({ message: NEWSLETTER_CONFIRMED });
    })
    .post('/newsletter/unsubscribe', async (c) => {
      await consume(c, [byIp(c, tokenIp)]);
      const { token } = await body(c, NewsletterToken, 'token', NEWSLETTER_UNSUBSCRIBE_INVALID);
      await unsubscribe(c.get('db'), token);
      return c.json({ message: NEWSLETTER_UNSUBSCRIBED });
    })
    .get('/admin/newsletter/subscribers', async (c) => {
      const parsed = SubscribersQuery.safeParse(c.req.query());
      if (!parsed.success) {
        const key = parsed.error.issues[0]?.path[0];
        const field =
          typeof key === 'string' && key in SUBSCRIBERS_QUERY_MESSAGES ? (key as keyof SubscribersFilter) : 'q';
        throw fieldError(400, SUBSCRIBERS_QUERY_MESSAGES[field], field);
      }
      return c.json(await listSubscribers(c.get('db'), parsed.data));
    });
}
