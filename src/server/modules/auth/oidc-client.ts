/**
 * OpenID Connect client for Google sign-in (openid-client v6): discovery once an hour, 10 s timeouts, ID token
 * signatures checked against the provider's JWKS (security.md R29, R32).
 */
import * as client from 'openid-client';
import type { Env } from '../../env.ts';

export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';
const DISCOVERY_TTL_MS = 3_600_000;
const TIMEOUT_SECONDS = 10;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain http is tolerated only for an issuer on this machine (a test provider), never for a remote one. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

export interface OidcClient {
  /** False without GOOGLE_CLIENT_ID/SECRET: sign-in then answers auth_failed. */
  readonly configured: boolean;
  /** Fixed redirect_uri, from SITE_URL (R31). */
  readonly redirectUri: string;
  configuration(): Promise<client.Configuration>;
}

export function createOidcClient(
  env: Pick<Env, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'OIDC_ISSUER' | 'SITE_URL'>,
): OidcClient {
  const clientId = env.GOOGLE_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim() ?? '';
  let cached: { config: Promise<client.Configuration>; until: number } | undefined;

  function discover(): Promise<client.Configuration> {
    const issuer = new URL(env.OIDC_ISSUER);
    // openid-client skips the ID token signature by default (TLS vouches for the token endpoint); checking it against the
    // issuer's published keys (jwks_uri) refuses a forged or altered token even if that channel is ever compromised.
    const execute = [client.enableNonRepudiationChecks];
    // A plain-http issuer only on this machine (the end-to-end tests' provider); openid-client marks the option
    // deprecated to make every use of it stand out.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- needed for the loopback test provider, nothing else
    if (isLoopbackHttp(issuer)) execute.push(client.allowInsecureRequests);
    const options: client.DiscoveryRequestOptions = { timeout: TIMEOUT_SECONDS, execute };
    // discovery() checks that the document's issuer is exactly OIDC_ISSUER.
    return client.discovery(issuer, clientId, clientSecret, undefined, options);
  }

  return {
    configured: clientId !== '' && clientSecret !== '',
    redirectUri: `${env.SITE_URL}${GOOGLE_CALLBACK_PATH}`,
    configuration() {
      if (!cached || cached.until <= Date.now()) {
        const config = discover();
        cached = { config, until: Date.now() + DISCOVERY_TTL_MS };
        // A failed discovery is retried on the next sign-in rather than cached.
        config.catch(() => {
          if (cached?.config === config) cached = undefined;
        });
      }
      return cached.config;
    },
  };
}
