/**
 * Newsletter double opt-in: a sign-up stores a pending address and mails a confirmation link; the link's page POSTs
 * the token to confirm; every mail's unsubscribe link does the same to unsubscribe. Tokens are stored as SHA-256 only.
 */
import { randomUUID } from 'node:crypto';
import {
  NEWSLETTER_CONFIRM_INVALID,
  NEWSLETTER_UNSUBSCRIBE_INVALID,
  type NewsletterSubscriber,
  type NewsletterSubscriberPage,
  type SubscribersFilter,
} from '../../../shared/schemas/newsletter.ts';
import type { Db } from '../../db/connection.ts';
import type { Env } from '../../env.ts';
import { fieldError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import { newOpaqueToken, sha256Hex } from '../auth/tokens.ts';
import { confirmSubscriptionMail } from './newsletter-mails.ts';
import { CONFIRM_TTL_MS, confirmExpiry, isExpired, newsletterLink, signupAction } from './newsletter-rules.ts';
import {
  confirmSubscriber,
  findSubscriberByConfirmHash,
  findSubscriberByDeliveryHash,
  findSubscriberByEmail,
  findSubscriberByUnsubscribeHash,
  listSubscriberRows,
  unsubscribeSubscriber,
  upsertPendingSubscriber,
} from './newsletter.repository.ts';
import { queueWebhookEvent } from '../webhooks/webhook-queue.ts';

export interface NewsletterDeps {
  db: Db;
  env: Pick<Env, 'SITE_URL'>;
  mailer: Mailer;
}

/**
 * Signs an address up (or does nothing for a confirmed one). The mail is sent in the background so that every
 * answer takes about as long, whatever the address's state (no enumeration by timing); a failure is logged.
 */
export async function subscribe(deps: NewsletterDeps, email: string, now = new Date()): Promise<void> {
  const existing = await findSubscriberByEmail(deps.db, email);
  const action = signupAction(existing?.status);
  if (action === 'none') return;
  const confirmToken = newOpaqueToken();
  const unsubscribeToken = newOpaqueToken();
  const tokens = {
    status: 'pending' as const,
    confirm_token_hash: sha256Hex(confirmToken),
    confirm_expires_at: confirmExpiry(now),
    unsubscribe_token_hash: sha256Hex(unsubscribeToken),
  };
  const stored = await upsertPendingSubscriber(deps.db, {
    id: randomUUID(),
    email,
    created_at: now.toISOString(),
    confirmed_at: null,
    unsubscribed_at: null,
    ...tokens,
  });
  // Confirmed by a request in between: its links stand, and these tokens were never stored.
  if (!stored) return;

  const { SITE_URL } = deps.env;
  void mailBrand(deps.db, SITE_URL)
    .then((brand) =>
      deps.mailer.send(
        confirmSubscriptionMail(brand, email, {
          confirmUrl: newsletterLink(SITE_URL, 'confirm', confirmToken),
          unsubscribeUrl: newsletterLink(SITE_URL, 'unsubscribe', unsubscribeToken),
          hours: Math.round(CONFIRM_TTL_MS / 3_600_000),
        }),
      ),
    )
    .catch((error: unknown) =>
      console.error(
        JSON.stringify({
          level: 'error',
          event: 'newsletter.mail.failure',
          reason: error instanceof Error ? error.message : 'unknown',
        }),
      ),
    );
}

/** Confirms the address of a valid, unexpired confirmation token; anything else is one 400. */
export async function confirm(db: Db, token: string, now = new Date()): Promise<void> {
  const invalid = fieldError(400, NEWSLETTER_CONFIRM_INVALID, 'token');
  const hash = sha256Hex(token);
  const row = await findSubscriberByConfirmHash(db, hash);
  if (row?.status !== 'pending' || isExpired(row.confirm_expires_at, now)) throw invalid;
  const confirmed = await db.transaction().execute(async (trx) => {
    if (!(await confirmSubscriber(trx, row.id, hash, now.toISOString()))) return false;
    await queueWebhookEvent(trx, 'subscriber.confirmed', { id: row.id, summary: 'A subscriber confirmed' });
    return true;
  });
  if (!confirmed) throw invalid;
}

/** Unsubscribes the address of an unsubscribe token; again is fine, an unknown token is a 400. */
export async function unsubscribe(db: Db, token: string, now = new Date()): Promise<void> {
  const hash = sha256Hex(token);
  // The sign-up's token, or the one a newsletter mail carried (each delivery has its own).
  const row = (await findSubscriberByUnsubscribeHash(db, hash)) ?? (await findSubscriberByDeliveryHash(db, hash));
  if (!row) throw fieldError(400, NEWSLETTER_UNSUBSCRIBE_INVALID, 'token');
  if (row.status === 'unsubscribed') return;
  await db.transaction().execute(async (trx) => {
    // Twice at once (two clicks): one unsubscribes, and only it tells the webhooks.
    if (!(await unsubscribeSubscriber(trx, row.id, now.toISOString()))) return;
    await queueWebhookEvent(trx, 'subscriber.unsubscribed', { id: row.id, summary: 'A subscriber unsubscribed' });
  });
}

/** GET /api/admin/newsletter/subscribers. */
export async function listSubscribers(db: Db, filter: SubscribersFilter): Promise<NewsletterSubscriberPage> {
  const { rows, total } = await listSubscriberRows(db, filter);
  const results = rows.map((r): NewsletterSubscriber => ({
    _id: r.id,
    email: r.email,
    status: r.status,
    source: r.source === 'import' ? 'import' : 'form',
    createdAt: r.created_at,
    confirmedAt: r.confirmed_at,
    unsubscribedAt: r.unsubscribed_at,
  }));
  return { results, total, page: filter.page, pageSize: filter.pageSize };
}
