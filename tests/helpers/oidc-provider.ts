/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1 for sign-in tests. Its interaction
 * endpoint signs in as `next` and consents at once, or answers access_denied when `next` is 'deny'.
 * With `control`, tests in other processes (Playwright workers) set `next` by `PUT /__test/next` with a JSON body.
 * With `forge`, its token endpoint hands out a forged ID token in place of the one it issued.
 */
import { createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

/**
 * How the token endpoint forges the ID token it issued: `foreign-key` re-signs it (same header, `kid` included) with a
 * key its JWKS does not publish; `altered` changes claims and keeps the original signature. `claims` are merged in.
 */
export type IdTokenForgery =
  { kind: 'foreign-key'; claims?: Record<string, unknown> } | { kind: 'altered'; claims: Record<string, unknown> };

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next sign-in is, or 'deny' for a user who cancels. */
  next: TestAccount | 'deny';
  /** Forges every ID token the token endpoint returns until set back to null. */
  forge: IdTokenForgery | null;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface Details {
  params: Record<string, unknown>;
}
interface Grant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface Provider {
  callback(): Handler;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Details>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: object,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => Grant;
}
interface ProviderModule {
  default: new (issuer: string, configuration: object) => Provider;
}

/** The package ships no types; a specifier typed as string keeps the compiler from asking for them. */
const importUntyped = (specifier: string): Promise<unknown> => import(specifier);
const loadProvider = async (): Promise<ProviderModule> => (await importUntyped('oidc-provider')) as ProviderModule;

const TOKEN_PATH = '/token';
let foreignKey: KeyObject | undefined;

/** `idToken` forged as `forgery` says; the header is kept as issued, so a client picks the published key for it. */
function forgeIdToken(idToken: string, forgery: IdTokenForgery): string {
  const [header = '', payload = '', signature = ''] = idToken.split('.');
  const claims = { ...(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object), ...forgery.claims };
  const signed = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  if (forgery.kind === 'altered') return `${signed}.${signature}`;
  foreignKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  return `${signed}.${createSign('RSA-SHA256').update(signed).sign(foreignKey, 'base64url')}`;
}

/** Rewrites the JSON body `res` ends with (Koa sends it in one `end` call, before the headers) through `change`. */
function rewriteJsonBody(res: ServerResponse, change: (body: Record<string, unknown>) => void): void {
  const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (res.statusCode !== 200 || res.headersSent || !(typeof chunk === 'string' || Buffer.isBuffer(chunk)))
      return end(chunk, ...rest);
    const body = JSON.parse(chunk.toString()) as Record<string, unknown>;
    change(body);
    const text = JSON.stringify(body);
    res.setHeader('content-length', Buffer.byteLength(text));
    return end(text, ...rest);
  }) as ServerResponse['end'];
}

/** The one client the provider knows. */
export const TEST_CLIENT_ID = 'site-test-client';

/** Where the control endpoint lives when `control` is set. */
export const NEXT_ACCOUNT_PATH = '/__test/next';

export interface OidcProviderOptions {
  /** The client's registered callback, or several (one per e2e worker's server). */
  redirectUri: string | readonly string[];
  /** A fixed port (e.g. for a server started before the provider); a free one when left out. */
  port?: number;
  /** A fixed client secret (e.g. shared with another process through the environment); random when left out. */
  clientSecret?: string;
  /** Serves `PUT /__test/next` to set `next` from another process. */
  control?: boolean;
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  let handle: Handler = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const accounts = new Map<string, TestAccount>();
  const clientId = TEST_CLIENT_ID;
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const { default: OidcProvider } = await loadProvider();
  const provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri].flat(),
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return Promise.resolve(account ? { accountId: sub, claims: () => Promise.resolve({ ...account }) } : undefined);
    },
  });

  const state: TestOidcProvider = {
    issuer,
    clientId,
    clientSecret,
    next: { sub: 'default-user', email: 'default@example.com', email_verified: true } satisfies TestAccount,
    forge: null,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const finish = (result: object) =>
      provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    if (state.next === 'deny')
      return finish({ error: 'access_denied', error_description: 'End-User aborted interaction' });
    const account = state.next;
    accounts.set(account.sub, account);
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params['client_id']) });
    grant.addOIDCScope(String(details.params['scope']));
    return finish({ login: { accountId: account.sub }, consent: { grantId: await grant.save() } });
  };

  /** Reads `{ sub, email, ... }` or the string "deny" as the next sign-in. */
  const setNext = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body === 'deny') state.next = 'deny';
    else if (body && typeof body === 'object' && typeof (body as TestAccount).sub === 'string')
      state.next = body as TestAccount;
    else {
      res.writeHead(400).end('expected "deny" or an account with a sub');
      return;
    }
    res.writeHead(204).end();
  };

  const callback = provider.callback();
  handle = (req, res) => {
    if (options.control && req.url === NEXT_ACCOUNT_PATH && req.method === 'PUT') {
      setNext(req, res).catch((error: unknown) => res.writeHead(400).end(String(error)));
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
      return;
    }
    const forgery = state.forge;
    if (forgery && req.method === 'POST' && req.url === TOKEN_PATH) {
      rewriteJsonBody(res, (body) => {
        if (typeof body['id_token'] === 'string') body['id_token'] = forgeIdToken(body['id_token'], forgery);
      });
    }
    callback(req, res);
  };
  return state;
}
