/**
 * A per-address limit in front of a route (security.md R59, R60): every request counts against its client address
 * before anything else is read, whatever its body or query, and once over the limit it is refused with 429, the
 * route's sentence and Retry-After. Counted in the database (attempt-store.ts), so every API process counts together;
 * RATE_LIMITS=off (test rigs behind one address) drops it.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { clientIp } from '../middleware/client-ip.ts';
import { attemptStore } from './attempt-store.ts';
import { ApiError } from './errors.ts';
import { slidingWindow } from './rate-limit.ts';

export function addressLimit(name: string, window: { limit: number; windowMs: number }, refusal: string) {
  const limiter = slidingWindow(name, window);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('env').RATE_LIMITS === 'on') {
      const { decision } = await attemptStore(c.get('db'), c.get('env')).reserve([[limiter, clientIp(c)]]);
      if (!decision.allowed)
        throw new ApiError(429, refusal, { headers: { 'Retry-After': String(decision.retryAfterSeconds) } });
    }
    await next();
  });
}
