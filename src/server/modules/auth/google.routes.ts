/** GET /api/auth/google and its callback: authorization code flow with PKCE, state and nonce (security.md R27-R32). */
import { type Context, Hono } from 'hono';
import { deleteCookie, getSignedCookie, setCookie, setSignedCookie } from 'hono/cookie';
import * as client from 'openid-client';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.ts';
import type { Env } from '../../env.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import { type OidcIdentity, signInWithOidc } from './oidc-accounts.service.ts';
import type { OidcClient } from './oidc-client.ts';
import type { AuthDeps } from './auth-deps.ts';
import { BIND_COOKIE, bindingValue, PENDING_SECONDS } from './sessions.service.ts';
import { challengeSeconds, completeSignIn, createChallenge, secondStepFor } from './sign-in.service.ts';
import { challengeBinding } from './two-factor.service.ts';

const FLOW_COOKIE = 'oidc_flow';
const FLOW_PATH = '/api/auth/google';
const FLOW_SECONDS = 600;
const Flow = z.object({ v: z.string().min(43), s: z.string().min(22), n: z.string().min(22) });

function parseFlow(stored: string) {
  try {
    const parsed = Flow.safeParse(JSON.parse(Buffer.from(stored, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** openid-client errors carry a code, an OAuth error and a cause; together they say what went wrong without secrets. */
function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const e = error as Error & { code?: unknown; error?: unknown; cause?: unknown };
  const cause = e.cause instanceof Error ? e.cause.message : undefined;
  return [e.code, e.error, e.message, cause]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(': ')
    .slice(0, 300);
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** `signInDeps`: the account services' dependencies for this request (auth.routes.ts), for the second step and the new sign-in mail. */
export function googleRoutes(
  env: Env,
  oidc: OidcClient,
  keys: { flowSecret: string; bindKey: Buffer },
  signInDeps: (c: Context<AppEnv>) => AuthDeps,
) {
  const secure = env.SITE_URL.startsWith('https://');
  const flowCookie = { path: FLOW_PATH, httpOnly: true, sameSite: 'Lax', secure } as const;

  /** Back to the login page; the only post-login destination there is (R31). */
  const toLogin = (c: Context<AppEnv>, params: Record<string, string>) => {
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(`${env.SITE_URL}/login?${new URLSearchParams(params)}`, 302);
  };
  const failed = (c: Context<AppEnv>, reason: string) => {
    logAuthEvent('google.failure', { ip: clientIp(c), reason });
    return toLogin(c, { error: 'auth_failed' });
  };

  async function identityFrom(
    config: client.Configuration,
    tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
  ): Promise<OidcIdentity> {
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token claims');
    let profile: Record<string, unknown> = claims;
    // Providers that keep profile claims out of the ID token serve them from userinfo, checked against the same sub.
    if (typeof claims['email'] !== 'string')
      profile = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
    const verified = profile['email_verified'];
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: text(profile['email']),
      emailVerified: verified === true || verified === 'true',
      givenName: text(profile['given_name']),
      familyName: text(profile['family_name']),
      name: text(profile['name']),
      picture: text(profile['picture']),
    };
  }

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      if (!oidc.configured) return failed(c, 'GOOGLE_CLIENT_ID or GOOGLE_CLIENT_SECRET not set');
      let config: client.Configuration;
      try {
        config = await oidc.configuration();
      } catch (error) {
        return failed(c, `discovery: ${errorSummary(error)}`);
      }
      const flow = { v: client.randomPKCECodeVerifier(), s: client.randomState(), n: client.randomNonce() };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: oidc.redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(flow.v),
        code_challenge_method: 'S256',
        state: flow.s,
        nonce: flow.n,
      });
      const value = Buffer.from(JSON.stringify(flow)).toString('base64url');
      await setSignedCookie(c, FLOW_COOKIE, value, keys.flowSecret, { ...flowCookie, maxAge: FLOW_SECONDS });
      return c.redirect(url.href, 302);
    })
    .get('/callback', async (c) => {
      const stored = await getSignedCookie(c, keys.flowSecret, FLOW_COOKIE);
      // One use only, whatever happens next (R28).
      deleteCookie(c, FLOW_COOKIE, flowCookie);
      const error = c.req.query('error');
      if (error === 'access_denied') {
        logAuthEvent('google.cancelled', { ip: clientIp(c) });
        return toLogin(c, { error: 'auth_cancelled' });
      }
      if (error) return failed(c, `provider error ${error.slice(0, 64)}`);
      if (!oidc.configured) return failed(c, 'GOOGLE_CLIENT_ID or GOOGLE_CLIENT_SECRET not set');
      if (!stored) return failed(c, 'missing or tampered flow cookie');
      const flow = parseFlow(stored);
      if (!flow) return failed(c, 'malformed flow cookie');
      try {
        const config = await oidc.configuration();
        // The response is matched against the fixed redirect_uri, never the request's Host.
        const currentUrl = new URL(oidc.redirectUri);
        currentUrl.search = new URL(c.req.url).search;
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: flow.v,
          expectedState: flow.s,
          expectedNonce: flow.n,
          idTokenExpected: true,
        });
        const outcome = await signInWithOidc(c.get('db'), await identityFrom(config, tokens));
        if ('refused' in outcome) return failed(c, outcome.refused);
        const deps = signInDeps(c);
        const step = await secondStepFor(deps, outcome.user);
        if (step) {
          // No session yet: a challenge, good only in this browser (the binding cookie) for the second step on /login.
          const { answer, tokenHash } = await createChallenge(deps, outcome.user, step, 'google', true);
          setCookie(c, BIND_COOKIE.name, challengeBinding(keys.bindKey, tokenHash), {
            path: BIND_COOKIE.path,
            httpOnly: true,
            sameSite: 'Lax',
            secure,
            maxAge: challengeSeconds(step),
          });
          logAuthEvent('google.success', { ip: clientIp(c), userId: outcome.user.id, reason: 'second factor next' });
          return toLogin(c, { two_factor: step, challenge: answer.challenge });
        }
        const { token, tokenHash } = await completeSignIn(deps, outcome.user, 'google', { pending: true });
        setCookie(c, BIND_COOKIE.name, bindingValue(keys.bindKey, tokenHash), {
          path: BIND_COOKIE.path,
          httpOnly: true,
          sameSite: 'Lax',
          secure,
          maxAge: PENDING_SECONDS,
        });
        logAuthEvent('google.success', { ip: clientIp(c), userId: outcome.user.id });
        return toLogin(c, { token });
      } catch (err) {
        return failed(c, errorSummary(err));
      }
    });
}
