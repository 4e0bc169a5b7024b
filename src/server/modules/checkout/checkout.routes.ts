/**
 * Checkout: POST /api/checkout/code and /verify (a guest's email code, rate-limited per address and
 * client), POST /api/checkout/quote, and POST /api/orders placing an order priced by the server. Never cached.
 */
import { Hono, type Context } from 'hono';
import {
  CHECKOUT_CODE_SENT,
  CheckoutCodeRequest,
  CheckoutVerifyRequest,
  checkOrderRequest,
  IDEMPOTENCY_KEY,
  IDEMPOTENCY_KEY_MESSAGE,
  QuoteRequest,
} from '../../../shared/schemas/checkout.ts';
import { checkBody } from '../../../shared/schemas/refusal.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { noStore } from '../../http/no-store.ts';
import { type AttemptLimiter, slidingWindow, UNLIMITED } from '../../http/rate-limit.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { actorName } from '../audit/audit.repository.ts';
import { consumeAll } from '../auth/auth-limits.ts';
import {
  requestCheckoutCode,
  requireVerifiedGuest,
  verifyCheckoutCode,
  type CheckoutCodeDeps,
} from './checkout-codes.service.ts';
import { orderAccessKey, placeOrder, quoteCart, type Buyer, type CheckoutContext } from './checkout.service.ts';

const MINUTE = 60_000;

/**
 * Codes asked for and guesses made per address and per client address, and orders placed per client address (each
 * takes stock until it is paid or cancelled). The per-client ones go with RATE_LIMITS=off.
 */
export const CHECKOUT_LIMITS = {
  codePerEmail: 3,
  codePerIp: 10,
  verifyPerEmail: 10,
  verifyPerIp: 30,
  ordersPerIp: 20,
  windowMs: 15 * MINUTE,
} as const;

export function checkoutRoutes(deps: Deps) {
  const window = (name: string, limit: number) =>
    slidingWindow(`checkout.${name}`, { limit, windowMs: CHECKOUT_LIMITS.windowMs });
  const limits = {
    codeEmail: window('code.email', CHECKOUT_LIMITS.codePerEmail),
    codeIp: window('code.ip', CHECKOUT_LIMITS.codePerIp),
    verifyEmail: window('verify.email', CHECKOUT_LIMITS.verifyPerEmail),
    verifyIp: window('verify.ip', CHECKOUT_LIMITS.verifyPerIp),
    ordersIp: window('orders.ip', CHECKOUT_LIMITS.ordersPerIp),
  };
  const accessKey = orderAccessKey(deps.keys.otp);
  const byIp = (c: Context<AppEnv>, limiter: AttemptLimiter): [AttemptLimiter, string] => [
    c.get('env').RATE_LIMITS === 'off' ? UNLIMITED : limiter,
    clientIp(c),
  ];
  const limitContext = (c: Context<AppEnv>) => ({
    db: c.get('db'),
    env: c.get('env'),
    ip: clientIp(c),
    path: c.req.path,
  });
  const codeDeps = (c: Context<AppEnv>): CheckoutCodeDeps => ({
    db: c.get('db'),
    env: c.get('env'),
    mailer: deps.mailer,
    codeKey: deps.keys.otp,
  });
  const context = (c: Context<AppEnv>): CheckoutContext => ({
    db: c.get('db'),
    env: c.get('env'),
    mailer: deps.mailer,
    payments: deps.payments,
    accessKey,
  });

  return new Hono<AppEnv>()
    .use('/checkout/*', noStore)
    .use('/orders', noStore)
    .post(
      '/checkout/code',
      jsonBody((body) => checkBody(CheckoutCodeRequest, body)),
      async (c) => {
        const { email } = c.req.valid('json');
        await consumeAll([byIp(c, limits.codeIp), [limits.codeEmail, email]], limitContext(c));
        await requestCheckoutCode(codeDeps(c), email);
        // The same answer whatever the address: it says nothing about who has ordered before.
        return c.json({ message: CHECKOUT_CODE_SENT }, 202);
      },
    )
    .post(
      '/checkout/verify',
      jsonBody((body) => checkBody(CheckoutVerifyRequest, body)),
      async (c) => {
        const { email, code } = c.req.valid('json');
        await consumeAll([byIp(c, limits.verifyIp), [limits.verifyEmail, email]], limitContext(c));
        return c.json(await verifyCheckoutCode(codeDeps(c), email, code));
      },
    )
    .post(
      '/checkout/quote',
      jsonBody((body) => checkBody(QuoteRequest, body)),
      async (c) => {
        const { lines } = c.req.valid('json');
        return c.json(await quoteCart(c.get('db'), lines));
      },
    )
    .post('/orders', jsonBody(checkOrderRequest), async (c) => {
      const key = c.req.header('idempotency-key')?.trim() ?? '';
      if (!IDEMPOTENCY_KEY.test(key)) throw fieldError(400, IDEMPOTENCY_KEY_MESSAGE, 'Idempotency-Key');
      const request = c.req.valid('json');
      await consumeAll([byIp(c, limits.ordersIp)], limitContext(c));
      const user = c.get('user');
      // A signed-in customer orders as their account (any email or token sent is ignored); a guest as a verified email.
      const buyer: Buyer = user
        ? { userId: user.id, name: actorName(user), email: user.email }
        : {
            userId: null,
            name: request.shipping.name,
            email: await requireVerifiedGuest(c.get('db'), request.email, request.checkoutToken),
          };
      const { created, placed } = await placeOrder(context(c), buyer, key, request);
      return c.json(placed, created ? 201 : 200);
    });
}
