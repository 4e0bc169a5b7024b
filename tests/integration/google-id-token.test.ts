import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { googleFlow } from '../helpers/google-flow.ts';
import { startOidcProvider, type TestAccount, type TestOidcProvider } from '../helpers/oidc-provider.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Nothing listens here: the flow rewrites SITE_URL links to the running server, as a reverse proxy would. */
const SITE_URL = 'http://localhost:4398';

describe('Google sign-in checks the ID token signature against the provider keys', () => {
  let server: TestServer;
  let provider: TestOidcProvider;
  const logs: string[] = [];
  const { callbackUrl, signIn, me } = googleFlow(() => server.url, SITE_URL);

  beforeAll(async () => {
    setAuthLogSink((line) => logs.push(line));
    provider = await startOidcProvider({ redirectUri: callbackUrl });
    server = await startTestServer({
      env: {
        SITE_URL,
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        OIDC_ISSUER: provider.issuer,
      },
    });
  });
  afterEach(() => {
    provider.forge = null;
  });
  afterAll(async () => {
    setAuthLogSink(null);
    await server.stop(true);
    await provider.close();
  });

  const users = async () =>
    (await server.db.selectFrom('users').select(['email', 'oidc_subject']).orderBy('email').execute()).map(
      (u) => `${u.email} ${u.oidc_subject}`,
    );
  const sessions = async () => (await server.db.selectFrom('sessions').select('id').execute()).length;

  /** A refused sign-in: back to /login with auth_failed and no token, without a session or an account. */
  async function expectRefused(
    outcome: Awaited<ReturnType<typeof signIn>>,
    before: { users: string[]; sessions: number },
  ) {
    expect(outcome.login.search).toBe('?error=auth_failed');
    expect(outcome.jar.has('session_bind')).toBe(false);
    expect(await users()).toEqual(before.users);
    expect(await sessions()).toBe(before.sessions);
  }

  it('signs in with a correctly signed ID token, redirecting with Referrer-Policy: no-referrer', async () => {
    provider.next = {
      sub: 'g-victim',
      email: 'victim@example.com',
      email_verified: true,
      given_name: 'Vic',
    } satisfies TestAccount;
    const { login, jar, back } = await signIn();
    const token = login.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The redirect's URL carries the session token: the /login URL must not leak through a Referer.
    expect(back.headers.get('referrer-policy')).toBe('no-referrer');
    expect(back.headers.get('cache-control')).toBe('no-store');
    expect(back.headers.get('x-content-type-options')).toBe('nosniff');
    const res = await me(token, jar);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe('victim@example.com');
  });

  it('refuses an ID token signed by a key the provider does not publish', async () => {
    const before = { users: await users(), sessions: await sessions() };
    provider.next = { sub: 'g-foreign', email: 'foreign@example.com', email_verified: true } satisfies TestAccount;
    provider.forge = { kind: 'foreign-key' };
    const outcome = await signIn();
    await expectRefused(outcome, before);
    expect(outcome.back.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('refuses a foreign-key ID token that names another user', async () => {
    const before = { users: await users(), sessions: await sessions() };
    provider.next = { sub: 'g-attacker', email: 'attacker@example.com', email_verified: true } satisfies TestAccount;
    provider.forge = {
      kind: 'foreign-key',
      claims: { sub: 'g-victim', email: 'victim@example.com', email_verified: true },
    };
    await expectRefused(await signIn(), before);
  });

  it('refuses an ID token whose email was changed after signing', async () => {
    const before = { users: await users(), sessions: await sessions() };
    provider.next = { sub: 'g-altered', email: 'altered@example.com', email_verified: true } satisfies TestAccount;
    provider.forge = { kind: 'altered', claims: { email: 'someone.else@example.com', email_verified: true } };
    await expectRefused(await signIn(), before);
  });

  it('refuses an ID token whose sub was changed after signing to take over another account', async () => {
    const before = { users: await users(), sessions: await sessions() };
    provider.next = { sub: 'g-attacker', email: 'attacker@example.com', email_verified: true } satisfies TestAccount;
    provider.forge = {
      kind: 'altered',
      claims: { sub: 'g-victim', email: 'victim@example.com', email_verified: true },
    };
    await expectRefused(await signIn(), before);
  });

  it('still signs in once the provider sends genuine tokens again', async () => {
    provider.next = { sub: 'g-victim', email: 'victim@example.com', email_verified: true } satisfies TestAccount;
    const { login, jar } = await signIn();
    expect((await me(login.searchParams.get('token') ?? '', jar)).status).toBe(200);
  });

  it('logs a signature failure for each forged token', () => {
    const reasons = logs
      .filter((l) => l.includes('"google.failure"'))
      .map((l) => (JSON.parse(l) as { reason: string }).reason);
    expect(reasons).toEqual(Array.from({ length: 4 }, (): unknown => expect.stringMatching(/signature/i)));
  });
});
