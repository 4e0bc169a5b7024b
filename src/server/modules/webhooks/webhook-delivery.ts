/**
 * Sending what is due: each delivery claimed first (a lease, so no two runners send it), signed with its endpoint's
 * secret, posted, and its outcome recorded: delivered on a 2xx, else tried again later by the backoff
 * (webhook-retry.ts) until the last attempt fails it. The runner calls runDueDeliveries; the admin's test sends one
 * delivery at once through attemptDelivery.
 */
import type { Db } from '../../db/connection.ts';
import type { Env } from '../../env.ts';
import { openWebhookSecret } from './webhook-secret.ts';
import { postWebhook, WebhookSendError, type WebhookAnswer } from './webhook-post.ts';
import { isDelivered, nextAttemptAfter, WEBHOOK_TIMEOUT_MS } from './webhook-retry.ts';
import { webhookHeaders } from './webhook-signature.ts';
import {
  claimDelivery,
  dueDeliveryRows,
  findDeliveryRow,
  findEndpointRow,
  recordAttempt,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.repository.ts';

/** How long a claim holds: past the attempt's timeout, so a live runner always records its outcome first. */
export const WEBHOOK_LEASE_MS = 6 * WEBHOOK_TIMEOUT_MS;
/** Deliveries one pass looks at (a full batch: the runner goes on at once). */
export const WEBHOOK_DUE_BATCH = 50;
/** Attempts in flight at once: a slow receiver holds up only its own. */
const CONCURRENCY = 4;

export const SECRET_UNREADABLE =
  'The signing secret cannot be read (the server secret changed since it was made): roll the secret, then resend.';

export interface WebhookSendDeps {
  db: Db;
  env: Pick<Env, 'WEBHOOKS_ALLOW_PRIVATE'>;
  /** deps.keys.webhooks: opens the endpoints' secrets. */
  key: Buffer;
}

type Outcome = { answer: WebhookAnswer } | { error: string };

async function send(deps: WebhookSendDeps, endpoint: WebhookEndpointRow, delivery: WebhookDeliveryRow) {
  const secret = openWebhookSecret(deps.key, endpoint.id, endpoint.secret);
  if (secret === null) return { error: SECRET_UNREADABLE };
  const headers = webhookHeaders(secret, delivery.payload, delivery);
  try {
    return {
      answer: await postWebhook(endpoint.url, delivery.payload, headers, {
        allowPrivate: deps.env.WEBHOOKS_ALLOW_PRIVATE,
      }),
    };
  } catch (error) {
    return { error: error instanceof WebhookSendError ? error.message : 'The request failed' };
  }
}

/** The row's new state after an attempt that ended in `outcome`. */
function afterAttempt(delivery: WebhookDeliveryRow, outcome: Outcome, at: Date) {
  const attempts = delivery.attempts + 1;
  const when = at.toISOString();
  const answer = 'answer' in outcome ? outcome.answer : null;
  const answered = { response_status: answer?.status ?? null, response_body: answer?.body ?? null };
  if (answer && isDelivered(answer.status))
    return {
      ...answered,
      status: 'delivered',
      attempts,
      last_attempt_at: when,
      next_attempt_at: null,
      delivered_at: when,
      error: null,
    } as const;
  const error =
    'error' in outcome
      ? outcome.error
      : `The endpoint answered ${outcome.answer.status}${outcome.answer.status >= 300 && outcome.answer.status < 400 ? ' (redirects are not followed)' : ''}`;
  const next = nextAttemptAfter(attempts, at);
  return {
    ...answered,
    status: next ? 'pending' : 'failed',
    attempts,
    last_attempt_at: when,
    next_attempt_at: next?.toISOString() ?? null,
    error,
  } as const;
}

/**
 * Claims the delivery `id` (seen due at `seen`) and makes one attempt; false when another runner had claimed it (or
 * it was no longer pending), true once this one made the attempt.
 */
export async function attemptDelivery(deps: WebhookSendDeps, id: string, seen: string): Promise<boolean> {
  const { db } = deps;
  const lease = new Date(Date.now() + WEBHOOK_LEASE_MS).toISOString();
  if (!(await claimDelivery(db, id, seen, lease))) return false;
  const delivery = await findDeliveryRow(db, id);
  const endpoint = delivery && (await findEndpointRow(db, delivery.endpoint_id));
  // The endpoint was deleted meanwhile, and its deliveries with it.
  if (!delivery || !endpoint) return true;
  const outcome = await send(deps, endpoint, delivery);
  const values = afterAttempt(delivery, outcome, new Date());
  await recordAttempt(db, id, lease, values);
  console.error(
    JSON.stringify({
      level: values.status === 'delivered' ? 'info' : values.status === 'failed' ? 'error' : 'warn',
      event: `webhook.${values.status === 'pending' ? 'retry' : values.status}`,
      id,
      endpoint: endpoint.id,
      attempts: values.attempts,
      status: values.response_status,
    }),
  );
  return true;
}

/** One pass: the due deliveries of endpoints that are on, a few at a time; answers how many were attempted. */
export async function runDueDeliveries(deps: WebhookSendDeps, now = new Date()): Promise<number> {
  const due = await dueDeliveryRows(deps.db, now.toISOString(), WEBHOOK_DUE_BATCH);
  let attempted = 0;
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const row = due[next++];
      if (row?.next_attempt_at && (await attemptDelivery(deps, row.id, row.next_attempt_at))) attempted += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
  return attempted;
}
