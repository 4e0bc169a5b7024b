/**
 * Webhook endpoints and deliveries (Kysely only). The deliveries table is the queue and the log in one: a pending row
 * is due at next_attempt_at, and a runner claims it by moving next_attempt_at ahead (a lease) in one conditional
 * update, so of two runners that saw it due only one sends it, and a claim a dead process left is due again once its
 * lease runs out.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema.ts';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

export const listEndpointRows = (db: Db) =>
  db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id').execute();

export const findEndpointRow = (db: Db, id: string) =>
  db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();

export async function countEndpoints(db: Db): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEndpointRow(db: Db, row: Insertable<WebhookEndpointsTable>): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

/** False when there is no such endpoint (deleted meanwhile). */
export async function updateEndpointRow(
  db: Db,
  id: string,
  values: Updateable<WebhookEndpointsTable>,
): Promise<boolean> {
  const result = await db.updateTable('webhook_endpoints').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Its deliveries go with it (ON DELETE CASCADE). False when there was no such endpoint. */
export async function deleteEndpointRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The endpoints that are on, with the events they hear (a JSON list). */
export const enabledEndpoints = (db: Db) =>
  db.selectFrom('webhook_endpoints').select(['id', 'events']).where('enabled', '=', true).execute();

export async function insertDeliveryRows(db: Db, rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('webhook_deliveries').values(rows).execute();
}

export const findDeliveryRow = (db: Db, id: string) =>
  db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();

/** An endpoint's newest deliveries first. */
export const listDeliveryRows = (db: Db, endpointId: string, limit: number) =>
  db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** Each endpoint's newest delivery, for the list. */
export const latestDeliveryRows = (db: Db) =>
  db
    .selectFrom('webhook_deliveries as d')
    .select(['d.endpoint_id', 'd.status', 'd.event', 'd.created_at', 'd.last_attempt_at', 'd.response_status'])
    .where('d.id', '=', (eb) =>
      eb
        .selectFrom('webhook_deliveries as n')
        .select('n.id')
        .whereRef('n.endpoint_id', '=', 'd.endpoint_id')
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(1),
    )
    .execute();

/** Pending deliveries of endpoints that are on, due at `now`, soonest first. */
export const dueDeliveryRows = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(['d.id', 'd.next_attempt_at'])
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', now)
    .where('e.enabled', '=', true)
    .orderBy('d.next_attempt_at')
    .orderBy('d.id')
    .limit(limit)
    .execute();

/**
 * Claims a pending delivery seen due at `seen` by moving its next attempt to `leaseUntil`; false when another runner
 * claimed it first (or it is no longer pending).
 */
export async function claimDelivery(db: Db, id: string, seen: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '=', seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records an attempt's outcome while the claim is still ours (the lease `leaseUntil` unchanged). */
export async function recordAttempt(
  db: Db,
  id: string,
  leaseUntil: string,
  values: Updateable<WebhookDeliveriesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '=', leaseUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
