/** The Webhooks section's calls, one function per endpoint. */
import type { WebhookCreated, WebhookDeliveryItem, WebhookEndpointItem } from '../../../shared/schemas/webhooks.ts';
import type { WebhookEvent } from '../../../shared/webhook-events.ts';
import type { ListResponse } from '../../../shared/types.ts';
import { api } from '../client.ts';

const path = (id: string) => `/api/admin/webhooks/${encodeURIComponent(id)}`;

export interface WebhookInput {
  url: string;
  description: string;
  events: WebhookEvent[];
}

/** GET /api/admin/webhooks: every endpoint, with its last delivery's state (never a secret). */
export const fetchWebhooks = async (): Promise<WebhookEndpointItem[]> =>
  (await api<ListResponse<WebhookEndpointItem>>('/api/admin/webhooks')).results;

/** POST /api/admin/webhooks: the endpoint and its signing secret, shown only in this answer. */
export const createWebhook = (body: WebhookInput) =>
  api<WebhookCreated>('/api/admin/webhooks', { method: 'POST', body });

/** PUT /api/admin/webhooks/{id}: any of the fields, or `enabled` alone to turn it on or off. */
export const updateWebhook = (id: string, body: Partial<WebhookInput> & { enabled?: boolean }) =>
  api<{ endpoint: WebhookEndpointItem; message: string }>(path(id), { method: 'PUT', body });

/** DELETE /api/admin/webhooks/{id}: the endpoint and its delivery log. */
export const deleteWebhook = (id: string) => api<{ message: string }>(path(id), { method: 'DELETE' });

/** POST /api/admin/webhooks/{id}/secret: a new signing secret, shown only in this answer. */
export const rollWebhookSecret = (id: string) =>
  api<{ secret: string; message: string }>(`${path(id)}/secret`, { method: 'POST' });

/** POST /api/admin/webhooks/{id}/test: a test event sent at once, and how it went. */
export const sendWebhookTest = (id: string) =>
  api<{ delivery: WebhookDeliveryItem; message: string }>(`${path(id)}/test`, { method: 'POST' });

/** GET /api/admin/webhooks/{id}/deliveries: the newest deliveries first. */
export const fetchWebhookDeliveries = async (id: string): Promise<WebhookDeliveryItem[]> =>
  (await api<ListResponse<WebhookDeliveryItem>>(`${path(id)}/deliveries`)).results;

/** POST /api/admin/webhooks/deliveries/{id}/resend: the same event and body queued again as a new delivery. */
export const resendWebhookDelivery = (deliveryId: string) =>
  api<{ delivery: WebhookDeliveryItem; message: string }>(
    `/api/admin/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`,
    { method: 'POST' },
  );
