/**
 * How long an admin's save takes to reach the served static HTML, end to end (the debounce, the build, the swap):
 * a company name change until the home page carries it (budget rebuildSeconds), and one product's price until its
 * page shows it (budget itemEditSeconds). Each puts the old value back and waits for that build too, so the product
 * is left as it was.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import type { Product } from '../../src/shared/types.ts';
import { BENCH_ADMIN } from './product.ts';

const POLL_MS = 250;
const GIVE_UP_MS = 120_000;

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Seconds from `since` until `path` serves HTML that does (or no longer does) carry `text`; throws after two minutes. */
async function secondsUntilServed(origin: string, path: string, text: string, since: number, present = true) {
  while (Date.now() - since < GIVE_UP_MS) {
    const html = await (await fetch(`${origin}${path}`, { headers: { 'Cache-Control': 'no-cache' } })).text();
    if (html.includes(text) === present) return (Date.now() - since) / 1000;
    await sleep(POLL_MS);
  }
  throw new Error(`${path} did not ${present ? 'show' : 'drop'} "${text}" within ${GIVE_UP_MS / 1000} s`);
}

/** Sends an admin write; resolves to when it was answered. */
async function save(origin: string, token: string, method: string, path: string, body: object): Promise<number> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await json(res);
  return Date.now();
}

async function signIn(origin: string): Promise<string> {
  const { token } = await json<{ token: string }>(
    await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    }),
  );
  return token;
}

/** Measures one name change end to end and restores the name; the product must be serving its first build. */
export async function measureRebuild(origin: string): Promise<number> {
  const token = await signIn(origin);
  const { name: original } = await json<{ name: string }>(await fetch(`${origin}/api/company`));
  const changed = `Bench Rebuild ${Date.now().toString(36)}`;
  const put = (name: string) => save(origin, token, 'PUT', '/api/company', { name });
  const seconds = await secondsUntilServed(origin, '/', changed, await put(changed));
  await secondsUntilServed(origin, '/', changed, await put(original), false);
  return seconds;
}

/** Measures one product's price change until its page shows it, and restores the price. */
export async function measureItemEdit(origin: string): Promise<number> {
  const token = await signIn(origin);
  const [product] = (await json<{ results: Product[] }>(await fetch(`${origin}/api/products?limit=1`))).results;
  if (!product) throw new Error('no product to edit');
  const page = `/shop/${product.slug}/`;
  // A price no page shows yet: the cents of the time.
  const changed = Math.floor(product.price) + 0.01 + (Date.now() % 97) / 100;
  const put = (price: number) => save(origin, token, 'PUT', `/api/admin/products/${product._id}`, { price });
  const seconds = await secondsUntilServed(origin, page, changed.toFixed(2), await put(changed));
  await secondsUntilServed(origin, page, changed.toFixed(2), await put(product.price), false);
  return seconds;
}
