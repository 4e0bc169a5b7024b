/**
 * The composition root: what the API builds once per process from the environment (mail, attempt limits, the
 * OpenID client, the keys derived from the server secret, the payment providers), handed to createApp. Routes and
 * middleware receive these; none of them builds its own.
 */
import { INSTANCE_LOCKS, instanceLock } from './db/instance-lock.ts';
import type { Env } from './env.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { mediaStorageFor, type MediaStorage } from './media/storage/media-storage.ts';
import { createAuthLimits, type AuthLimits } from './modules/auth/auth-limits.ts';
import { createOidcClient, type OidcClient } from './modules/auth/oidc-client.ts';
import { serverSecret, subKey } from './server-secret.ts';
import { createPayments } from './modules/payments/create-payments.ts';
import type { Payments } from './modules/payments/payment-provider.ts';
import { createRebuildScheduler, type RebuildRun, type RebuildScheduler } from './site/rebuild-scheduler.ts';
import { createWebhookRun } from './site/rebuild-webhook.ts';

/** One key per purpose from the server secret, so one purpose's MAC never verifies another's. */
export interface ServerKeys {
  /** HMAC key of one-time codes. */
  otp: Buffer;
  /** Signs the Google sign-in flow cookie (hono/cookie takes a string secret). */
  oidcFlow: string;
  /** Binds a pending Google session to the browser that started it. */
  sessionBinding: Buffer;
  /** Signs a guest's like key (activity.service.ts newLikeKey). */
  likeKey: Buffer;
  /** Signs preview links (drafts/preview-link.ts; hono/jwt takes a string secret). */
  preview: string;
  /** Seals webhook endpoints' signing secrets at rest (webhooks/webhook-secret.ts). */
  webhooks: Buffer;
}

export interface Deps {
  /** Outgoing mail: SMTP_URL, or files in DATA_DIR/outbox/. */
  mailer: Mailer;
  /** Attempt limits of the account endpoints, in memory for as long as the process runs. */
  authLimits: AuthLimits;
  /** Google sign-in; discovery is cached inside it. */
  oidc: OidcClient;
  keys: ServerKeys;
  /** Rebuilds of the public site after admin writes: REBUILD_WEBHOOK_URL's build hook, else the in-process build. */
  rebuilds: RebuildScheduler;
  /** Payment providers: manual always, Stripe Checkout when STRIPE_SECRET_KEY is set. */
  payments: Payments;
  /** Media and document files: DATA_DIR, or an S3-compatible bucket with MEDIA_STORAGE=s3. */
  storage: MediaStorage;
}

export interface DepsOptions {
  /** The in-process site build (SiteDir.rebuild); absent where no site is served (API-only tests, dev, the build script). */
  rebuildSite?: RebuildRun;
  /** Runs before each build (or build-hook call): the publish checks, which decide what it publishes. */
  beforeBuild?: () => Promise<unknown>;
}

/** With neither a hook nor a site to build there is nothing to bring up to date: the request settles at once. */
const nothingToBuild: RebuildRun = () => Promise.resolve();

/** Reads AUTH_SECRET (or creates DATA_DIR/secret.key) and builds every long-lived dependency of the app. */
export function createDeps(env: Env, { rebuildSite, beforeBuild }: DepsOptions = {}): Deps {
  const secret = serverSecret(env);
  const build = env.REBUILD_WEBHOOK_URL
    ? createWebhookRun({ url: env.REBUILD_WEBHOOK_URL })
    : (rebuildSite ?? nothingToBuild);
  // One build (or build-hook call) at a time across every instance on the database.
  const oneAtATime = instanceLock(env.DATABASE_URL, INSTANCE_LOCKS.siteRebuild);
  const run: RebuildRun =
    build === nothingToBuild
      ? build
      : (reason, signal) =>
          oneAtATime(async () => {
            await beforeBuild?.();
            await build(reason, signal);
          }, signal);
  return {
    mailer: createMailer(env),
    authLimits: createAuthLimits(),
    oidc: createOidcClient(env),
    keys: {
      otp: subKey(secret, 'otp'),
      oidcFlow: subKey(secret, 'oidc-flow').toString('base64url'),
      sessionBinding: subKey(secret, 'session-binding'),
      likeKey: subKey(secret, 'like-key'),
      preview: subKey(secret, 'preview-link').toString('base64url'),
      webhooks: subKey(secret, 'webhook-secrets'),
    },
    rebuilds: createRebuildScheduler({ run, onError: (error) => console.error('site rebuild failed:', error) }),
    payments: createPayments(env),
    storage: mediaStorageFor(env),
  };
}
