/**
 * The events outbound webhooks carry, shared by the server (what it queues) and the admin (the checkboxes). Payloads
 * are thin, like Stripe's thin events: what happened and to which item, never the item itself; a receiver that needs
 * more fetches it with a scoped API token. Nothing personal goes in beyond what the admin's own summary shows: no
 * email address, name or token (a subscriber is an id and 'A subscriber confirmed').
 */

/** The events an endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'content.created',
  'content.updated',
  'content.deleted',
  'order.created',
  'order.updated',
  'subscriber.confirmed',
  'subscriber.unsubscribed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The test event the admin's 'Send test' queues; endpoints never subscribe to it. */
export const WEBHOOK_PING = 'ping';
/** Any event a delivery can carry. */
export type WebhookEventName = WebhookEvent | typeof WEBHOOK_PING;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventName, string> = {
  'content.created': 'Content created',
  'content.updated': 'Content updated or published',
  'content.deleted': 'Content deleted',
  'order.created': 'Order placed',
  'order.updated': 'Order status changed',
  'subscriber.confirmed': 'Subscriber confirmed',
  'subscriber.unsubscribed': 'Subscriber unsubscribed',
  ping: 'Test event',
};

/** How the admin groups the checkboxes. */
export const WEBHOOK_EVENT_GROUPS: readonly { label: string; events: readonly WebhookEvent[] }[] = [
  { label: 'Content', events: ['content.created', 'content.updated', 'content.deleted'] },
  { label: 'Orders', events: ['order.created', 'order.updated'] },
  { label: 'Subscribers', events: ['subscriber.confirmed', 'subscriber.unsubscribed'] },
];

export const isWebhookEvent = (value: string): value is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(value);

/** An event's label; an event this version does not know (an old delivery's) by its name. */
export const webhookEventLabel = (event: string): string =>
  Object.hasOwn(WEBHOOK_EVENT_LABELS, event) ? WEBHOOK_EVENT_LABELS[event as WebhookEventName] : event;

/** A content item: its type as the audit log names it ('blog', 'page', 'product', …) and its id. */
export interface ContentEventData {
  type: string;
  id: string;
  summary: string;
}
export interface OrderEventData {
  id: string;
  status?: string;
  summary: string;
}
export interface SubscriberEventData {
  id?: string;
  summary: string;
}
export interface PingEventData {
  summary: string;
}

/** Each event's `data`. */
export interface WebhookEventData {
  'content.created': ContentEventData;
  'content.updated': ContentEventData;
  'content.deleted': ContentEventData;
  'order.created': OrderEventData;
  'order.updated': OrderEventData;
  'subscriber.confirmed': SubscriberEventData;
  'subscriber.unsubscribed': SubscriberEventData;
  ping: PingEventData;
}

/**
 * The JSON body of a delivery. `id` is the delivery's id when it was queued; a resend sends the same body again, so
 * `id` stays the first delivery's and receivers can drop a repeat by it.
 */
export interface WebhookPayload<E extends WebhookEventName = WebhookEventName> {
  id: string;
  event: E;
  /** ISO time the event happened. */
  created_at: string;
  data: WebhookEventData[E];
}

/** The headers every delivery carries. */
export const WEBHOOK_HEADERS = {
  signature: 'Site-Signature',
  id: 'Site-Webhook-Id',
  event: 'Site-Event',
} as const;
