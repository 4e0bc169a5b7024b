/**
 * The writer of the crash tests (crash-safety.test.ts): sequential writes of every kind through the real HTTP API
 * (registrations, orders, slider creates and edits, photo uploads, blog posts, pages, products, company settings with
 * a logo), recording every write answered 2xx in a ledger with the entity the answer returned. The write under way
 * when the server dies is kept apart: it may or may not have been stored.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Prng } from './crash-prng.ts';

export type WriteKind = 'user' | 'order' | 'slider' | 'photo' | 'blog' | 'page' | 'product' | 'company';

/** An acknowledged write: what the server answered for it (or, for a registration, what was sent). */
export interface Ack {
  kind: WriteKind;
  id: string;
  expected: Record<string, unknown>;
}

/** The write sent when the server died: `id` is set for an edit of a known entity, `sent` the fields it changed. */
export interface InFlight {
  kind: WriteKind;
  id?: string | undefined;
  sent: Record<string, unknown>;
}

export class CrashLedger {
  readonly acked = new Map<string, Ack>();
  inFlight: InFlight | undefined;
  /** Every write answered 2xx, counted by kind. */
  readonly counts: Record<string, number> = {};

  /** Writes answered 2xx so far. */
  total = 0;

  ack(kind: WriteKind, id: string, expected: Record<string, unknown>): void {
    this.acked.set(`${kind}:${id}`, { kind, id, expected });
    this.counts[kind] = (this.counts[kind] ?? 0) + 1;
    this.total++;
  }

  ids(kind: WriteKind): string[] {
    return [...this.acked.values()].filter((a) => a.kind === kind).map((a) => a.id);
  }
}

export interface WriterContext {
  origin: string;
  adminToken: string;
  customerToken: string;
  /** A published product with plenty of stock, for orders. */
  productId: string;
  rng: Prng;
  ledger: CrashLedger;
  /** Unique part of every name this run writes. */
  tag: string;
}

/** The server went away (killed): the write under way is unanswered, nothing else is wrong. */
export class ServerGone extends Error {}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function send(
  ctx: WriterContext,
  method: string,
  path: string,
  body: FormData | object,
  token: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const all: Record<string, string> = { ...headers, authorization: `Bearer ${token}` };
  if (!(body instanceof FormData)) all['content-type'] = 'application/json';
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${ctx.origin}${path}`, {
      method,
      headers: all,
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
    text = await res.text();
  } catch (error) {
    throw new ServerGone(`${method} ${path}: ${(error as Error).message}`);
  }
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // A body cut off by the kill: no answer.
    throw new ServerGone(`${method} ${path}: incomplete body`);
  }
  if (res.status < 200 || res.status >= 300)
    throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return { status: res.status, body: parsed };
}

/** A small real picture made by sharp: PNG or JPEG, random size and colour. */
export async function randomPicture(rng: Prng): Promise<{ bytes: Buffer; type: string; name: string }> {
  const width = rng.int(40, 320);
  const height = rng.int(40, 240);
  const background = { r: rng.int(0, 255), g: rng.int(0, 255), b: rng.int(0, 255) };
  const image = sharp({ create: { width, height, channels: 3, background } });
  return rng.next() < 0.5
    ? { bytes: await image.png().toBuffer(), type: 'image/png', name: 'picture.png' }
    : { bytes: await image.jpeg().toBuffer(), type: 'image/jpeg', name: 'picture.jpg' };
}

function form(
  fields: Record<string, string>,
  file?: { field: string; bytes: Buffer; type: string; name: string },
): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}

/** The ids of a kind the ledger knows, for an edit; undefined when there is none yet. */
const someId = (ctx: WriterContext, kind: WriteKind) => {
  const ids = ctx.ledger.ids(kind);
  return ids.length > 0 ? ctx.rng.pick(ids) : undefined;
};

type Write = (ctx: WriterContext, n: string) => Promise<void>;

/** Each write marks itself in flight before it is sent and acknowledges what a 2xx answered. */
const WRITES: Record<string, Write> = {
  async register(ctx, n) {
    const username = `u${n}`;
    const sent = {
      first_name: `First ${n}`,
      last_name: `Last ${n}`,
      email: `${username}@example.com`,
      username,
      password: `a long passphrase ${n}`,
    };
    ctx.ledger.inFlight = { kind: 'user', sent };
    await send(ctx, 'POST', '/api/auth/register', { ...sent, role: 'customer' }, '');
    // The password is sent but never read back.
    const kept = Object.fromEntries(Object.entries(sent).filter(([field]) => field !== 'password'));
    ctx.ledger.ack('user', username, kept);
  },
  async order(ctx) {
    const quantity = ctx.rng.int(1, 3);
    ctx.ledger.inFlight = { kind: 'order', sent: { quantity } };
    const { body } = await send(
      ctx,
      'POST',
      '/api/orders',
      {
        lines: [{ productId: ctx.productId, quantity }],
        shipping: {
          name: 'Pat Buyer',
          line1: '1 Main Street',
          city: 'Springfield',
          postalCode: '12345',
          country: 'US',
        },
        paymentMethod: 'manual',
      },
      ctx.customerToken,
      { 'idempotency-key': randomUUID() },
    );
    const order = body['order'] as Record<string, unknown>;
    ctx.ledger.ack('order', String(order['_id']), order);
  },
  async sliderCreate(ctx, n) {
    const fields = { title: `Slide ${n}`, subtitle: `Subtitle ${n}`, order: String(ctx.rng.int(0, 9)) };
    ctx.ledger.inFlight = { kind: 'slider', sent: fields };
    const picture = ctx.rng.next() < 0.7 ? await randomPicture(ctx.rng) : undefined;
    const { body } = await send(
      ctx,
      'POST',
      '/api/sliders',
      form(fields, picture && { field: 'image', ...picture }),
      ctx.adminToken,
    );
    const slider = body['slider'] as Record<string, unknown>;
    ctx.ledger.ack('slider', String(slider['_id']), slider);
  },
  async sliderEdit(ctx, n) {
    const id = someId(ctx, 'slider');
    if (!id) return writeNamed('sliderCreate')(ctx, n);
    const fields = { title: `Slide edited ${n}`, subtitle: `Edited ${n}` };
    ctx.ledger.inFlight = { kind: 'slider', id, sent: fields };
    const picture = ctx.rng.next() < 0.6 ? await randomPicture(ctx.rng) : undefined;
    const { body } = await send(
      ctx,
      'PUT',
      `/api/sliders/${id}`,
      form(fields, picture && { field: 'image', ...picture }),
      ctx.adminToken,
    );
    ctx.ledger.ack('slider', id, body['slider'] as Record<string, unknown>);
  },
  async photo(ctx, n) {
    const fields = { title: `Photo ${n}`, caption: `Caption ${n}`, published: ctx.rng.next() < 0.5 ? 'true' : 'false' };
    ctx.ledger.inFlight = { kind: 'photo', sent: fields };
    const picture = await randomPicture(ctx.rng);
    const { body } = await send(
      ctx,
      'POST',
      '/api/admin/photos/upload',
      form(fields, { field: 'photo', ...picture }),
      ctx.adminToken,
    );
    const photo = body['photo'] as Record<string, unknown>;
    ctx.ledger.ack('photo', String(photo['_id']), photo);
  },
  async blog(ctx, n) {
    const id = ctx.rng.next() < 0.5 ? someId(ctx, 'blog') : undefined;
    const sent = { title: `Post ${n}`, caption: `Caption ${n}`, content: `<p>Body of post ${n}</p>`, tags: [`t${n}`] };
    ctx.ledger.inFlight = { kind: 'blog', id, sent };
    const { body } = await send(
      ctx,
      id ? 'PUT' : 'POST',
      id ? `/api/admin/blogs/${id}` : '/api/admin/blogs',
      sent,
      ctx.adminToken,
    );
    const blog = body['blog'] as Record<string, unknown>;
    ctx.ledger.ack('blog', String(blog['_id']), blog);
  },
  async page(ctx, n) {
    const id = ctx.rng.next() < 0.5 ? someId(ctx, 'page') : undefined;
    const sent = { title: `Page ${n}`, content: `<p>Page text ${n}</p>`, published: ctx.rng.next() < 0.5 };
    ctx.ledger.inFlight = { kind: 'page', id, sent };
    const { body } = await send(
      ctx,
      id ? 'PUT' : 'POST',
      id ? `/api/admin/pages/${id}` : '/api/admin/pages',
      sent,
      ctx.adminToken,
    );
    const page = body['page'] as Record<string, unknown>;
    ctx.ledger.ack('page', String(page['_id']), page);
  },
  async product(ctx, n) {
    const id = ctx.rng.next() < 0.5 ? someId(ctx, 'product') : undefined;
    const sent = {
      name: `Product ${n}`,
      description: `About ${n}`,
      price: `${ctx.rng.int(1, 500)}.${ctx.rng.int(10, 99)}`,
      category: 'Books',
      stock: String(ctx.rng.int(0, 50)),
      published: 'true',
    };
    ctx.ledger.inFlight = { kind: 'product', id, sent };
    const picture = ctx.rng.next() < 0.5 ? await randomPicture(ctx.rng) : undefined;
    const { body } = await send(
      ctx,
      id ? 'PUT' : 'POST',
      id ? `/api/admin/products/${id}` : '/api/admin/products',
      form(sent, picture && { field: 'image', ...picture }),
      ctx.adminToken,
    );
    const product = body['product'] as Record<string, unknown>;
    ctx.ledger.ack('product', String(product['_id']), product);
  },
  async company(ctx, n) {
    const sent = { name: `Company ${n}`, tagline: `Tagline ${n}` };
    ctx.ledger.inFlight = { kind: 'company', id: 'company', sent };
    const picture = ctx.rng.next() < 0.5 ? await randomPicture(ctx.rng) : undefined;
    const { body } = await send(
      ctx,
      'PUT',
      '/api/company',
      picture ? form(sent, { field: 'logo', ...picture }) : sent,
      ctx.adminToken,
    );
    ctx.ledger.ack('company', 'company', body['company'] as Record<string, unknown>);
  },
};

export const WRITE_NAMES = Object.keys(WRITES);

function writeNamed(name: string): Write {
  const write = WRITES[name];
  if (!write) throw new Error(`no write named ${name}`);
  return write;
}

/**
 * Writes one after another until the server goes away (resolves with how many were acknowledged) or `count` writes
 * are done. Any answer other than 2xx is a failure and throws.
 */
export async function writeUntilGone(ctx: WriterContext, count = Infinity, only?: readonly string[]): Promise<number> {
  let done = 0;
  let serial = 0;
  const names = only ?? WRITE_NAMES;
  while (done < count) {
    const name = ctx.rng.pick(names);
    try {
      await writeNamed(name)(ctx, `${ctx.tag}-${serial++}`);
    } catch (error) {
      if (error instanceof ServerGone) return done;
      throw error;
    }
    ctx.ledger.inFlight = undefined;
    done++;
  }
  return done;
}
