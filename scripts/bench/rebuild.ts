/**
 * How long a company name change takes to reach the served static HTML (budget 30 s): sign in as the bench's
 * admin, PUT /api/company with a new name, poll the home page's HTML until it carries the name, then put the old
 * name back and wait for that build too, so the product is left as it was.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import { BENCH_ADMIN } from './product.ts';

const POLL_MS = 250;
const GIVE_UP_MS = 120_000;

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Seconds from `since` until GET / serves HTML that does (or no longer does) carry `name`; throws after two minutes. */
async function secondsUntilServed(origin: string, name: string, since: number, present = true): Promise<number> {
  while (Date.now() - since < GIVE_UP_MS) {
    const html = await (await fetch(`${origin}/`, { headers: { 'Cache-Control': 'no-cache' } })).text();
    if (html.includes(name) === present) return (Date.now() - since) / 1000;
    await sleep(POLL_MS);
  }
  throw new Error(`the home page did not ${present ? 'show' : 'drop'} "${name}" within ${GIVE_UP_MS / 1000} s`);
}

async function setName(origin: string, token: string, name: string): Promise<number> {
  const res = await fetch(`${origin}/api/company`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  await json(res);
  return Date.now();
}

/** Measures one name change end to end and restores the name; the product must be serving its first build. */
export async function measureRebuild(origin: string): Promise<number> {
  const { token } = await json<{ token: string }>(
    await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    }),
  );
  const { name: original } = await json<{ name: string }>(await fetch(`${origin}/api/company`));
  const changed = `Bench Rebuild ${Date.now().toString(36)}`;
  const seconds = await secondsUntilServed(origin, changed, await setName(origin, token, changed));
  await secondsUntilServed(origin, changed, await setName(origin, token, original), false);
  return seconds;
}
