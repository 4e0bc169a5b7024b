/**
 * Newsletter sign-up with double opt-in: POST /api/newsletter, /api/newsletter/confirm and
 * /api/newsletter/unsubscribe (public, rate-limited; the last also takes the one-click POST of RFC 8058). The admin's
 * side is newsletter.admin.routes.ts.
 */
import { type Context, Hono } from 'hono';
import {
  NEWSLETTER_CONFIRM_INVALID,
  NEWSLETTER_CONFIRMED,
  NEWSLETTER_EMAIL_INVALID,
  NEWSLETTER_REQUESTED,
  NEWSLETTER_UNSUBSCRIBE_INVALID,
  NEWSLETTER_UNSUBSCRIBED,
  NewsletterSignup,
  NewsletterToken,
} from '../../../shared/schemas/newsletter.ts';
import { checkWithMessages } from '../../../shared/schemas/refusal.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { addressLimit } from '../../http/address-limit.ts';
import { noStore } from '../../http/no-store.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { isOneClickUnsubscribe } from '../../http/same-origin.ts';
import { attemptStore, type LimitPair } from '../../http/attempt-store.ts';
import { type AttemptLimiter, slidingWindow, UNLIMITED } from '../../http/rate-limit.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { isOneClickBody } from './newsletter-rules.ts';
import { confirm, subscribe, unsubscribe } from './newsletter.service.ts';

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
const ONE_CLICK_BODY = 'A one-click unsubscribe sends List-Unsubscribe=One-Click.';

/** Counts one attempt in each (limiter, key) pair, or refuses with 429 and Retry-After and counts none. */
async function consume(c: Context<AppEnv>, pairs: LimitPair[]): Promise<void> {
  const { decision } = await attemptStore(c.get('db'), c.get('env')).reserve(pairs);
  if (!decision.allowed)
    throw new ApiError(429, TOO_MANY, { headers: { 'Retry-After': String(decision.retryAfterSeconds) } });
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
  // RATE_LIMITS=off drops the per-client-address limits (test rigs behind one address); the per-email one stays.
  const byIp = (c: Context<AppEnv>, limiter: AttemptLimiter): [AttemptLimiter, string] => [
    c.get('env').RATE_LIMITS === 'off' ? UNLIMITED : limiter,
    clientIp(c),
  ];

  // A token guessed with any body at all counts: the limit comes before the body is read.
  const tokenLimit = addressLimit(
    'newsletter.token.ip',
    { limit: NEWSLETTER_LIMITS.tokenPerIp, windowMs: 15 * MINUTE },
    TOO_MANY,
  );

  return new Hono<AppEnv>()
    .use('/newsletter', noStore)
    .use('/newsletter/*', noStore)
    .post(
      '/newsletter',
      jsonBody(checkWithMessages(NewsletterSignup, { email: NEWSLETTER_EMAIL_INVALID }, 'email')),
      async (c) => {
        const { email } = c.req.valid('json');
        await consume(c, [byIp(c, perIp), [perEmail, email]]);
        await subscribe({ db: c.get('db'), env: c.get('env'), mailer }, email);
        return c.json({ message: NEWSLETTER_REQUESTED }, 202);
      },
    )
    .post(
      '/newsletter/confirm',
      tokenLimit,
      jsonBody(checkWithMessages(NewsletterToken, { token: NEWSLETTER_CONFIRM_INVALID }, 'token')),
      async (c) => {
        const { token } = c.req.valid('json');
        await confirm(c.get('db'), token);
        return c.json({ message: NEWSLETTER_CONFIRMED });
      },
    )
    .post(
      '/newsletter/unsubscribe',
      // RFC 8058 one-click: a mail provider's form POST (same-origin.ts lets exactly it through). Not limited per
      // client address: providers send every user's clicks from a few addresses, and the token cannot be guessed.
      async (c, next) => {
        if (!isOneClickUnsubscribe(c)) return next();
        const form = await c.req.parseBody();
        if (!isOneClickBody(form)) throw fieldError(400, ONE_CLICK_BODY, 'List-Unsubscribe');
        const token = c.req.query('token') ?? '';
        if (!NewsletterToken.safeParse({ token }).success)
          throw fieldError(400, NEWSLETTER_UNSUBSCRIBE_INVALID, 'token');
        await unsubscribe(c.get('db'), token);
        return c.json({ message: NEWSLETTER_UNSUBSCRIBED });
      },
      tokenLimit,
      jsonBody(checkWithMessages(NewsletterToken, { token: NEWSLETTER_UNSUBSCRIBE_INVALID }, 'token')),
      async (c) => {
        const { token } = c.req.valid('json');
        await unsubscribe(c.get('db'), token);
        return c.json({ message: NEWSLETTER_UNSUBSCRIBED });
      },
    );
}
