/** The security headers of every answer (security.md R54), fixed once from the environment. */
import type { MiddlewareHandler } from 'hono';
import type { Env } from '../env.ts';
import { isCompleteAnswer, type HeaderRecord } from './complete-answer.ts';

/**
 * Hono's secureHeaders set, with the values R54 asks for (HSTS for a year, and only over HTTPS; frames denied).
 * Cross-origin resource and embedder policies are left to the routes: media sets its own.
 */
export function securityHeaderValues(env: Pick<Env, 'SITE_URL'>): HeaderRecord {
  return Object.freeze({
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(env.SITE_URL.startsWith('https://')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': 'microphone=(self), camera=(), geolocation=()',
  });
}

/** The one Referrer-Policy a route may set for itself, e.g. on a redirect whose URL carries a token (R19). */
const NO_REFERRER = 'no-referrer';

/**
 * Sets `values` on every answer once the handlers ran, replacing what a handler set, and drops X-Powered-By.
 * A route's `Referrer-Policy: no-referrer` is kept: routes may tighten the policy, never loosen it.
 * Complete answers (complete-answer.ts) carry them already.
 */
export function securityHeaders(values: HeaderRecord): MiddlewareHandler {
  const entries = Object.entries(values);
  return async function securityHeaders(c, next) {
    await next();
    if (isCompleteAnswer(c.res)) return;
    const headers = c.res.headers;
    const noReferrer = headers.get('referrer-policy') === NO_REFERRER;
    for (const [name, value] of entries) headers.set(name, value);
    if (noReferrer) headers.set('referrer-policy', NO_REFERRER);
    headers.delete('X-Powered-By');
  };
}
