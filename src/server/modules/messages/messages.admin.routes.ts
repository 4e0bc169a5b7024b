/**
 * The admin's Messages screen: GET /api/admin/messages (paged, unread first), GET
 * /api/admin/messages/unread (the top bar's count), GET /api/admin/messages/:id (marks it read), POST
 * /api/admin/messages/:id/reply (mailed to the visitor) and PATCH /api/admin/messages/:id (close/reopen,
 * block/unblock the sender). Admin-only, never cached; writes are audited.
 */
import { Hono, type Context } from 'hono';
import {
  ADMIN_MESSAGES_QUERY_MESSAGES,
  AdminMessagesQuery,
  checkReply,
  CONVERSATION_CHANGE_MESSAGES,
  ConversationChange,
  type AdminMessagesFilter,
} from '../../../shared/schemas/messages.ts';
import { isObject, NOT_AN_OBJECT } from '../../../shared/schemas/refusal.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { signedInUser } from '../../middleware/auth.ts';
import {
  adminUnreadCount,
  changeConversation,
  listAdminConversations,
  readAdminConversation,
  replyToConversation,
  type AdminMessagesContext,
} from './messages.admin.service.ts';

/** The first refused field of a parse, as a 400 naming it. */
function refusal<K extends string>(issues: { path: PropertyKey[] }[], messages: Record<K, string>, fallback: K) {
  const key = issues[0]?.path[0];
  const field = typeof key === 'string' && key in messages ? (key as K) : fallback;
  return fieldError(400, messages[field], field);
}

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
      .get('/admin/messages', async (c) => {
        const parsed = AdminMessagesQuery.safeParse(c.req.query());
        if (!parsed.success)
          throw refusal<keyof AdminMessagesFilter>(parsed.error.issues, ADMIN_MESSAGES_QUERY_MESSAGES, 'q');
        return c.json(await listAdminConversations(c.get('db'), parsed.data));
      })
      // Before '/admin/messages/:id', which would take 'unread' for an id.
      .get('/admin/messages/unread', async (c) => c.json(await adminUnreadCount(c.get('db'))))
      .get('/admin/messages/:id', async (c) => c.json(await readAdminConversation(c.get('db'), c.req.param('id'))))
      .post('/admin/messages/:id/reply', async (c) => {
        const check = checkReply(await c.req.json().catch(() => undefined));
        if (!check.ok) throw fieldError(400, check.message, check.field);
        return c.json(await replyToConversation(context(c), c.req.param('id'), check.value.message), 201);
      })
      .patch('/admin/messages/:id', async (c) => {
        const body: unknown = await c.req.json().catch(() => undefined);
        if (!isObject(body)) throw fieldError(400, NOT_AN_OBJECT.message, NOT_AN_OBJECT.field);
        const parsed = ConversationChange.safeParse(body);
        if (!parsed.success)
          throw refusal<'status' | 'blocked'>(parsed.error.issues, CONVERSATION_CHANGE_MESSAGES, 'status');
        return c.json(await changeConversation(context(c), c.req.param('id'), parsed.data));
      })
  );
}
