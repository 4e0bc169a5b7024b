/**
 * The admin's Messages screen: GET /api/admin/messages (paged, unread first), GET
 * /api/admin/messages/unread (the top bar's count), GET /api/admin/messages/:id (marks it read), POST
 * /api/admin/messages/:id/reply (mailed to the visitor) and PATCH /api/admin/messages/:id (close/reopen,
 * block/unblock the sender). Admin-only, never cached; writes are audited.
 */
import { Hono, type Context } from 'hono';
import { checkAdminMessagesQuery, checkConversationChange, checkReply } from '../../../shared/schemas/messages.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { jsonBody, validQuery } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import {
  adminUnreadCount,
  changeConversation,
  listAdminConversations,
  readAdminConversation,
  replyToConversation,
  type AdminMessagesContext,
} from './messages.admin.service.ts';

export function messageAdminRoutes(deps: Deps) {
  // The admin guard ran first, so the user is set; deps.mailer is read per request (it is the app's one mailer).
  const context = (c: Context<AppEnv>): AdminMessagesContext => ({
    db: c.get('db'),
    actor: signedInUser(c),
    mailer: deps.mailer,
    siteUrl: c.get('env').SITE_URL,
  });
  return (
    new Hono<AppEnv>()
      .get('/admin/messages', validQuery(checkAdminMessagesQuery), async (c) =>
        c.json(await listAdminConversations(c.get('db'), c.req.valid('query'))),
      )
      // Before '/admin/messages/:id', which would take 'unread' for an id.
      .get('/admin/messages/unread', async (c) => c.json(await adminUnreadCount(c.get('db'))))
      .get('/admin/messages/:id', async (c) => c.json(await readAdminConversation(c.get('db'), c.req.param('id'))))
      .post('/admin/messages/:id/reply', jsonBody(checkReply), async (c) =>
        c.json(await replyToConversation(context(c), c.req.param('id'), c.req.valid('json').message), 201),
      )
      .patch('/admin/messages/:id', jsonBody(checkConversationChange), async (c) =>
        c.json(await changeConversation(context(c), c.req.param('id'), c.req.valid('json'))),
      )
  );
}
