/**
 * Webhook endpoints as the admin makes and changes them (POST and PUT /api/admin/webhooks), and what the admin screen
 * lists of endpoints and their deliveries (never a signing secret: that is answered once, when made or rolled).
 */
import { WEBHOOK_EVENTS, type WebhookEvent } from '../webhook-events.ts';
import { bodyCheck } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Endpoints a site may have: each event is queued once per endpoint, inside the write that caused it. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** Deliveries the log shows per endpoint, newest first. */
export const WEBHOOK_LOG_MAX = 50;

export const WEBHOOK_NOT_FOUND = 'Webhook endpoint not found';
export const WEBHOOK_DELIVERY_NOT_FOUND = 'Delivery not found';
export const WEBHOOK_TOO_MANY = `A site can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints; delete one first.`;

/**
 * The shape an endpoint's URL must have (the server also checks where it leads): a whole http(s) address, without a
 * user name or password in it (they would show in every log and screen). A sentence, or null when it is fine.
 */
export function webhookUrlProblem(value: string): string | null {
  if (value === '') return 'The URL is required.';
  if (value.length > WEBHOOK_URL_MAX) return `The URL must be at most ${WEBHOOK_URL_MAX} characters.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'The URL must be a whole web address, such as https://example.com/hooks.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The URL must start with https:// or http://.';
  if (url.username || url.password) return 'The URL must not contain a user name or password.';
  if (url.hostname === '') return 'The URL must name a host.';
  return null;
}

const url = z
  .string({ error: 'The URL is required.' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'Choose events from the list.' }), { error: 'Choose at least one event.' })
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENTS.length, 'Choose each event once.')
  .transform((list) => [...new Set(list)]);

const description = formText(WEBHOOK_DESCRIPTION_MAX);

/** POST /api/admin/webhooks. */
export const WebhookCreate = z.object({ url, description: description.default(''), events });
export type WebhookCreateValues = z.output<typeof WebhookCreate>;
/** PUT /api/admin/webhooks/:id: any of them; `enabled` turns the endpoint on or off. */
export const WebhookChanges = z
  .object({ url, description, events, enabled: z.boolean({ error: 'must be true or false' }) })
  .partial();
export type WebhookChangeValues = z.output<typeof WebhookChanges>;

export const checkWebhookCreate = bodyCheck(WebhookCreate);
export const checkWebhookChanges = bodyCheck(WebhookChanges);

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** An endpoint as the admin sees it: never its secret. */
export interface WebhookEndpointItem {
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  /** The newest delivery's state, for the list; null before the first. */
  lastDelivery: {
    status: WebhookDeliveryStatus;
    event: string;
    at: string;
    responseStatus: number | null;
  } | null;
}

/** One delivery of the log: the queue's state and the last answer. */
export interface WebhookDeliveryItem {
  id: string;
  endpointId: string;
  /** A WebhookEventName; a string, as the log keeps whatever was sent. */
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The last answer's HTTP status; null before an answer (or when none came). */
  responseStatus: number | null;
  /** The start of the last answer's body (at most 1 KB). */
  responseBody: string | null;
  /** Why the last attempt failed, in words. */
  error: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  /** When it is tried next; null once delivered or failed. */
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  /** The JSON body, exactly as sent. */
  payload: string;
}

/** POST /api/admin/webhooks: the endpoint and its signing secret, shown this once. */
export interface WebhookCreated {
  endpoint: WebhookEndpointItem;
  secret: string;
  message: string;
}
