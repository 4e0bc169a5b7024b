/**
 * A customer's own orders: GET /api/orders (signed in; only the caller's, whatever the query says)
 * and GET /api/orders/:id (its owner, or anyone with its ?token=, a guest's confirmation link). Never cached.
 * POST /api/orders/guest-link mails a guest a new link to their order, with the same answer for any address.
 */
import { Hono, type Context } from 'hono';
import { ORDER_NOT_FOUND } from '../../../shared/orders-customer.ts';
import {
  GUEST_ORDER_LINK_SENT,
  GUEST_ORDER_LINK_TOO_MANY,
  GuestOrderLinkRequest,
} from '../../../shared/schemas/guest-order-link.ts';
import { bodyCheck } from '../../../shared/schemas/refusal.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { noStore } from '../../http/no-store.ts';
import { slidingWindow, UNLIMITED, type AttemptLimiter } from '../../http/rate-limit.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { requireUser, signedInUser } from '../../middleware/auth.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { consumeAll } from '../auth/auth-limits.ts';
import { isOpaqueToken } from '../auth/tokens.ts';
import { orderAccessKey } from '../checkout/checkout.service.ts';
import { sendGuestOrderLinks } from './guest-order-link.service.ts';
import { getCustomerOrder, listCustomerOrders } from './orders.customer.service.ts';

/** Order ids are server-made UUIDs; anything longer is no order. */
const ID_MAX = 100;

/** New links asked for per address and per client address; the per-client one goes with RATE_LIMITS=off. */
export const GUEST_LINK_LIMITS = { perEmail: 3, perIp: 10, windowMs: 15 * 60_000 } as const;

export function customerOrderRoutes(deps: Pick<Deps, 'mailer' | 'keys'>) {
  const accessKey = orderAccessKey(deps.keys.otp);
  const window = (name: string, limit: number) =>
    slidingWindow(`orders.guest-link.${name}`, { limit, windowMs: GUEST_LINK_LIMITS.windowMs });
  const linkEmail = window('email', GUEST_LINK_LIMITS.perEmail);
  const linkIp = window('ip', GUEST_LINK_LIMITS.perIp);
  const byIp = (c: Context<AppEnv>, limiter: AttemptLimiter): [AttemptLimiter, string] => [
    c.get('env').RATE_LIMITS === 'off' ? UNLIMITED : limiter,
    clientIp(c),
  ];

  return (
    new Hono<AppEnv>()
      .use('/orders', noStore)
      .use('/orders/*', noStore)
      // Any clientId or userId in the query is ignored: the caller is the session's user.
      .get('/orders', requireUser, async (c) => c.json(await listCustomerOrders(c.get('db'), signedInUser(c).id)))
      .post('/orders/guest-link', jsonBody(bodyCheck(GuestOrderLinkRequest)), async (c) => {
        const { email, orderId } = c.req.valid('json');
        // Counted for every address alike, whether or not it placed an order: the limit says nothing either.
        await consumeAll(
          [byIp(c, linkIp), [linkEmail, email]],
          { db: c.get('db'), env: c.get('env'), ip: clientIp(c), path: c.req.path },
          GUEST_ORDER_LINK_TOO_MANY,
        );
        await sendGuestOrderLinks(
          { db: c.get('db'), env: c.get('env'), mailer: deps.mailer, accessKey },
          email,
          orderId,
        );
        return c.json({ message: GUEST_ORDER_LINK_SENT }, 202);
      })
      .get('/orders/:id', async (c) => {
        const id = c.req.param('id');
        if (id.length > ID_MAX) throw notFound(ORDER_NOT_FOUND);
        const token = c.req.query('token');
        return c.json(
          await getCustomerOrder(c.get('db'), id, {
            userId: c.get('user')?.id,
            token: token && isOpaqueToken(token) ? token : undefined,
          }),
        );
      })
  );
}
