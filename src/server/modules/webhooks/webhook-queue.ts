/**
 * Queuing an event: one pending delivery per endpoint that is on and hears it, written with the caller's `db` (pass
 * the write's transaction), so the change and its event commit together or not at all (a transactional outbox). The
 * runner (webhook-runner.ts) sends them after the commit.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  WEBHOOK_PING,
  type WebhookEvent,
  type WebhookEventData,
  type WebhookEventName,
  type WebhookPayload,
} from '../../../shared/webhook-events.ts';
import type { Db } from '../../db/connection.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import type { WebhookDeliveriesTable } from '../../db/schema.ts';
import { enabledEndpoints, insertDeliveryRows } from './webhooks.repository.ts';

/** A new pending delivery, due at `at`, whose body names its own id. */
function deliveryRow<E extends WebhookEventName>(
  endpointId: string,
  event: E,
  data: WebhookEventData[E],
  at: string,
): Insertable<WebhookDeliveriesTable> {
  const id = randomUUID();
  const payload: WebhookPayload<E> = { id, event, created_at: at, data };
  return pendingRow({ id, endpoint_id: endpointId, event, payload: JSON.stringify(payload) }, at);
}

/** A delivery of `payload` as it is, due at `at` (a resend's body is the first delivery's). */
export const pendingRow = (
  delivery: { id: string; endpoint_id: string; event: string; payload: string },
  at: string,
): Insertable<WebhookDeliveriesTable> => ({
  ...delivery,
  status: 'pending',
  attempts: 0,
  next_attempt_at: at,
  last_attempt_at: null,
  response_status: null,
  response_body: null,
  error: null,
  created_at: at,
  delivered_at: null,
});

/** Queues `event` for every endpoint that is on and hears it, inside the caller's transaction; answers the ids. */
export async function queueWebhookEvent<E extends WebhookEvent>(
  db: Db,
  event: E,
  data: WebhookEventData[E],
  now = new Date(),
): Promise<string[]> {
  const endpoints = (await enabledEndpoints(db)).filter((e) => parseStringArray(e.events).includes(event));
  if (endpoints.length === 0) return [];
  const at = now.toISOString();
  const rows = endpoints.map((endpoint) => deliveryRow(endpoint.id, event, data, at));
  await insertDeliveryRows(db, rows);
  return rows.map((row) => row.id);
}

/** Queues the admin's test event for one endpoint, whatever it hears; answers the delivery's id. */
export async function queueWebhookPing(db: Db, endpointId: string, now = new Date()): Promise<string> {
  const row = deliveryRow(endpointId, WEBHOOK_PING, { summary: 'A test event sent from the admin' }, now.toISOString());
  await insertDeliveryRows(db, [row]);
  return row.id;
}
