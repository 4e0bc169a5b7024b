/**
 * The public contact form's messages (issue 18 item 5): POST /api/contact (rate-limited per address, honeypot
 * `website`), and the admin's read of them, GET /api/admin/contact-messages (newest first, paged).
 */
import { Hono } from 'hono';
import { CONTACT_SENT, CONTACT_TOO_MANY, checkContactMessage, isHoneypotFilled } from '../../../shared/schemas/contact.ts';
import { z } from '../../../shared/schemas/zod.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { noStore } from '../../http/no-store.ts';
import { SlidingWindowLimiter, UNLIMITED, type AttemptLimiter } from '../../http/rate-limit.ts';
import { requireAdmin } from '../../middleware/auth.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { listContactMessages, receiveContactMessage } from './contact.service.ts';

/** Messages one address may send in ten minutes. */
export const CONTACT_LIMIT = { limit: 5, windowMs: 10 * 60_000 } as const;
export const MESSAGES_PAGE_MAX = 100;

const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(20),
});

export function contactRoutes(deps: Deps) {
  const router = new Hono<AppEnv>();
  // One limiter per app; RATE_LIMITS=off (test rigs behind one address) is read on the first request.
  let limiter: AttemptLimiter | undefined;

  router.post('/contact', async (c) => {
    const env = c.get('env');
    limiter ??= env.RATE_LIMITS === 'on' ? new SlidingWindowLimiter(CONTACT_LIMIT) : UNLIMITED;
    const decision = limiter.check(clientIp(c));
    if (!decision.allowed) throw new ApiError(429, CONTACT_TOO_MANY, { headers: { 'Retry-After': String(decision.retryAfterSeconds) } });
    limiter.reserve(clientIp(c));

    const body: unknown = await c.req.json().catch(() => undefined);
    // A bot that filled the hidden field hears what a person hears, and nothing is kept or sent.
    if (isHoneypotFilled(body)) return c.json({ message: CONTACT_SENT }, 201);
    const check = checkContactMessage(body);
    if (!check.ok) throw fieldError(400, check.message, check.field);
    await receiveContactMessage({ db: c.get('db'), mailer: deps.mailer, siteUrl: env.SITE_URL }, check.value);
    return c.json({ message: CONTACT_SENT }, 201);
  });

  router.get('/admin/contact-messages', requireAdmin, noStore, async (c) => {
    const parsed = PageQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'page');
      throw fieldError(400, field === 'pageSize' ? `pageSize: must be a whole number from 1 to ${MESSAGES_PAGE_MAX}` : 'page: must be a whole number from 1', field);
    }
    return c.json(await listContactMessages(c.get('db'), parsed.data.page, parsed.data.pageSize));
  });

  return router;
}
