import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { cookieFetch } from '../helpers/cookie-fetch.ts';
import { CookieJar, googleFlow } from '../helpers/google-flow.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { startOidcProvider, type TestAccount, type TestOidcProvider } from '../helpers/oidc-provider.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Nothing listens here: the test rewrites SITE_URL links to the running server, as a reverse proxy would. */
const SITE_URL = 'http://localhost:4399';
const CALLBACK = `${SITE_URL}/api/auth/google/callback`;

describe('Google sign-in against a local OpenID provider', () => {
  let server: TestServer;
  let provider: TestOidcProvider;
  const logs: string[] = [];

  beforeAll(async () => {
    setAuthLogSink((line) => logs.push(line));
    provider = await startOidcProvider({ redirectUri: CALLBACK });
    server = await startTestServer({
      env: {
        SITE_URL,
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        OIDC_ISSUER: provider.issuer,
      },
    });
  });
  afterAll(async () => {
    setAuthLogSink(null);
    await server.stop(true);
    await provider.close();
  });

  const { onServer, get, signIn, me } = googleFlow(() => server.url, SITE_URL);

  it('tells the build that Google sign-in is offered', async () => {
    const res = await fetch(`${server.url}/api/auth/providers`);
    expect(await res.json()).toEqual({ google: true });
  });

  it('starts with PKCE S256, state, nonce and the fixed redirect_uri, keeping them in a short-lived HttpOnly cookie', async () => {
    const jar = new CookieJar();
    const res = await get(jar, `${server.url}/api/auth/google`);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const url = new URL(res.headers.get('location') ?? '');
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(22);
    expect(url.searchParams.get('nonce')?.length).toBeGreaterThanOrEqual(22);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('oidc_flow='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/google(;|$)/);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('creates a customer on first sign-in and lands on /login?token= with a token that works with its binding cookie', async () => {
    provider.next = {
      sub: 'g-new-1',
      email: 'New.Person@Example.com',
      email_verified: true,
      given_name: 'New',
      family_name: 'Person',
    } satisfies TestAccount;
    const { login, jar } = await signIn();
    expect(login.searchParams.get('error')).toBeNull();
    const token = login.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(jar.has('oidc_flow')).toBe(false);
    expect(jar.get('session_bind')?.path).toBe('/api/auth');

    const res = await me(token, jar);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email: 'new.person@example.com',
      first_name: 'New',
      last_name: 'Person',
      role: 'customer',
      username: 'new.person',
    });
    // Activated: the binding cookie is cleared and the bearer token alone is enough from now on.
    expect(jar.has('session_bind')).toBe(false);
    expect((await me(token)).status).toBe(200);
    const row = await server.db
      .selectFrom('users')
      .select(['oidc_issuer', 'oidc_subject', 'email_verified', 'password_hash'])
      .where('email', '=', 'new.person@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ oidc_issuer: provider.issuer, oidc_subject: 'g-new-1', password_hash: null });
    expect(Boolean(row.email_verified)).toBe(true);
  });

  it('refuses a URL-delivered token used without the binding cookie (login CSRF)', async () => {
    provider.next = { sub: 'g-new-1', email: 'new.person@example.com', email_verified: true } satisfies TestAccount;
    const { login } = await signIn();
    const token = login.searchParams.get('token') ?? '';
    expect((await me(token)).status).toBe(401);
  });

  it('identifies a returning user by issuer and subject even when the email changed', async () => {
    provider.next = { sub: 'g-new-1', email: 'renamed@example.com', email_verified: true } satisfies TestAccount;
    const { login, jar } = await signIn();
    const res = await me(login.searchParams.get('token') ?? '', jar);
    expect(((await res.json()) as { email: string }).email).toBe('new.person@example.com');
  });

  it('links to an existing local account when the provider vouches for the email', async () => {
    const browserFetch = cookieFetch();
    const post = (path: string, body: object) =>
      browserFetch(`${server.url}/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (
        await post('/register', {
          first_name: 'Lin',
          last_name: 'Ked',
          email: 'linked@example.com',
          username: 'linked',
          password: 'a fine long password 1',
        })
      ).status,
    ).toBe(201);
    const before = mailFiles(server.dataDir);
    await post('/request-otp', { email: 'linked@example.com' });
    const code = codeFrom(await waitForMail(server.dataDir, { to: 'linked@example.com', after: before }));
    const local = (await (await post('/verify-otp', { email: 'linked@example.com', otp: code })).json()) as {
      token: string;
    };
    const localUser = (await (await me(local.token)).json()) as { _id: string };

    provider.next = { sub: 'g-linked', email: 'linked@example.com', email_verified: true } satisfies TestAccount;
    const { login, jar } = await signIn();
    const viaGoogle = (await (await me(login.searchParams.get('token') ?? '', jar)).json()) as { _id: string };
    expect(viaGoogle._id).toBe(localUser._id);
    // The local password still works for a verified account.
    expect((await post('/login', { username: 'linked', password: 'a fine long password 1' })).status).toBe(200);
  });

  it('does not link when the provider has not verified the email', async () => {
    provider.next = { sub: 'g-unverified', email: 'admin@example.com', email_verified: false } satisfies TestAccount;
    const { login } = await signIn();
    expect(login.searchParams.get('error')).toBe('auth_failed');
    expect(login.searchParams.get('token')).toBeNull();
  });

  it('answers auth_cancelled when the user cancels at the provider', async () => {
    provider.next = 'deny';
    const { login } = await signIn();
    expect(login.search).toBe('?error=auth_cancelled');
  });

  it('answers auth_failed when the state does not match', async () => {
    provider.next = { sub: 'g-state', email: 'state@example.com', email_verified: true } satisfies TestAccount;
    const { login } = await signIn(undefined, (callback) =>
      callback.searchParams.set('state', 'forged-state-value-0000000'),
    );
    expect(login.search).toBe('?error=auth_failed');
    const created = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'state@example.com')
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it('answers auth_failed for a callback without the flow cookie (another browser)', async () => {
    provider.next = { sub: 'g-cookie', email: 'cookie@example.com', email_verified: true } satisfies TestAccount;
    let stolen = '';
    await signIn(undefined, (callback) => {
      stolen = callback.href;
      callback.searchParams.set('code', 'already-used');
    });
    const res = await fetch(onServer(stolen), { redirect: 'manual' });
    expect(res.headers.get('location')).toBe(`${SITE_URL}/login?error=auth_failed`);
  });

  it('answers auth_failed for a replayed authorization code', async () => {
    provider.next = { sub: 'g-replay', email: 'replay@example.com', email_verified: true } satisfies TestAccount;
    let seen = '';
    const first = await signIn(undefined, (callback) => {
      seen = callback.href;
    });
    expect(first.login.searchParams.get('token')).toBeTruthy();
    const again = await signIn(undefined, (callback) => {
      const old = new URL(seen);
      callback.searchParams.set('code', old.searchParams.get('code') ?? '');
    });
    expect(again.login.search).toBe('?error=auth_failed');
  });

  it('logs why each failure happened, never tokens or codes', () => {
    const reasons = logs
      .filter((l) => l.includes('"google.failure"'))
      .map((l) => (JSON.parse(l) as { reason: string }).reason);
    expect(reasons).toEqual([
      'email not verified by the provider',
      expect.stringMatching(/state/i),
      expect.stringMatching(/invalid_grant/),
      'missing or tampered flow cookie',
      expect.stringMatching(/invalid_grant/),
    ]);
    const text = logs.join('\n');
    expect(logs.some((l) => l.includes('"google.success"'))).toBe(true);
    expect(text).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });
});

describe('Google sign-in without configuration', () => {
  let server: TestServer;
  beforeAll(async () => {
    setAuthLogSink(() => undefined);
    server = await startTestServer({ env: { SITE_URL } });
  });
  afterAll(async () => {
    setAuthLogSink(null);
    await server.stop(true);
  });

  it('redirects to /login?error=auth_failed from the start and from the callback', async () => {
    for (const path of ['/api/auth/google', '/api/auth/google/callback?code=x&state=y']) {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`${SITE_URL}/login?error=auth_failed`);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('still maps a cancelled consent to auth_cancelled', async () => {
    const res = await fetch(`${server.url}/api/auth/google/callback?error=access_denied`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe(`${SITE_URL}/login?error=auth_cancelled`);
  });
});
