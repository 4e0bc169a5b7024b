/**
 * The admin's webhook endpoints: made (the signing secret answered once), changed, turned off, deleted, the secret
 * rolled, a test event sent at once, and each endpoint's delivery log with Resend. Every write records its audit entry
 * in its own transaction. An endpoint's URL is checked for where it leads when saved (webhook-url.ts), and again on
 * each send.
 */
import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_DELIVERY_NOT_FOUND,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_LOG_MAX,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_TOO_MANY,
  type WebhookChangeValues,
  type WebhookCreated,
  type WebhookCreateValues,
  type WebhookDeliveryItem,
  type WebhookEndpointItem,
} from '../../../shared/schemas/webhooks.ts';
import { isWebhookEvent, webhookEventLabel } from '../../../shared/webhook-events.ts';
import type { Db } from '../../db/connection.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import { ApiError, fieldError, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { bool } from '../content/content.mappers.ts';
import { attemptDelivery, type WebhookSendDeps } from './webhook-delivery.ts';
import { pendingRow, queueWebhookPing } from './webhook-queue.ts';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secret.ts';
import { webhookDestinationProblem } from './webhook-url.ts';
import {
  countEndpoints,
  deleteEndpointRow,
  findDeliveryRow,
  findEndpointRow,
  insertDeliveryRows,
  insertEndpointRow,
  latestDeliveryRows,
  listDeliveryRows,
  listEndpointRows,
  updateEndpointRow,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.repository.ts';

/** What the admin's calls need: the database, the environment's rule on private addresses, the sealing key. */
export interface WebhookAdminContext extends WebhookSendDeps {
  actor: AuthUser;
}

type LatestRow = Awaited<ReturnType<typeof latestDeliveryRows>>[number];

function endpointFromRow(row: WebhookEndpointRow, latest?: LatestRow): WebhookEndpointItem {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: parseStringArray(row.events).filter(isWebhookEvent),
    enabled: bool(row.enabled),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastDelivery: latest
      ? {
          status: latest.status,
          event: latest.event,
          at: latest.last_attempt_at ?? latest.created_at,
          responseStatus: latest.response_status,
        }
      : null,
  };
}

export function deliveryFromRow(row: WebhookDeliveryRow): WebhookDeliveryItem {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.response_status,
    responseBody: row.response_body,
    error: row.error,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
    payload: row.payload,
  };
}

/** How the audit log names an endpoint: its host only (a URL's path or query may hold the receiver's token). */
const named = (url: string) => `Webhook to ${new URL(url).host}`;

/** An id no row could have is answered like an unknown one, without a query. */
const plausibleId = (id: string) => id.length > 0 && id.length <= 100;

async function endpointOr404(db: Db, id: string): Promise<WebhookEndpointRow> {
  const row = plausibleId(id) ? await findEndpointRow(db, id) : undefined;
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}

/** Refuses a URL that leads somewhere webhooks may not go (400 on `url`). */
async function checkDestination(ctx: Pick<WebhookSendDeps, 'env'>, url: string): Promise<void> {
  const problem = await webhookDestinationProblem(url, ctx.env.WEBHOOKS_ALLOW_PRIVATE);
  if (problem) throw fieldError(400, problem, 'url');
}

/** GET /api/admin/webhooks: every endpoint, oldest first, with its newest delivery's state. */
export async function listWebhooks(db: Db): Promise<WebhookEndpointItem[]> {
  const [rows, latest] = await Promise.all([listEndpointRows(db), latestDeliveryRows(db)]);
  const byEndpoint = new Map(latest.map((row) => [row.endpoint_id, row]));
  return rows.map((row) => endpointFromRow(row, byEndpoint.get(row.id)));
}

/** POST /api/admin/webhooks: the endpoint, on, and its signing secret (answered this once). */
export async function createWebhook(ctx: WebhookAdminContext, input: WebhookCreateValues): Promise<WebhookCreated> {
  await checkDestination(ctx, input.url);
  if ((await countEndpoints(ctx.db)) >= WEBHOOK_ENDPOINTS_MAX) throw new ApiError(409, WEBHOOK_TOO_MANY);
  const id = randomUUID();
  const secret = newWebhookSecret();
  const at = new Date().toISOString();
  const row = {
    id,
    url: input.url,
    description: input.description,
    events: JSON.stringify(input.events),
    secret: sealWebhookSecret(ctx.key, id, secret),
    enabled: true,
    created_at: at,
    updated_at: at,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertEndpointRow(trx, row);
    await recordAudit(trx, ctx.actor, {
      action: 'webhook.create',
      target: { type: 'webhook', id },
      summary: `${named(input.url)} added (${input.events.join(', ')})`,
    });
  });
  return {
    endpoint: endpointFromRow(row),
    secret,
    message: 'Webhook endpoint added. Copy its signing secret now: it is shown only this once.',
  };
}

/** What a change did, for the audit entry and the answer. */
function changeSummary(before: WebhookEndpointRow, changes: WebhookChangeValues): string {
  const on = bool(before.enabled);
  const toggled = changes.enabled !== undefined && changes.enabled !== on;
  const edited = changes.url !== undefined || changes.description !== undefined || changes.events !== undefined;
  if (toggled && !edited) return changes.enabled ? 'turned on' : 'turned off';
  return toggled ? `changed and turned ${changes.enabled ? 'on' : 'off'}` : 'changed';
}

/** PUT /api/admin/webhooks/:id. */
export async function updateWebhook(
  ctx: WebhookAdminContext,
  id: string,
  changes: WebhookChangeValues,
): Promise<{ endpoint: WebhookEndpointItem; message: string }> {
  const before = await endpointOr404(ctx.db, id);
  if (changes.url !== undefined && changes.url !== before.url) await checkDestination(ctx, changes.url);
  const what = changeSummary(before, changes);
  const values = {
    ...(changes.url === undefined ? {} : { url: changes.url }),
    ...(changes.description === undefined ? {} : { description: changes.description }),
    ...(changes.events === undefined ? {} : { events: JSON.stringify(changes.events) }),
    ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
    updated_at: new Date().toISOString(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateEndpointRow(trx, id, values))) throw notFound(WEBHOOK_NOT_FOUND);
    await recordAudit(trx, ctx.actor, {
      action: 'webhook.update',
      target: { type: 'webhook', id },
      summary: `${named(values.url ?? before.url)} ${what}`,
    });
  });
  const [after, latest] = await Promise.all([endpointOr404(ctx.db, id), latestDeliveryRows(ctx.db)]);
  return {
    endpoint: endpointFromRow(
      after,
      latest.find((row) => row.endpoint_id === id),
    ),
    message: `Webhook endpoint ${what}.`,
  };
}

/** DELETE /api/admin/webhooks/:id: the endpoint and its delivery log. */
export async function deleteWebhook(ctx: WebhookAdminContext, id: string): Promise<{ message: string }> {
  const before = await endpointOr404(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteEndpointRow(trx, id))) throw notFound(WEBHOOK_NOT_FOUND);
    await recordAudit(trx, ctx.actor, {
      action: 'webhook.delete',
      target: { type: 'webhook', id },
      summary: `${named(before.url)} deleted`,
    });
  });
  return { message: 'Webhook endpoint deleted. Nothing more is sent to it.' };
}

/** POST /api/admin/webhooks/:id/secret: a new signing secret (answered this once); the old one signs nothing more. */
export async function rollWebhookSecret(
  ctx: WebhookAdminContext,
  id: string,
): Promise<{ secret: string; message: string }> {
  const before = await endpointOr404(ctx.db, id);
  const secret = newWebhookSecret();
  await ctx.db.transaction().execute(async (trx) => {
    const sealed = sealWebhookSecret(ctx.key, id, secret);
    if (!(await updateEndpointRow(trx, id, { secret: sealed, updated_at: new Date().toISOString() })))
      throw notFound(WEBHOOK_NOT_FOUND);
    await recordAudit(trx, ctx.actor, {
      action: 'webhook.secret',
      target: { type: 'webhook', id },
      summary: `${named(before.url)}: signing secret rolled`,
    });
  });
  return {
    secret,
    message:
      'New signing secret made: every delivery from now on is signed with it. Copy it now: it is shown only this once.',
  };
}

/** A sentence on how a delivery went, for the admin's notice line. */
function outcomeMessage(delivery: WebhookDeliveryItem, what: string): string {
  if (delivery.status === 'delivered') return `${what} was delivered (HTTP ${delivery.responseStatus ?? '2xx'}).`;
  const why = delivery.error ? `: ${delivery.error.replace(/\.$/, '')}` : '';
  if (delivery.status === 'failed') return `${what} could not be delivered${why}.`;
  return delivery.attempts > 0
    ? `${what} was not delivered${why}. It will be tried again later.`
    : `${what} is queued and will be sent shortly.`;
}

/** POST /api/admin/webhooks/:id/test: a 'ping' queued and sent at once (whether the endpoint is on or not). */
export async function sendWebhookTest(
  ctx: WebhookAdminContext,
  id: string,
): Promise<{ delivery: WebhookDeliveryItem; message: string }> {
  await endpointOr404(ctx.db, id);
  const now = new Date();
  const deliveryId = await queueWebhookPing(ctx.db, id, now);
  // Another runner may have claimed it first: then the answer is its state as it is now.
  await attemptDelivery(ctx, deliveryId, now.toISOString());
  const row = await findDeliveryRow(ctx.db, deliveryId);
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  const delivery = deliveryFromRow(row);
  return { delivery, message: outcomeMessage(delivery, 'The test event') };
}

/** GET /api/admin/webhooks/:id/deliveries: the newest WEBHOOK_LOG_MAX deliveries. */
export async function listWebhookDeliveries(db: Db, id: string): Promise<WebhookDeliveryItem[]> {
  await endpointOr404(db, id);
  return (await listDeliveryRows(db, id, WEBHOOK_LOG_MAX)).map(deliveryFromRow);
}

/**
 * POST /api/admin/webhooks/deliveries/:id/resend: a new delivery of the same event and body, due now; the old one
 * stays in the log as it was.
 */
export async function resendWebhookDelivery(
  ctx: WebhookAdminContext,
  deliveryId: string,
): Promise<{ delivery: WebhookDeliveryItem; message: string }> {
  const before = plausibleId(deliveryId) ? await findDeliveryRow(ctx.db, deliveryId) : undefined;
  if (!before) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
  const endpoint = await endpointOr404(ctx.db, before.endpoint_id);
  const row = pendingRow(
    { id: randomUUID(), endpoint_id: before.endpoint_id, event: before.event, payload: before.payload },
    new Date().toISOString(),
  );
  await ctx.db.transaction().execute(async (trx) => {
    await insertDeliveryRows(trx, [row]);
    await recordAudit(trx, ctx.actor, {
      action: 'webhook.resend',
      target: { type: 'webhook', id: endpoint.id },
      summary: `${named(endpoint.url)}: ${webhookEventLabel(before.event)} sent again`,
    });
  });
  const queued = await findDeliveryRow(ctx.db, row.id);
  // Gone already: the endpoint was deleted meanwhile.
  if (!queued) throw notFound(WEBHOOK_NOT_FOUND);
  return {
    delivery: deliveryFromRow(queued),
    message: bool(endpoint.enabled)
      ? 'The delivery is queued again and will be sent shortly.'
      : 'The delivery is queued again; it is sent once the endpoint is turned on.',
  };
}
