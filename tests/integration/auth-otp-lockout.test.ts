/**
 * Code sign-in without lockout: a code works only in the browser that asked for it, so a stranger who knows an email
 * can spend only the codes it asked for itself, never the owner's. Distinct addresses come through TRUST_PROXY=1 and
 * X-Forwarded-For.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { CODE_MAILS_PER_ACCOUNT, CODE_MAILS_USED_UP } from '../../src/server/modules/auth/auth-limits.ts';
import { CODE_NEEDS_ITS_BROWSER } from '../../src/server/modules/auth/otp.service.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const EMAIL = 'owner@example.com';

async function addOwner(server: TestServer): Promise<void> {
  const now = new Date().toISOString();
  await server.db
    .insertInto('users')
    .values({
      id: randomUUID(),
      first_name: 'Olive',
      last_name: 'Owner',
      email: EMAIL,
      username: 'owner',
      username_key: 'owner',
      password_hash: await hashPassword('a long test password'),
      email_verified: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A client at one address; with `keepCookies` it behaves like a browser and sends back the cookies it was given. */
function browser(server: TestServer, address: string, keepCookies = true) {
  const jar = new Map<string, string>();
  const post = async (path: string, body: unknown) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(`${server.url}/api/auth${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': address,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
    if (keepCookies)
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
    return res;
  };
  /** Requests a code for `email` and reads it from the newest mail. */
  const code = async (email = EMAIL) => {
    const before = mailFiles(server.dataDir);
    const res = await post('/request-otp', { email });
    expect(res.status).toBe(200);
    return codeFrom(await waitForMail(server.dataDir, { to: email, after: before }));
  };
  const verify = (otp: string, email = EMAIL) => post('/verify-otp', { email, otp });
  return { post, code, verify, jar };
}

/** Waits until `count` mails have landed (sent in the background), so a later request's mail is told apart. */
async function mailsLanded(server: TestServer, count: number): Promise<void> {
  const deadline = Date.now() + 5000;
  while (mailFiles(server.dataDir).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  expect(mailFiles(server.dataDir)).toHaveLength(count);
}

const wrong = (code: string, i = 1) => String((Number(code) + i) % 1_000_000).padStart(6, '0');
let fresh = 0;
/** A new documentation address (RFC 5737) for every stranger's request. */
const freshAddress = () => `198.51.100.${++fresh % 250}`;

describe('code sign-in when a stranger knows the email', () => {
  let server: TestServer | undefined;
  const start = async () => {
    setAuthLogSink(() => undefined);
    server = await startTestServer({ env: { TRUST_PROXY: '1' } });
    await addOwner(server);
    return server;
  };
  afterEach(async () => {
    setAuthLogSink(null);
    await server?.stop(true);
    server = undefined;
  });

  it('after 3 code requests and 11 wrong codes from fresh addresses the owner still gets a code and signs in with the newest mail', async () => {
    const s = await start();
    for (let i = 0; i < 3; i++)
      expect((await browser(s, freshAddress(), false).post('/request-otp', { email: EMAIL })).status).toBe(200);
    await mailsLanded(s, 3);
    for (let i = 0; i < 11; i++)
      expect([400, 429]).toContain((await browser(s, freshAddress(), false).verify(wrong('000000', i))).status);

    const owner = browser(s, '203.0.113.7');
    const before = mailFiles(s.dataDir);
    const requested = await owner.post('/request-otp', { email: EMAIL });
    expect(requested.status, JSON.stringify(await requested.clone().json())).toBe(200);
    const latest = codeFrom(await waitForMail(s.dataDir, { to: EMAIL, after: before }));
    const signedIn = await owner.verify(latest);
    expect(signedIn.status, JSON.stringify(await signedIn.clone().json())).toBe(200);
    expect(((await signedIn.json()) as { token: string }).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('wrong codes from strangers never spend the code the owner already holds', async () => {
    const s = await start();
    const owner = browser(s, '203.0.113.7');
    const code = await owner.code();
    for (let i = 1; i <= 11; i++)
      expect([400, 429]).toContain((await browser(s, freshAddress(), false).verify(wrong(code, i))).status);
    const signedIn = await owner.verify(code);
    expect(signedIn.status, JSON.stringify(await signedIn.clone().json())).toBe(200);
  });

  it('binds a code to the asking browser with an HttpOnly cookie and stores only a keyed hash of it', async () => {
    const s = await start();
    const owner = browser(s, '203.0.113.7');
    const res = await owner.post('/request-otp', { email: EMAIL });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('otp_browser='));
    expect(cookie).toMatch(/^otp_browser=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\/api\/auth/);
    const nonce = owner.jar.get('otp_browser') ?? '';
    const row = await s.db.selectFrom('one_time_codes').select(['requester_hash']).executeTakeFirstOrThrow();
    expect(row.requester_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.requester_hash).not.toContain(nonce);
    // The same browser keeps its nonce on its next request.
    await owner.post('/request-otp', { email: EMAIL });
    expect(owner.jar.get('otp_browser')).toBe(nonce);
  });

  it("voids a browser's earlier code when it asks again, but never another browser's", async () => {
    const s = await start();
    const owner = browser(s, '203.0.113.7');
    const stranger = browser(s, '198.51.100.200');
    const first = await owner.code();
    await stranger.code();
    let second = await owner.code();
    if (second === first) second = await owner.code();
    expect((await owner.verify(first)).status).toBe(400);
    // The stranger's code did not void the owner's newest one, and the owner's did not void the stranger's.
    const left = await s.db.selectFrom('one_time_codes').select(['id']).execute();
    expect(left).toHaveLength(2);
    expect((await owner.verify(second)).status).toBe(200);
    // A sign-in ends every code of the account.
    expect(await s.db.selectFrom('one_time_codes').select(['id']).execute()).toHaveLength(0);
  });

  it('voids a code after 5 wrong guesses from its own browser: 429 even for the right code, until it asks again', async () => {
    const s = await start();
    const owner = browser(s, '203.0.113.7');
    const code = await owner.code();
    const statuses = [];
    for (let i = 1; i <= 5; i++) statuses.push((await owner.verify(wrong(code, i))).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await owner.verify(code);
    expect(right.status).toBe(429);
    expect(await right.json()).toEqual({ message: 'Too many wrong codes. Please request a new code' });
    expect((await owner.verify(await owner.code())).status).toBe(200);
  });

  it('counts parallel wrong guesses from the asking browser atomically', async () => {
    const s = await start();
    const owner = browser(s, '203.0.113.7');
    const code = await owner.code();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => owner.verify(wrong(code, i + 1))));
    expect(answers.filter((r) => r.status === 400)).toHaveLength(4);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(4);
    expect((await owner.verify(code)).status).toBe(429);
  });

  it('accepts a code only from the browser that asked for it, and guesses from elsewhere spend nothing', async () => {
    const s = await start();
    const stranger = browser(s, '198.51.100.201');
    const strangerCode = await stranger.code();
    const owner = browser(s, '203.0.113.7');
    const code = await owner.code();
    // The right code (the newest mail's) typed into another browser, with or without a code of its own, signs nobody in.
    expect((await stranger.verify(code)).status).toBe(400);
    const bare = await browser(s, freshAddress(), false).verify(code);
    expect(bare.status).toBe(400);
    expect(await bare.json()).toEqual({ message: CODE_NEEDS_ITS_BROWSER, field: 'otp' });
    // An unknown account is answered alike.
    expect(await (await browser(s, freshAddress(), false).verify(code, 'nobody@example.com')).json()).toEqual({
      message: CODE_NEEDS_ITS_BROWSER,
      field: 'otp',
    });
    for (let i = 1; i <= 12; i++)
      expect((await browser(s, freshAddress(), false).verify(wrong(code, i))).status).toBe(400);
    const rows = await s.db
      .selectFrom('one_time_codes')
      .select(['attempts', 'requester_hash'])
      .orderBy('created_at', 'desc')
      .execute();
    // The stranger's guess was one at its own code; the owner's (the newest) took none.
    expect(rows.map((r) => r.attempts)).toEqual([0, 1]);
    expect((await stranger.verify(strangerCode)).status).toBe(200);
    expect((await owner.verify(code)).status).toBe(400);
  });

  it('still refuses an address after 30 code checks in 15 minutes, even with the right code', async () => {
    const s = await start();
    const here = '203.0.113.9';
    const owner = browser(s, here);
    const code = await owner.code();
    const other = browser(s, here, false);
    for (let i = 0; i < 30; i++) expect((await other.verify('123456', `nobody${i}@example.com`)).status).toBe(400);
    const refused = await owner.verify(code);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ message: 'Too many attempts. Please try again later' });
    // The same browser at another address is not held up.
    const moved = browser(s, '203.0.113.10');
    for (const [name, value] of owner.jar) moved.jar.set(name, value);
    expect((await moved.verify(code)).status).toBe(200);
  });

  it('sends one browser at most 3 codes per account in 15 minutes; other browsers still get theirs', async () => {
    const s = await start();
    const stranger = browser(s, '198.51.100.202');
    for (let i = 0; i < 3; i++) expect((await stranger.post('/request-otp', { email: EMAIL })).status).toBe(200);
    const refused = await stranger.post('/request-otp', { email: 'OWNER' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'Too many attempts. Please try again later' });
    await mailsLanded(s, 3);
    const owner = browser(s, '203.0.113.7');
    expect((await owner.verify(await owner.code())).status).toBe(200);
  });

  it('sends an account at most 8 code mails an hour, keeps the codes already sent, and spares a browser that signed in before', async () => {
    const s = await start();
    // The owner signed in by code from this browser once before.
    const owner = browser(s, '203.0.113.7');
    expect((await owner.verify(await owner.code())).status).toBe(200);
    const early = browser(s, '203.0.113.8');
    const earlyCode = await early.code();
    for (let i = 0; i < CODE_MAILS_PER_ACCOUNT - 2; i++)
      expect((await browser(s, freshAddress(), false).post('/request-otp', { email: EMAIL })).status).toBe(200);
    await mailsLanded(s, CODE_MAILS_PER_ACCOUNT);
    const before = mailFiles(s.dataDir).length;
    const refused = await browser(s, freshAddress()).post('/request-otp', { email: EMAIL });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ message: CODE_MAILS_USED_UP });
    // An unknown email is answered alike once its count is used up too.
    for (let i = 0; i < CODE_MAILS_PER_ACCOUNT; i++)
      await browser(s, freshAddress(), false).post('/request-otp', { email: 'ghost@example.com' });
    const ghost = await browser(s, freshAddress(), false).post('/request-otp', { email: 'ghost@example.com' });
    expect(ghost.status).toBe(429);
    expect(await ghost.json()).toEqual({ message: CODE_MAILS_USED_UP });
    await new Promise((r) => setTimeout(r, 100));
    expect(mailFiles(s.dataDir)).toHaveLength(before);
    // The code sent earlier still works, and the browser that signed in before still gets a code.
    expect((await early.verify(earlyCode)).status).toBe(200);
    expect((await owner.verify(await owner.code())).status).toBe(200);
    expect((await browser(s, freshAddress()).post('/request-otp', { email: EMAIL })).status).toBe(429);
  });
});
