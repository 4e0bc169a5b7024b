/**
 * One webhook endpoint in the list: its URL and description, the events it hears, on or off, how its last delivery
 * went; and what the admin can do with it (turn on or off, edit, send a test, roll the secret, open the delivery log,
 * delete). The buttons wrap under the text on a narrow screen.
 */
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format/dates.ts';
import type { WebhookEndpointItem } from '../../../shared/schemas/webhooks.ts';
import { WEBHOOK_EVENT_LABELS, webhookEventLabel } from '../../../shared/webhook-events.ts';
import DeliveryStatusBadge from './DeliveryStatusBadge.tsx';

const BUTTON =
  'brand-button-outline px-3 py-1.5 text-sm font-medium text-gray-900 disabled:opacity-60 dark:text-gray-100';
const DANGER =
  'rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-400/40 dark:text-red-300 dark:hover:bg-red-400/10';

export interface EndpointActions {
  onToggle: (endpoint: WebhookEndpointItem) => void;
  onEdit: (endpoint: WebhookEndpointItem) => void;
  onTest: (endpoint: WebhookEndpointItem) => void;
  onRoll: (endpoint: WebhookEndpointItem) => void;
  onDelete: (endpoint: WebhookEndpointItem) => void;
  onLog: (endpoint: WebhookEndpointItem) => void;
}

export default function WebhookEndpointRow({
  endpoint,
  busy,
  logOpen,
  actions,
  children,
}: {
  endpoint: WebhookEndpointItem;
  busy: boolean;
  logOpen: boolean;
  actions: EndpointActions;
  /** The delivery log, while it is open. */
  children?: ReactNode;
}) {
  const last = endpoint.lastDelivery;
  const name = endpoint.description || endpoint.url;
  // What the admin can do with it while nothing else runs: visible text, its name for a screen reader, the action.
  const buttons: [string, string, () => void][] = [
    [
      endpoint.enabled ? 'Turn off' : 'Turn on',
      `${endpoint.enabled ? 'Turn off' : 'Turn on'} ${name}`,
      () => actions.onToggle(endpoint),
    ],
    ['Edit', `Edit ${name}`, () => actions.onEdit(endpoint)],
    ['Send test', `Send a test event to ${name}`, () => actions.onTest(endpoint)],
    ['Roll secret', `Roll the signing secret of ${name}`, () => actions.onRoll(endpoint)],
  ];
  return (
    <li className="min-w-0 p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${endpoint.enabled ? 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300' : 'bg-gray-500/15 text-gray-700 dark:text-gray-300'}`}
        >
          {endpoint.enabled ? 'On' : 'Off'}
        </span>
        <h3 className="m-0 min-w-0 break-all font-mono text-sm font-semibold">{endpoint.url}</h3>
      </div>
      {endpoint.description && (
        <p className="m-0 mt-1 break-words text-sm text-gray-700 dark:text-gray-300">{endpoint.description}</p>
      )}
      <ul className="m-0 mt-2 flex list-none flex-wrap gap-1.5 p-0" aria-label={`Events of ${name}`}>
        {endpoint.events.map((event) => (
          <li
            key={event}
            title={event}
            className="rounded-md bg-gray-100 px-2 py-0.5 text-xs text-gray-800 dark:bg-white/10 dark:text-gray-200"
          >
            {WEBHOOK_EVENT_LABELS[event]}
          </li>
        ))}
      </ul>
      <p className="m-0 mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-700 dark:text-gray-300">
        {last ? (
          <>
            <span>Last delivery:</span>
            <DeliveryStatusBadge status={last.status} />
            <span>
              {webhookEventLabel(last.event)}
              {last.responseStatus !== null && ` · HTTP ${last.responseStatus}`} ·{' '}
              <time dateTime={last.at}>{formatDateTime(last.at)}</time>
            </span>
          </>
        ) : (
          <span>No deliveries yet.</span>
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {buttons.map(([text, label, act]) => (
          <button key={text} type="button" className={BUTTON} disabled={busy} aria-label={label} onClick={act}>
            {text}
          </button>
        ))}
        <button
          type="button"
          className={BUTTON}
          aria-expanded={logOpen}
          aria-label={`Delivery log of ${name}`}
          onClick={() => actions.onLog(endpoint)}
        >
          {logOpen ? 'Hide log' : 'Delivery log'}
        </button>
        <button
          type="button"
          className={DANGER}
          disabled={busy}
          aria-label={`Delete ${name}`}
          onClick={() => actions.onDelete(endpoint)}
        >
          Delete
        </button>
      </div>
      {children}
    </li>
  );
}
