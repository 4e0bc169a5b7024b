/**
 * One endpoint's delivery log, newest first: each delivery's state, event, attempts, last HTTP status and time, why
 * it failed, its payload (and the start of the answer) to unfold, and Resend, which queues the same event again.
 */
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import { fetchWebhookDeliveries, resendWebhookDelivery } from '../../../lib/api/admin/webhooks.ts';
import { formatDateTime } from '../../../lib/format/dates.ts';
import type { WebhookDeliveryItem } from '../../../shared/schemas/webhooks.ts';
import { webhookEventLabel } from '../../../shared/webhook-events.ts';
import { useRemote } from '../dashboard/use-remote.ts';
import type { Notice } from '../ui/PagedList.tsx';
import DeliveryStatusBadge from './DeliveryStatusBadge.tsx';
import { attemptsLine, readablePayload } from './webhook-view.ts';

const SMALL_BUTTON =
  'brand-button-outline shrink-0 px-3 py-1.5 text-sm font-medium text-gray-900 disabled:opacity-60 dark:text-gray-100';
const PRE =
  'm-0 mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md bg-gray-100 p-2 font-mono text-xs text-gray-900 dark:bg-white/5 dark:text-gray-100';

/** When it happened, in words: delivered at, next try at, or queued at. */
function whenLine(delivery: WebhookDeliveryItem): string {
  if (delivery.deliveredAt) return `Delivered ${formatDateTime(delivery.deliveredAt)}`;
  if (delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0)
    return `Next try ${formatDateTime(delivery.nextAttemptAt)}`;
  if (delivery.lastAttemptAt) return `Last tried ${formatDateTime(delivery.lastAttemptAt)}`;
  return `Queued ${formatDateTime(delivery.createdAt)}`;
}

function DeliveryRow({
  delivery,
  busy,
  onResend,
}: {
  delivery: WebhookDeliveryItem;
  busy: boolean;
  onResend: (delivery: WebhookDeliveryItem) => void;
}) {
  const label = webhookEventLabel(delivery.event);
  return (
    <li className="border-b border-gray-200 py-3 last:border-b-0 dark:border-white/10" data-delivery={delivery.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <p className="m-0 flex flex-wrap items-center gap-2">
            <DeliveryStatusBadge status={delivery.status} attempts={delivery.attempts} />
            <span className="font-medium">{label}</span>
            <code className="break-all text-xs text-gray-600 dark:text-gray-400">{delivery.event}</code>
          </p>
          <p className="m-0 mt-1 text-sm text-gray-700 dark:text-gray-300">
            {attemptsLine(delivery)} · <time dateTime={delivery.createdAt}>{whenLine(delivery)}</time>
          </p>
          {delivery.error && delivery.status !== 'delivered' && (
            <p className="m-0 mt-1 break-words text-sm font-medium text-red-700 dark:text-red-300">{delivery.error}</p>
          )}
        </div>
        <button
          type="button"
          className={SMALL_BUTTON}
          disabled={busy}
          onClick={() => onResend(delivery)}
          aria-label={`Resend ${label} of ${formatDateTime(delivery.createdAt)}`}
        >
          Resend
        </button>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium">Payload</summary>
        <pre className={PRE}>{readablePayload(delivery.payload)}</pre>
        {delivery.responseBody !== null && delivery.responseBody !== '' && (
          <>
            <p className="m-0 mt-2 text-sm font-medium">Answer (first 1 KB)</p>
            <pre className={PRE}>{delivery.responseBody}</pre>
          </>
        )}
      </details>
    </li>
  );
}

export default function WebhookDeliveryLog({
  endpointId,
  url,
  onNotice,
  onRefresh,
}: {
  endpointId: string;
  url: string;
  onNotice: (notice: Notice) => void;
  /** Refresh reads the endpoints again too, so each one's last delivery agrees with the log. */
  onRefresh: () => void;
}) {
  const load = useCallback(() => fetchWebhookDeliveries(endpointId), [endpointId]);
  const { remote, reload } = useRemote(load, 'The delivery log could not be loaded.');
  const [busy, setBusy] = useState(false);

  async function resend(delivery: WebhookDeliveryItem) {
    setBusy(true);
    try {
      onNotice({ tone: 'ok', text: (await resendWebhookDelivery(delivery.id)).message });
    } catch (error) {
      onNotice({ tone: 'error', text: errorMessage(error, 'The delivery could not be resent. Please try again.') });
    } finally {
      setBusy(false);
      void reload(true);
    }
  }

  return (
    <div className="mt-3 rounded-lg border border-gray-200 p-3 dark:border-white/10">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="m-0 text-sm font-semibold">Delivery log</h4>
        <button
          type="button"
          className={SMALL_BUTTON}
          onClick={() => {
            void reload(true);
            onRefresh();
          }}
        >
          Refresh
        </button>
      </div>
      {remote.state === 'loading' && <p className="m-0 mt-2 text-sm text-gray-600 dark:text-gray-400">Loading…</p>}
      {remote.state === 'error' && (
        <p role="alert" className="m-0 mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {remote.message}
        </p>
      )}
      {remote.state === 'ready' &&
        (remote.data.length === 0 ? (
          <p className="m-0 mt-2 text-sm text-gray-600 dark:text-gray-400">Nothing has been sent to it yet.</p>
        ) : (
          <ul className="m-0 mt-1 list-none p-0" aria-label={`Deliveries to ${url}`}>
            {remote.data.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} busy={busy} onResend={(d) => void resend(d)} />
            ))}
          </ul>
        ))}
    </div>
  );
}
