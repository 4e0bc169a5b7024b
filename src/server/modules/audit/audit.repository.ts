/**
 * The audit log of admin writes (design rule 1: the write's own transaction records it). A content write's entry also
 * queues its webhook event (content.created, updated, deleted) in that transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AuditAction, AuditEntry } from '../../../shared/admin.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { contentEventOf } from '../webhooks/content-events.ts';
import { queueWebhookEvent } from '../webhooks/webhook-queue.ts';

/** At most this many entries per read. */
export const AUDIT_PAGE_MAX = 100;

export interface AuditInput {
  action: AuditAction;
  target: { type: string; id?: string };
  summary: string;
}

/** The name an entry shows for its actor: first and last name, else the username. */
export function actorName(user: Pick<AuthUser, 'first_name' | 'last_name' | 'username'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}

/** Records one admin write; pass the write's transaction so both commit or neither does. */
export async function recordAudit(
  db: Kysely<Database> | Transaction<Database>,
  actor: Pick<AuthUser, 'id' | 'first_name' | 'last_name' | 'username'>,
  input: AuditInput,
): Promise<void> {
  const summary = input.summary.slice(0, 300);
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      at: new Date().toISOString(),
      actor_id: actor.id,
      actor_name: actorName(actor),
      action: input.action,
      target_type: input.target.type,
      target_id: input.target.id ?? '',
      summary,
    })
    .execute();
  const content = contentEventOf({ ...input, summary });
  if (content) await queueWebhookEvent(db, content.event, content.data);
}

/** The most recent entries first. */
export async function recentAudit(db: Kysely<Database>, limit = 20): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(Math.min(Math.max(1, Math.trunc(limit)), AUDIT_PAGE_MAX))
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    action: row.action as AuditAction,
    target: { type: row.target_type, id: row.target_id },
    summary: row.summary,
    actor: { id: row.actor_id, name: row.actor_name },
  }));
}
