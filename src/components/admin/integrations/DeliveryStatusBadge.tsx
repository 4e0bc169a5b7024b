/** A webhook delivery's state as a coloured pill; the colour only repeats what the text says. */
import type { WebhookDeliveryStatus } from '../../../shared/schemas/webhooks.ts';
import { deliveryState, type DeliveryTone } from './webhook-view.ts';

const TONES: Record<DeliveryTone, { pill: string; dot: string }> = {
  ok: { pill: 'bg-emerald-500/10 text-emerald-800 dark:text-emerald-300', dot: 'bg-emerald-500' },
  waiting: { pill: 'bg-sky-500/10 text-sky-800 dark:text-sky-300', dot: 'bg-sky-500' },
  retrying: { pill: 'bg-amber-500/10 text-amber-800 dark:text-amber-300', dot: 'bg-amber-500' },
  failed: { pill: 'bg-red-500/10 text-red-800 dark:text-red-300', dot: 'bg-red-500' },
};

export default function DeliveryStatusBadge({
  status,
  attempts,
}: {
  status: WebhookDeliveryStatus;
  attempts?: number;
}) {
  const { label, tone } = deliveryState({ status, ...(attempts === undefined ? {} : { attempts }) });
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone].pill}`}
      data-status={status}
    >
      <span className={`h-1.5 w-1.5 rounded-full ${TONES[tone].dot}`} aria-hidden="true" />
      {label}
    </span>
  );
}
