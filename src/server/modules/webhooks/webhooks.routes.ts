/**
 * Outbound webhooks, the admin's alone (/api/admin/* behind the admin guard; no API token scope reaches them):
 *   GET    /admin/webhooks                          every endpoint (never its secret), with its last delivery's state
 *   POST   /admin/webhooks                          { url, description, events } → 201 { endpoint, secret } (shown once)
 *   PUT    /admin/webhooks/:id                      { url?, description?, events?, enabled? }
 *   DELETE /admin/webhooks/:id                      the endpoint and its log
 *   POST   /admin/webhooks/:id/secret               a new secret, shown once
 *   POST   /admin/webhooks/:id/test                 a 'ping' sent at once → { delivery }
 *   GET    /admin/webhooks/:id/deliveries           the newest 50 deliveries
 *   POST   /admin/webhooks/deliveries/:id/resend    the same event and body queued again, due now
 */
import { Hono, type Context } from 'hono';
import { checkWebhookChanges, checkWebhookCreate } from '../../../shared/schemas/webhooks.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
  rollWebhookSecret,
  sendWebhookTest,
  updateWebhook,
  type WebhookAdminContext,
} from './webhooks.service.ts';

export function webhookRoutes(deps: Pick<Deps, 'keys'>) {
  const ctx = (c: Context<AppEnv>): WebhookAdminContext => ({
    db: c.get('db'),
    env: c.get('env'),
    key: deps.keys.webhooks,
    actor: signedInUser(c),
  });
  return new Hono<AppEnv>()
    .get('/admin/webhooks', async (c) => c.json({ results: await listWebhooks(c.get('db')) }))
    .post('/admin/webhooks', jsonBody(checkWebhookCreate), async (c) =>
      c.json(await createWebhook(ctx(c), c.req.valid('json')), 201),
    )
    .put('/admin/webhooks/:id', jsonBody(checkWebhookChanges), async (c) =>
      c.json(await updateWebhook(ctx(c), c.req.param('id'), c.req.valid('json'))),
    )
    .delete('/admin/webhooks/:id', async (c) => c.json(await deleteWebhook(ctx(c), c.req.param('id'))))
    .post('/admin/webhooks/:id/secret', async (c) => c.json(await rollWebhookSecret(ctx(c), c.req.param('id'))))
    .post('/admin/webhooks/:id/test', async (c) => c.json(await sendWebhookTest(ctx(c), c.req.param('id'))))
    .get('/admin/webhooks/:id/deliveries', async (c) =>
      c.json({ results: await listWebhookDeliveries(c.get('db'), c.req.param('id')) }),
    )
    .post('/admin/webhooks/deliveries/:id/resend', async (c) =>
      c.json(await resendWebhookDelivery(ctx(c), c.req.param('id')), 201),
    );
}
