/**
 * A signed-in visitor's conversations with the company: GET /api/messages, GET /api/messages/:id
 * and POST /api/messages. The caller is the session's user, never a userId (or senderId) from the query or body;
 * another account's thread is 'not found'. Never cached.
 */
import { Hono } from 'hono';
import { CONTACT_TOO_MANY, SENDER_BLOCKED } from '../../../shared/schemas/contact.ts';
import { checkNewMessage } from '../../../shared/schemas/messages.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { noStore } from '../../http/no-store.ts';
import { attemptStore } from '../../http/attempt-store.ts';
import type { AttemptLimiter } from '../../http/rate-limit.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { requireUser, signedInUser } from '../../middleware/auth.ts';
import { MESSAGE_USER_LIMIT, messageLimiter } from './messages-limits.ts';
import { isBlockedSender } from './messages.repository.ts';
import { listMyConversations, readMyConversation, sendMyMessage } from './messages.service.ts';

export function messageRoutes(deps: Deps) {
  // One limiter per app; RATE_LIMITS=off (test rigs behind one address) is read on the first request.
  let limiter: AttemptLimiter | undefined;
  return new Hono<AppEnv>()
    .use('/messages', requireUser, noStore)
    .use('/messages/*', requireUser, noStore)
    .get('/messages', async (c) => c.json(await listMyConversations(c.get('db'), signedInUser(c).id)))
    .get('/messages/:id', async (c) =>
      c.json(await readMyConversation(c.get('db'), signedInUser(c).id, c.req.param('id'))),
    )
    .post('/messages', jsonBody(checkNewMessage), async (c) => {
      const user = signedInUser(c);
      const db = c.get('db');
      const env = c.get('env');
      const message = c.req.valid('json');
      if (await isBlockedSender(db, user.email)) throw new ApiError(403, SENDER_BLOCKED);
      limiter ??= messageLimiter(env, 'messages.user', MESSAGE_USER_LIMIT);
      const { decision } = await attemptStore(db, env).reserve([[limiter, user.id]]);
      if (!decision.allowed)
        throw new ApiError(429, CONTACT_TOO_MANY, { headers: { 'Retry-After': String(decision.retryAfterSeconds) } });
      const { created, thread } = await sendMyMessage(
        { db, mailer: deps.mailer, siteUrl: env.SITE_URL },
        user,
        message,
      );
      return c.json(thread, created ? 201 : 200);
    });
}
