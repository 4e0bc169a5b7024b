/**
 * Checkout: POST /api/checkout/code and /verify (a guest's email code, bound to the browser that asked for it and
 * rate-limited per browser, address and client), POST /api/checkout/quote, and POST /api/orders placing an order
 * priced by the server. Never cached.
 */
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  CHECKOUT_CODE_MAILS_USED_UP,
  CHECKOUT_CODE_SENT,
  CheckoutCodeRequest,
  CheckoutVerifyRequest,
  checkOrderRequest,
  IDEMPOTENCY_KEY,
  IDEMPOTENCY_KEY_MESSAGE,
  QuoteRequest,
} from '../../../shared/schemas/checkout.ts';
import { bodyCheck } from '../../../shared/schemas/refusal.ts';
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
  browserCookieOptions,
  browserHash,
  browserNonce,
  CHECKOUT_BROWSER_COOKIE,
  CHECKOUT_KNOWN_COOKIE,
  isKnownBrowser,
  knownBrowserProof,
  sentNonce,
} from '../auth/otp-browser.ts';
import {
  requestCheckoutCode,
  requireVerifiedGuest,
  verifyCheckoutCode,
  type CheckoutCodeDeps,
} from './checkout-codes.service.ts';
import { orderAccessKey, placeOrder, quoteCart, type Buyer, type CheckoutContext } from './checkout.service.ts';

const MINUTE = 60_000;

/**
 * Codes asked for and guesses made per address and browser and per client address, code mails per address, and
 * orders placed per client address (each takes stock until it is paid or cancelled). The per-client ones go with
 * RATE_LIMITS=off. No limit is kept per address alone for guesses: a stranger's guesses never lock the guest out.
 */
export const CHECKOUT_LIMITS = {
  codePerBrowser: 3,
  codePerIp: 10,
  verifyPerBrowser: 10,
  verifyPerIp: 30,
  ordersPerIp: 20,
  windowMs: 15 * MINUTE,
  /**
   * Code mails per address in an hour, except to a browser that verified this address before: bounds mail bombing
   * and, with 5 guesses per code from its own browser only, the guesses at one address to 40 an hour.
   */
  mailsPerEmail: 8,
  mailsWindowMs: 60 * MINUTE,
} as const;

export function checkoutRoutes(deps: Deps) {
  const window = (name: string, limit: number) =>
    slidingWindow(`checkout.${name}`, { limit, windowMs: CHECKOUT_LIMITS.windowMs });
  const limits = {
    codeBrowser: window('code.browser', CHECKOUT_LIMITS.codePerBrowser),
    codeIp: window('code.ip', CHECKOUT_LIMITS.codePerIp),
    codeMails: slidingWindow('checkout.code.email-mails', {
      limit: CHECKOUT_LIMITS.mailsPerEmail,
      windowMs: CHECKOUT_LIMITS.mailsWindowMs,
    }),
    verifyBrowser: window('verify.browser', CHECKOUT_LIMITS.verifyPerBrowser),
    verifyIp: window('verify.ip', CHECKOUT_LIMITS.verifyPerIp),
    ordersIp: window('orders.ip', CHECKOUT_LIMITS.ordersPerIp),
  };
  const codeKey = deps.keys.otp;
  const cookieOptions = (c: Context<AppEnv>, cookie: { path: string; maxAgeSeconds: number }) =>
    browserCookieOptions(cookie, c.get('env').SITE_URL);
  /** The proof's subject: this address at checkout, never an account id. */
  const knownSubject = (email: string) => `checkout:${email}`;
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
    .post('/checkout/code', jsonBody(bodyCheck(CheckoutCodeRequest)), async (c) => {
      const { email } = c.req.valid('json');
      // The code is bound to this browser's cookie (a new one unless it sent one), set first so a refusal keeps it.
      const nonce = browserNonce(getCookie(c, CHECKOUT_BROWSER_COOKIE.name));
      setCookie(c, CHECKOUT_BROWSER_COOKIE.name, nonce, cookieOptions(c, CHECKOUT_BROWSER_COOKIE));
      const hash = browserHash(codeKey, nonce);
      await consumeAll([byIp(c, limits.codeIp), [limits.codeBrowser, `${email}|${hash}`]], limitContext(c));
      const known = isKnownBrowser(codeKey, knownSubject(email), nonce, getCookie(c, CHECKOUT_KNOWN_COOKIE.name));
      if (!known) await consumeAll([[limits.codeMails, email]], limitContext(c), CHECKOUT_CODE_MAILS_USED_UP);
      await requestCheckoutCode(codeDeps(c), email, hash);
      // The same answer whatever the address: it says nothing about who has ordered before.
      return c.json({ message: CHECKOUT_CODE_SENT }, 202);
    })
    .post('/checkout/verify', jsonBody(bodyCheck(CheckoutVerifyRequest)), async (c) => {
      const { email, code } = c.req.valid('json');
      const nonce = sentNonce(getCookie(c, CHECKOUT_BROWSER_COOKIE.name));
      const hash = nonce === undefined ? undefined : browserHash(codeKey, nonce);
      await consumeAll(
        [
          byIp(c, limits.verifyIp),
          ...(hash === undefined ? [] : [[limits.verifyBrowser, `${email}|${hash}`] as const]),
        ],
        limitContext(c),
      );
      const verified = await verifyCheckoutCode(codeDeps(c), email, code, hash);
      // This browser has shown it reads the address's mail: its next code requests skip the address's mail limit.
      if (nonce !== undefined)
        setCookie(
          c,
          CHECKOUT_KNOWN_COOKIE.name,
          knownBrowserProof(codeKey, knownSubject(email), nonce),
          cookieOptions(c, CHECKOUT_KNOWN_COOKIE),
        );
      return c.json(verified);
    })
    .post('/checkout/quote', jsonBody(bodyCheck(QuoteRequest)), async (c) => {
      const { lines } = c.req.valid('json');
      return c.json(await quoteCart(c.get('db'), lines));
    })
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
