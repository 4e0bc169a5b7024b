/**
 * Passkeys with the real app and database (SQLite and PostgreSQL), answered by a software authenticator that speaks
 * the WebAuthn formats (tests/helpers/software-passkey.ts): adding one asks for the password again and the site's own
 * origin; it then signs in on its own, for staff too while two-factor sign-in is required of them; a challenge is
 * answered once, a signature by another key, from another origin, without user verification or with a counter gone
 * back is refused; passkeys are named, renamed and removed by their own account only; staff changes are audited.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSKEY_ADDED,
  PASSKEY_EXPIRED,
  PASSKEY_FAILED,
  PASSKEY_NOT_FOUND,
  PASSKEY_REMOVED,
  type PasskeyAddOptions,
  type PasskeySignInOptions,
  type PasskeySummary,
} from '../../src/shared/passkeys.ts';
import type { SignInAnswer } from '../../src/shared/two-factor.ts';
import { type ApiBody, jsonClient } from '../helpers/json-client.ts';
import { softwarePasskey, type SoftwarePasskey } from '../helpers/software-passkey.ts';
import { staffToken } from '../helpers/staff.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_CUSTOMER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const SITE = 'https://shop.example';
const RP_ID = 'shop.example';

let t: TestApp;
let customer = '';
let admin = '';
type Body = ApiBody & { passkey?: PasskeySummary; passkeys?: PasskeySummary[]; token?: string };
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => customer,
);

/** Adds a passkey held by `key` to the account signed in with `token`. */
async function add(token: string, key: SoftwarePasskey, name: string, password = TEST_CUSTOMER_PASSWORD) {
  const options = await client<PasskeyAddOptions & ApiBody>('POST', '/api/account/passkeys/options', {
    token,
    body: { password },
  });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return client<Body>('POST', '/api/account/passkeys', {
    token,
    body: { handle: options.body.handle, response: key.register(options.body.options, SITE), name },
  });
}

/** Signs in with `key`: the challenge, then its answer (`answer` as sent, when given). */
async function signIn(key: SoftwarePasskey, origin = SITE, change?: Parameters<SoftwarePasskey['authenticate']>[2]) {
  const options = await client<PasskeySignInOptions & ApiBody>('POST', '/api/auth/passkey/options', { token: null });
  expect(options.status).toBe(200);
  const response = key.authenticate(options.body.options, origin, change);
  const answer = await client<Body & SignInAnswer>('POST', '/api/auth/passkey', {
    token: null,
    body: { handle: options.body.handle, response },
  });
  return { answer, handle: options.body.handle, response };
}

const listed = async (token = customer) =>
  (await client<Body>('GET', '/api/account/passkeys', { token })).body.passkeys ?? [];

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: SITE } });
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('pat');
  return () => t.close();
});

describe('a customer’s passkey', () => {
  const key = softwarePasskey(RP_ID);

  it('is added after the password again, for this site alone, and listed by its name', async () => {
    for (const [body, field] of [
      [{}, 'password'],
      [{ password: 'not the password' }, 'password'],
    ] as const) {
      const refused = await client('POST', '/api/account/passkeys/options', { body });
      expect([refused.status, refused.body.field]).toEqual([400, field]);
    }
    const options = await client<PasskeyAddOptions & ApiBody>('POST', '/api/account/passkeys/options', {
      body: { password: TEST_CUSTOMER_PASSWORD },
    });
    expect(options.body.options).toMatchObject({
      rp: { id: RP_ID },
      user: { name: 'pat@example.com' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    // An answer from another site is refused, and its challenge is spent.
    const foreign = await client('POST', '/api/account/passkeys', {
      body: {
        handle: options.body.handle,
        response: key.register(options.body.options, 'https://evil.example'),
        name: 'Phone',
      },
    });
    expect([foreign.status, foreign.body.field]).toEqual([400, 'response']);
    const again = await client('POST', '/api/account/passkeys', {
      body: { handle: options.body.handle, response: key.register(options.body.options, SITE), name: 'Phone' },
    });
    expect([again.status, again.body.message]).toEqual([400, PASSKEY_EXPIRED]);

    const added = await add(customer, key, 'Phone');
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      message: PASSKEY_ADDED,
      passkey: { id: key.id, name: 'Phone', lastUsedAt: null },
    });
    expect((await listed()).map((p) => p.name)).toEqual(['Phone']);
    // The same credential twice is one passkey.
    expect((await add(customer, key, 'Phone again')).status).toBe(400);
  });

  it('signs in on its own, and a challenge is answered once', async () => {
    const { answer, handle, response } = await signIn(key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    assert(answer.body.token, 'a session');
    const me = await client<ApiBody & { username?: string }>('GET', '/api/auth/me', { token: answer.body.token });
    expect(me.body.username).toBe('pat');
    expect((await listed())[0]?.lastUsedAt).not.toBeNull();
    // The person's export lists it, never its key.
    const exported = await client<ApiBody & { passkeys?: PasskeySummary[] }>('GET', '/api/account/export');
    expect(exported.body.passkeys?.map((p) => Object.keys(p).sort())).toEqual([
      ['backedUp', 'createdAt', 'id', 'lastUsedAt', 'name'],
    ]);
    const replay = await client('POST', '/api/auth/passkey', { token: null, body: { handle, response } });
    expect([replay.status, replay.body.message]).toEqual([400, PASSKEY_EXPIRED]);
  });

  it('refuses another key, another origin, no user verification and a counter gone back, alike', async () => {
    const stranger = softwarePasskey(RP_ID);
    stranger.register(
      (
        await client<PasskeyAddOptions & ApiBody>('POST', '/api/account/passkeys/options', {
          body: { password: TEST_CUSTOMER_PASSWORD },
        })
      ).body.options,
      SITE,
    );
    for (const attempt of [
      await signIn(stranger),
      await signIn(key, 'https://evil.example'),
      await signIn(key, SITE, { userVerified: false }),
      await signIn(key, SITE, { counter: 1 }),
    ])
      expect([attempt.answer.status, attempt.answer.body.message]).toEqual([401, PASSKEY_FAILED]);
    expect((await signIn(key)).answer.status).toBe(200);
  });

  it('refuses a malformed answer with the field at fault, never a 500', async () => {
    const options = await client<PasskeySignInOptions & ApiBody>('POST', '/api/auth/passkey/options', { token: null });
    const good = key.authenticate(options.body.options, SITE);
    for (const [response, field] of [
      [{ ...good, type: 'password' }, 'response.type'],
      [{ ...good, id: 'not base64url!' }, 'response.id'],
      [{ ...good, response: { ...good.response, signature: 'x'.repeat(9000) } }, 'response.response.signature'],
      [{ ...good, response: { ...good.response, clientDataJSON: 'AAAA' } }, undefined],
    ] as const) {
      const refused = await client('POST', '/api/auth/passkey', {
        token: null,
        body: { handle: options.body.handle, response },
      });
      expect(refused.status, JSON.stringify(refused.body)).toBeLessThan(500);
      expect([400, 401]).toContain(refused.status);
      if (field) expect(refused.body.field).toBe(field);
    }
  });

  it('is renamed and removed by its own account alone, and then signs in nowhere', async () => {
    const other = await t.customerToken('quinn');
    for (const [method, body] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await client(method, `/api/account/passkeys/${key.id}`, {
        token: other,
        ...(body ? { body } : {}),
      });
      expect([refused.status, refused.body.message]).toEqual([404, PASSKEY_NOT_FOUND]);
    }
    const renamed = await client<Body>('PATCH', `/api/account/passkeys/${key.id}`, { body: { name: 'Work laptop' } });
    expect(renamed.body.passkey?.name).toBe('Work laptop');
    const blank = await client('PATCH', `/api/account/passkeys/${key.id}`, { body: { name: '  ' } });
    expect([blank.status, blank.body.field]).toEqual([400, 'name']);
    const removed = await client('DELETE', `/api/account/passkeys/${key.id}`);
    expect(removed.body.message).toBe(PASSKEY_REMOVED);
    expect(await listed()).toEqual([]);
    expect((await signIn(key)).answer.status).toBe(401);
    expect((await client('GET', '/api/account/passkeys', { token: null })).status).toBe(401);
  });
});

describe('a staff member’s passkey', () => {
  it('is audited, and signs in without the second factor the password needs', async () => {
    const editor = await staffToken(t, admin, 'eddie', 'editor');
    const key = softwarePasskey(RP_ID);
    expect((await add(editor, key, 'Security key')).status).toBe(201);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('action', 'like', 'passkey.%')
      .execute();
    expect(audit).toEqual([{ action: 'passkey.add', summary: 'Passkey "Security key" added' }]);

    // The same site with two-factor sign-in required of staff: the password asks for it, the passkey does not.
    const strict = await createTestApp({ dataDir: t.dataDir, env: { SITE_URL: SITE, ADMIN_2FA: 'required' } });
    try {
      const byPassword = await strict.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'eddie', password: TEST_CUSTOMER_PASSWORD }),
      });
      expect(((await byPassword.json()) as SignInAnswer & { twoFactor?: string }).twoFactor).toBe('enrol');
      const options = (await (
        await strict.request('/api/auth/passkey/options', { method: 'POST' })
      ).json()) as PasskeySignInOptions;
      const signedIn = await strict.request('/api/auth/passkey', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ handle: options.handle, response: key.authenticate(options.options, SITE) }),
      });
      expect(signedIn.status).toBe(200);
      expect(Object.keys((await signedIn.json()) as object)).toEqual(['token']);
    } finally {
      await strict.close(true);
    }
  });
});
