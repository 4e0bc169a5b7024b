/**
 * POST /api/orders/guest-link: a guest whose order link no longer opens asks for it again by the address the order
 * was placed with. The answer is one sentence for every address, so it says nothing about who has ordered.
 */
import { checkoutEmail } from './checkout.ts';
import { z } from './zod.ts';

/** Order ids are server-made UUIDs (or the seed's ids); a longer one is no order. */
const ORDER_ID_MAX = 100;

export const GuestOrderLinkRequest = z.object({
  email: checkoutEmail,
  /** The order the broken link named, when it still names one: only that order's link is sent. */
  orderId: z
    .string({ error: 'must be the order id from the link' })
    .trim()
    .max(ORDER_ID_MAX, 'must be the order id from the link')
    .regex(/^[A-Za-z0-9-]+$/, 'must be the order id from the link')
    .optional(),
});

/** The one answer, whatever the address and whether any order matched. */
export const GUEST_ORDER_LINK_SENT =
  'If an order was placed as a guest with that address, a new link to it is on its way. Check your inbox.';
export const GUEST_ORDER_LINK_TOO_MANY = 'Too many links asked for. Please try again in a few minutes.';
