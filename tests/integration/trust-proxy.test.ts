/**
 * TRUST_PROXY through a real socket (security.md R60): without it a forged X-Forwarded-For never
 * escapes a per-address limit; with it, clients behind the proxy are counted apart, by the address the proxy appended.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** POST /api/auth/reset-password allows 10 attempts per client address in 15 minutes (auth-limits.ts resetIp). */
const RESET_PER_ADDRESS = 10;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop(true);
  server = undefined;
});

/** A reset with a link that is no link: 400 while the address has attempts left, then 429. */
function reset(s: TestServer, forwardedFor?: string): Promise<number> {
  return fetch(`${s.url}/api/auth/reset-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ token: 'not-a-reset-link', newPassword: 'a perfectly good new passphrase' }),
  }).then((res) => res.status);
}

async function statuses(
  s: TestServer,
  count: number,
  forwardedFor: (i: number) => string | undefined,
): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) answers.push(await reset(s, forwardedFor(i)));
  return answers;
}

describe('client addresses behind a proxy', () => {
  it('without TRUST_PROXY a new forged X-Forwarded-For on every request still meets the limit of the socket address', async () => {
    server = await startTestServer();
    const answers = await statuses(server, RESET_PER_ADDRESS + 2, (i) => `198.51.100.${i}, 203.0.113.${i}`);
    expect(answers.slice(0, RESET_PER_ADDRESS).every((s) => s === 400)).toBe(true);
    expect(answers.slice(RESET_PER_ADDRESS)).toEqual([429, 429]);
  });

  it('with TRUST_PROXY=1 two forwarded clients are counted apart, and a forged left-most entry changes nothing', async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' } });
    // Client A spends its attempts, writing a different forged address before the proxy's entry each time.
    const a = await statuses(server, RESET_PER_ADDRESS + 1, (i) => `192.0.2.${i}, 203.0.113.1`);
    expect(a.slice(0, RESET_PER_ADDRESS).every((s) => s === 400)).toBe(true);
    expect(a[RESET_PER_ADDRESS]).toBe(429);
    expect(await reset(server, '203.0.113.1')).toBe(429);
    // Client B, behind the same proxy (the same socket address), has its own attempts.
    expect(await reset(server, '203.0.113.2')).toBe(400);
    expect(await reset(server, '203.0.113.1, 203.0.113.2')).toBe(400);
  });

  it('with a list, only a listed peer is believed', async () => {
    // The test's requests come from 127.0.0.1, which is not in this list: the header is ignored.
    server = await startTestServer({ env: { TRUST_PROXY: '10.0.0.0/8' } });
    const answers = await statuses(server, RESET_PER_ADDRESS + 1, (i) => `203.0.113.${i}`);
    expect(answers[RESET_PER_ADDRESS]).toBe(429);
    await server.stop(true);
    // Listed, it is asked: a new client behind it is counted apart.
    server = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1, ::1' } });
    await statuses(server, RESET_PER_ADDRESS, () => '203.0.113.1');
    expect(await reset(server, '203.0.113.1')).toBe(429);
    expect(await reset(server, '203.0.113.2')).toBe(400);
  });
});
