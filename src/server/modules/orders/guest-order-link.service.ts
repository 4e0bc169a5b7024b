/**
 * A new link for a guest's order: mailed to the address the order was placed with, only when the address typed is
 * that one. The caller answers the same sentence either way, and the mails go out after the answer, so neither the
 * words nor the time taken say whether an order matched.
 */
import type { Db } from '../../db/connection.ts';
import type { Env } from '../../env.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import { accessTokenFor } from '../checkout/checkout.service.ts';
import { guestOrderLinkMail, orderViewUrl } from './orders-mails.ts';
import { listGuestOrderRows } from './orders.customer.repository.ts';

/** Links one request mails when it names no order: the newest few, so one request cannot flood an inbox. */
export const GUEST_LINKS_PER_REQUEST = 3;

export interface GuestLinkContext {
  db: Db;
  env: Pick<Env, 'SITE_URL'>;
  mailer: Mailer;
  /** orderAccessKey(deps.keys.otp): the same key the confirmation mail's link was made with. */
  accessKey: Buffer;
}

/** Mails the link of each matching guest order (`email` is already trimmed and lower-cased) without waiting for it. */
export async function sendGuestOrderLinks(ctx: GuestLinkContext, email: string, orderId?: string): Promise<void> {
  const rows = await listGuestOrderRows(ctx.db, email, orderId, GUEST_LINKS_PER_REQUEST);
  if (rows.length === 0) return;
  void mailBrand(ctx.db, ctx.env.SITE_URL)
    .then(async (brand) => {
      for (const row of rows) {
        const url = orderViewUrl(ctx.env.SITE_URL, row.id, accessTokenFor(ctx.accessKey, row.id));
        await ctx.mailer.send(
          guestOrderLinkMail(
            brand,
            row.customer_email,
            { id: row.id, name: row.customer_name, createdAt: row.created_at },
            url,
          ),
        );
      }
    })
    .catch((error: unknown) =>
      console.error('guest order link mail failed:', error instanceof Error ? error.message : error),
    );
}
