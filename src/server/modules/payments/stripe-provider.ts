/**
 * Stripe Checkout through the official SDK: a hosted payment page per order, and the webhook's
 * signature check. The secret key stays inside the SDK client; nothing here logs it or an SDK stack.
 */
import Stripe from 'stripe';
import { ApiError } from '../../http/errors.ts';
import type { PaymentRequest, StripeEvent, StripeProvider } from './payment-provider.ts';
import { checkoutLines } from './stripe-checkout.ts';

export const PROVIDER_UNREACHABLE = 'The payment provider could not be reached; try again';

/** A session call that does not answer in this long fails (the SDK's own default is 80 s, too long for a checkout). */
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * One session per order: asked again for the same order (a checkout retried with its Idempotency-Key), Stripe answers
 * the session it made the first time (for 24 hours, a session's default life), so one order never has two open
 * payment pages that could both be paid.
 */
export const sessionKey = (orderId: string) => `checkout-session-${orderId}`;

/** How far a webhook signature's time may be from the server's, either way (the SDK's default, for the past). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Whether the signature header names one time, within the tolerance of `nowMs` either way. The SDK bounds only the
 * past: a delivery signed ahead of time (to be replayed later, or by a clock far off) is refused here too.
 */
export function signedRecently(header: string, nowMs: number): boolean {
  const times = header
    .split(',')
    .map((part) => /^\s*t=(\d{1,12})\s*$/.exec(part)?.[1])
    .filter((t) => t !== undefined);
  return times.length === 1 && Math.abs(nowMs / 1000 - Number(times[0])) <= SIGNATURE_TOLERANCE_SECONDS;
}

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API base URL (a local stand-in in tests); unset, api.stripe.com. */
  apiBase?: string | undefined;
}

/** The SDK's connection settings for an API base URL other than Stripe's. */
function connection(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? '80' : '443'), protocol };
}

/** What an operator needs to see about a failed call: the error's kind and Stripe's words, any key masked. */
function logFailure(error: unknown): void {
  const e = error instanceof Stripe.errors.StripeError ? error : undefined;
  const message = (error instanceof Error ? error.message : String(error)).replace(
    /\b(sk|rk|pk|whsec)_[A-Za-z0-9_*]+/g,
    '$1_…',
  );
  console.error(
    JSON.stringify({
      level: 'error',
      time: new Date().toISOString(),
      event: 'stripe checkout session failed',
      type: e?.type ?? (error instanceof Error ? error.name : typeof error),
      code: e?.code,
      status: e?.statusCode,
      requestId: e?.requestId,
      message,
    }),
  );
}

/** 502: the provider failed or did not answer; not the customer's input. */
const providerUnreachable = () => new ApiError(502, PROVIDER_UNREACHABLE);

export function createStripeProvider({ secretKey, webhookSecret, apiBase }: StripeOptions): StripeProvider {
  const stripe = new Stripe(secretKey, { ...connection(apiBase), timeout: REQUEST_TIMEOUT_MS });
  return {
    method: 'stripe',
    async start(request: PaymentRequest) {
      // Built first: an order whose lines do not add up is a bug here, never the provider's fault.
      const lineItems = checkoutLines(request);
      const metadata = { order_id: request.orderId, reference: request.reference };
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: lineItems,
            client_reference_id: request.orderId,
            metadata,
            payment_intent_data: { metadata, description: `Order ${request.reference}` },
            customer_email: request.email,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: sessionKey(request.orderId) },
        );
      } catch (error) {
        logFailure(error);
        throw providerUnreachable();
      }
      if (!session.url) {
        logFailure(new Error(`checkout session ${session.id} came without a URL`));
        throw providerUnreachable();
      }
      return { method: 'stripe', redirectUrl: session.url, ref: session.id };
    },
    verifyEvent(rawBody: string, signature: string): StripeEvent {
      const event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
      if (!signedRecently(signature, Date.now())) throw new Error('the signature is dated too far from now');
      return event;
    },
  };
}
