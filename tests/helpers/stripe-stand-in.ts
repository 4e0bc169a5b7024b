/**
 * A local stand-in for Stripe's API: a node:http server on 127.0.0.1 that answers
 * POST /v1/checkout/sessions as Stripe would, or with a failure, and records every request it got, form body
 * decoded. Point the app at it with STRIPE_API_BASE=standIn.url.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form body as Stripe's SDK encodes it: `line_items[0][price_data][unit_amount]` → '1250'. */
  form: URLSearchParams;
}

export interface StripeStandIn {
  url: string;
  requests: StandInRequest[];
  /** 'ok' answers a new open session; 'fail' a 500 as Stripe's API errors come. */
  mode: 'ok' | 'fail';
  /** The sessions answered, by id, as sent. */
  sessions: Map<string, Record<string, unknown>>;
  /** The same sessions by the Idempotency-Key they were made with. */
  byKey: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startStripeStandIn(): Promise<StripeStandIn> {
  let n = 0;
  const standIn = {
    requests: [] as StandInRequest[],
    mode: 'ok' as 'ok' | 'fail',
    sessions: new Map<string, Record<string, unknown>>(),
    byKey: new Map<string, Record<string, unknown>>(),
  };
  const server = createServer((req, res) => {
    void read(req).then((body) => {
      const form = new URLSearchParams(body);
      standIn.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_standin_${n}` });
        res.end(JSON.stringify(value));
      };
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        json(404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` },
        });
        return;
      }
      if (standIn.mode === 'fail') {
        json(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
        return;
      }
      // Stripe's idempotency: the same key again answers the first answer.
      const key = String(req.headers['idempotency-key'] ?? '');
      const earlier = standIn.byKey.get(key);
      if (earlier) {
        json(200, earlier);
        return;
      }
      const id = `cs_test_standin_${++n}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        status: 'open',
        payment_status: 'unpaid',
        currency: form.get('line_items[0][price_data][currency]'),
        client_reference_id: form.get('client_reference_id'),
        customer_email: form.get('customer_email'),
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        metadata: { order_id: form.get('metadata[order_id]'), reference: form.get('metadata[reference]') },
        url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      standIn.sessions.set(id, session);
      if (key) standIn.byKey.set(key, session);
      json(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** The line items of a recorded session request, decoded from the form. */
export function formLines(
  form: URLSearchParams,
): { currency: string; unitAmount: number; name: string; quantity: number }[] {
  const lines = [];
  for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
    const at = (key: string) => form.get(`line_items[${i}]${key}`) ?? '';
    lines.push({
      currency: at('[price_data][currency]'),
      unitAmount: Number(at('[price_data][unit_amount]')),
      name: at('[price_data][product_data][name]'),
      quantity: Number(at('[quantity]')),
    });
  }
  return lines;
}
