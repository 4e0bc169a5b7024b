/**
 * Which admin writes are content events: the audit entry every content write records inside its transaction
 * (audit.repository.ts) says what happened to which item, so webhooks hear of each write the same way, with no
 * emission point per content type to forget. Pure, so the mapping is tested as a table.
 */
import type { ContentEventData, WebhookEvent } from '../../../shared/webhook-events.ts';

/** The content types (as the audit log names them) whose writes are events. */
export const CONTENT_EVENT_TYPES: ReadonlySet<string> = new Set([
  'blog',
  'page',
  'product',
  'photo',
  'video',
  'audio',
  'event',
  'document',
  'plan',
  'slider',
]);

/**
 * The audit verbs that change what visitors can see. Publishing is an update (the write records it as one); a draft
 * saved or discarded changes nothing published, and a reorder names no one item.
 */
const VERBS: ReadonlyMap<string, WebhookEvent> = new Map([
  ['create', 'content.created'],
  ['update', 'content.updated'],
  ['publish', 'content.updated'],
  ['unpublish', 'content.updated'],
  ['delete', 'content.deleted'],
]);

export interface AuditedWrite {
  action: string;
  target: { type: string; id?: string };
  summary: string;
}

/**
 * The content event an audited write is, or null. The entry's target must be the item itself: a comment moderated on
 * a post is audited as 'blog.update' with target 'blog-comment', and is no content change (its summary quotes a
 * visitor).
 */
export function contentEventOf(write: AuditedWrite): { event: WebhookEvent; data: ContentEventData } | null {
  const dot = write.action.indexOf('.');
  if (dot < 0) return null;
  const type = write.action.slice(0, dot);
  const event = VERBS.get(write.action.slice(dot + 1));
  if (!event || !CONTENT_EVENT_TYPES.has(type) || write.target.type !== type || !write.target.id) return null;
  return { event, data: { type, id: write.target.id, summary: write.summary } };
}
