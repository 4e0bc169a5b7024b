/**
 * Registrations for events: sign-up, waiting list, cancellation, and the admin's lists.
 * Public: GET /api/events/{id or slug}/availability, POST /api/events/{id or slug}/registrations (rate-limited),
 * POST /api/events/registrations/cancel. Admin (behind the /api/admin guard): GET /api/admin/event-registrations,
 * GET /api/admin/events/{id}/registrations and its .csv, POST /api/admin/events/{id}/registrations/{rid}/cancel.
 */
import { type Context, Hono } from 'hono';
import { CancelToken, REGISTRATION_MESSAGES, RegistrationFields } from '../../../shared/schemas/event-registration.ts';
import { CANCEL_INVALID, CANCELLED } from '../../../shared/events.ts';
import { checkWithMessages } from '../../../shared/schemas/refusal.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { addressLimit } from '../../http/address-limit.ts';
import { attemptStore } from '../../http/attempt-store.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { noStore } from '../../http/no-store.ts';
import { type AttemptLimiter, slidingWindow, UNLIMITED } from '../../http/rate-limit.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { registrationsCsv, registrationsCsvName } from './registrations-csv.ts';
import {
  cancelByAdmin,
  cancelByToken,
  eventAvailability,
  eventRegistrations,
  eventSummaries,
  register,
  type RegistrationContext,
} from './registrations.service.ts';

const MINUTE = 60_000;

/** Sign-ups per client address and per email address (any event). */
export const REGISTRATION_LIMITS = {
  perIp: 20,
  perIpWindowMs: 15 * MINUTE,
  perEmail: 10,
  perEmailWindowMs: 60 * MINUTE,
  cancelPerIp: 30,
} as const;

const TOO_MANY = 'Too many attempts. Please try again later.';

/** An id or slug from the path: anything else is a 404 before the database is asked. */
function keyParam(c: Context<AppEnv>, name: string): string {
  const key = c.req.param(name) ?? '';
  if (key.length === 0 || key.length > 200)
    throw notFound(name === 'rid' ? 'Registration not found' : 'Event not found');
  return key;
}

export function eventRegistrationRoutes({ mailer }: Deps) {
  const perIp = slidingWindow('event-registration.ip', {
    limit: REGISTRATION_LIMITS.perIp,
    windowMs: REGISTRATION_LIMITS.perIpWindowMs,
  });
  const perEmail = slidingWindow('event-registration.email', {
    limit: REGISTRATION_LIMITS.perEmail,
    windowMs: REGISTRATION_LIMITS.perEmailWindowMs,
  });
  // RATE_LIMITS=off drops the per-client-address limit (test rigs behind one address); the per-email one stays.
  const byIp = (c: Context<AppEnv>): [AttemptLimiter, string] => [
    c.get('env').RATE_LIMITS === 'off' ? UNLIMITED : perIp,
    clientIp(c),
  ];
  const cancelLimit = addressLimit(
    'event-registration.cancel.ip',
    { limit: REGISTRATION_LIMITS.cancelPerIp, windowMs: 15 * MINUTE },
    TOO_MANY,
  );
  const ctx = (c: Context<AppEnv>): RegistrationContext => ({ db: c.get('db'), env: c.get('env'), mailer });

  return new Hono<AppEnv>()
    .use('/events/:key/availability', noStore)
    .use('/events/:key/registrations', noStore)
    .use('/events/registrations/cancel', noStore)
    .use('/admin/events/:id/registrations', noStore)
    .get('/events/:key/availability', async (c) => c.json(await eventAvailability(c.get('db'), keyParam(c, 'key'))))
    .post(
      '/events/registrations/cancel',
      cancelLimit,
      jsonBody(checkWithMessages(CancelToken, { token: CANCEL_INVALID }, 'token')),
      async (c) => {
        await cancelByToken(ctx(c), c.req.valid('json').token);
        return c.json({ message: CANCELLED });
      },
    )
    .post(
      '/events/:key/registrations',
      jsonBody(checkWithMessages(RegistrationFields, REGISTRATION_MESSAGES, 'name')),
      async (c) => {
        const values = c.req.valid('json');
        const { decision } = await attemptStore(c.get('db'), c.get('env')).reserve([byIp(c), [perEmail, values.email]]);
        if (!decision.allowed)
          throw new ApiError(429, TOO_MANY, { headers: { 'Retry-After': String(decision.retryAfterSeconds) } });
        const answer = await register(ctx(c), keyParam(c, 'key'), values, c.get('user')?.id ?? null);
        return c.json(answer, 201);
      },
    )
    .get('/admin/event-registrations', async (c) => c.json({ results: await eventSummaries(c.get('db')) }))
    .get('/admin/events/:id/registrations', async (c) =>
      c.json(await eventRegistrations(c.get('db'), keyParam(c, 'id'))),
    )
    .get('/admin/events/:id/registrations.csv', async (c) => {
      const list = await eventRegistrations(c.get('db'), keyParam(c, 'id'));
      return c.body(registrationsCsv(list), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${registrationsCsvName(list)}"`,
        'Cache-Control': 'no-store',
      });
    })
    .post('/admin/events/:id/registrations/:rid/cancel', async (c) => {
      const registration = await cancelByAdmin(ctx(c), keyParam(c, 'id'), keyParam(c, 'rid'));
      return c.json({ message: `The registration of ${registration.name} is cancelled`, registration });
    });
}
