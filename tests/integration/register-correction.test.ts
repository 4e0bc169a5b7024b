/**
 * 'Use a different email' on the register form's code step: the browser that registered an account may register
 * again with the same username (or email) while the account is unverified, and the new details replace the old ones;
 * the code mailed to the old address is void. Any other browser, a forged proof, or a verified account still gets the
 * 409 for a taken username or email, and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFetch, type CookieFetch } from '../helpers/cookie-fetch.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const PASSWORD = 'a long and varied test passphrase';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMITS: 'off' } });
}, 120_000);
afterAll(() => server.stop(true));

const details = (username: string, email: string) => ({
  first_name: 'Ada',
  last_name: 'Lane',
  username,
  email,
  password: PASSWORD,
});

function post(browser: CookieFetch | typeof fetch, path: string, body: unknown) {
  return browser(`${server.url}/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Asks for a code for `email` in `browser` and reads it from the mail. */
async function codeFor(browser: CookieFetch, email: string): Promise<string> {
  const before = mailFiles(server.dataDir);
  expect((await post(browser, '/request-otp', { email })).status).toBe(200);
  return codeFrom(await waitForMail(server.dataDir, { to: email, after: before }));
}

const accountsNamed = async (username: string) =>
  (
    await server.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'email_verified'])
      .where('username_key', '=', username)
      .execute()
  ).map((a) => ({ ...a, email_verified: Boolean(a.email_verified) }));

describe('registering again from the browser that registered', () => {
  it('replaces the unverified account’s email, and only the new address’s code signs in', async () => {
    const browser = cookieFetch();
    expect((await post(browser, '/register', details('ada', 'ada@exmaple.com'))).status).toBe(201);
    expect(browser.jar.get('registrant')).toBeTruthy();
    const oldCode = await codeFor(browser, 'ada@exmaple.com');
    const [before] = await accountsNamed('ada');

    const again = await post(browser, '/register', { ...details('ada', 'ada@example.com'), first_name: 'Adah' });
    expect(again.status, await again.clone().text()).toBe(201);
    const after = await accountsNamed('ada');
    expect(after).toEqual([{ id: before?.id, email: 'ada@example.com', first_name: 'Adah', email_verified: false }]);

    // The code mailed to the mistyped address is void: that address has no account now, and the code is gone.
    expect((await post(browser, '/verify-otp', { email: 'ada@exmaple.com', otp: oldCode })).status).toBe(400);
    expect((await post(browser, '/verify-otp', { email: 'ada@example.com', otp: oldCode })).status).toBe(400);
    const signedIn = await post(browser, '/verify-otp', {
      email: 'ada@example.com',
      otp: await codeFor(browser, 'ada@example.com'),
    });
    expect(signedIn.status).toBe(200);
    expect((await accountsNamed('ada'))[0]?.email_verified).toBe(true);

    // Verified, the account is no longer this browser's to change.
    const late = await post(browser, '/register', details('ada', 'ada.other@example.com'));
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ field: 'username' });
    expect((await accountsNamed('ada'))[0]?.email).toBe('ada@example.com');
  });

  it('also corrects a mistyped username when the email is the account’s own', async () => {
    const browser = cookieFetch();
    expect((await post(browser, '/register', details('bohdan_typo', 'bo@example.com'))).status).toBe(201);
    expect((await post(browser, '/register', details('bohdan', 'bo@example.com'))).status).toBe(201);
    expect(await accountsNamed('bohdan_typo')).toEqual([]);
    expect((await accountsNamed('bohdan')).map((a) => a.email)).toEqual(['bo@example.com']);
  });
});

describe('what still answers 409 and changes nothing', () => {
  it('another browser, a forged proof, or a proof for another account', async () => {
    const owner = cookieFetch();
    expect((await post(owner, '/register', details('cyrus', 'cy@example.com'))).status).toBe(201);
    const [account] = await accountsNamed('cyrus');

    const stranger = cookieFetch();
    const plain = await post(stranger, '/register', details('cyrus', 'stranger@example.com'));
    expect(plain.status).toBe(409);
    expect(await plain.json()).toMatchObject({ field: 'username' });

    stranger.jar.set('registrant', `${account?.id}.forged`);
    expect((await post(stranger, '/register', details('cyrus', 'stranger@example.com'))).status).toBe(409);

    // The stranger registers an account of its own: its proof names that account, not Cy's.
    expect((await post(stranger, '/register', details('deedee', 'dee@example.com'))).status).toBe(201);
    expect((await post(stranger, '/register', details('cyrus', 'dee@example.com'))).status).toBe(409);
    expect((await post(stranger, '/register', details('deedee', 'cy@example.com'))).status).toBe(409);

    expect(await accountsNamed('cyrus')).toEqual([account]);
    expect((await accountsNamed('deedee')).map((a) => a.email)).toEqual(['dee@example.com']);
  });

  it('an email of another account, even from the browser that registered', async () => {
    const browser = cookieFetch();
    expect((await post(browser, '/register', details('evelyn', 'eve@example.com'))).status).toBe(201);
    const taken = await post(browser, '/register', details('evelyn', 'cy@example.com'));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ field: 'email' });
    expect((await accountsNamed('evelyn')).map((a) => a.email)).toEqual(['eve@example.com']);
  });
});
