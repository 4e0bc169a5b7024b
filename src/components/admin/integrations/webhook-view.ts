/** The Webhooks section's pure pieces: a delivery's state in words, a payload to read, and the form's own check. */
import {
  WEBHOOK_DESCRIPTION_MAX,
  webhookUrlProblem,
  type WebhookDeliveryItem,
  type WebhookDeliveryStatus,
} from '../../../shared/schemas/webhooks.ts';
import type { WebhookEvent } from '../../../shared/webhook-events.ts';

export type DeliveryTone = 'ok' | 'waiting' | 'retrying' | 'failed';

/** A delivery's state as its badge says it: a pending one that was tried already is retrying. */
export function deliveryState(delivery: { status: WebhookDeliveryStatus; attempts?: number }): {
  label: string;
  tone: DeliveryTone;
} {
  if (delivery.status === 'delivered') return { label: 'Delivered', tone: 'ok' };
  if (delivery.status === 'failed') return { label: 'Failed', tone: 'failed' };
  return (delivery.attempts ?? 0) > 0 ? { label: 'Retrying', tone: 'retrying' } : { label: 'Pending', tone: 'waiting' };
}

/** The body indented for reading; text that is not JSON as it is. */
export function readablePayload(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One line on a delivery's last answer: 'HTTP 500 · 3 attempts'. */
export function attemptsLine(delivery: Pick<WebhookDeliveryItem, 'attempts' | 'responseStatus'>): string {
  const tries = `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`;
  return delivery.responseStatus === null ? tries : `HTTP ${delivery.responseStatus} · ${tries}`;
}

export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEvent[];
}

/** The form's values checked by the server's own rules first: the field at fault and why, or null. */
export function webhookFormProblem(
  values: WebhookFormValues,
): { field: keyof WebhookFormValues; message: string } | null {
  const url = webhookUrlProblem(values.url.trim());
  if (url) return { field: 'url', message: url };
  if (values.description.trim().length > WEBHOOK_DESCRIPTION_MAX)
    return { field: 'description', message: `The description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters.` };
  if (values.events.length === 0) return { field: 'events', message: 'Choose at least one event.' };
  return null;
}
