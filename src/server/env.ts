/** The environment, parsed once at start with the contract's defaults. */
import { resolve } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './http/trust-proxy.ts';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalText = (inner: z.ZodType<string, string>) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(inner.optional())
    .optional();

/** One of `values`, case and spaces ignored; unset or empty, `fallback`. */
const choice = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => v || fallback)
    .pipe(z.enum(values))
    .default(fallback);

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4321),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default('admin@example.com'),
    ADMIN_PASSWORD: z.string().optional(),
    SEED: z.enum(['demo', 'none']).default('demo'),
    SMTP_URL: optionalUrl,
    PUBLIC_API_URL: optionalUrl,
    SITE_URL: optionalUrl,
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    OIDC_ISSUER: z.url().default('https://accounts.google.com'),
    REBUILD_WEBHOOK_URL: optionalUrl,
    /**
     * `always`: `npm start` builds the site at every start (serving the previous build meanwhile); `if-missing`: it
     * serves the complete build DIST_DIR holds as it is (one made by `npm run build`, or copied with its data) and
     * builds only when there is none. Admin changes rebuild either way.
     */
    BUILD_ON_START: choice(['always', 'if-missing'], 'always'),
    /**
     * The backup passphrase's scrypt cost, as log2 of N (archive-crypto.ts): 18 is age's default, about a second and
     * 256 MiB for each passphrase tried; lower only on a machine too small for that, never below 15.
     */
    BACKUP_WORK_FACTOR: z.coerce.number().int().min(15).max(20).default(18),
    // The listener's bounds (http/connection-limits.ts).
    /** How long an idle keep-alive connection stays open: above a load balancer's idle timeout (60 s on the common ones). */
    KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(65),
    /** The time a request's headers and body have to arrive; raise it for large uploads over slow links. */
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** Connections at once; unset, below the process's open-file limit (at most 10,000). */
    MAX_CONNECTIONS: z.coerce.number().int().min(1).optional(),
    /** Connections at once from one client address (a proxy TRUST_PROXY names is not counted). */
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(256),
    /** `off` drops the per-address request limits (test rigs behind one address, load tests); per-account limits stay. */
    RATE_LIMITS: choice(['on', 'off'], 'on'),
    // Expensive work's bounds (work-queue.ts); read where the queues are made, declared here so a bad value
    // stops the start. Unset: one core fewer than the machine has, and one thread fewer than libuv's pool.
    /** Pictures decoded and encoded at once (media/picture-queue.ts). */
    PICTURE_ENCODE_CONCURRENCY: z.coerce.number().int().min(1).optional(),
    /** Pictures waiting for a slot (default 4); one more is answered 503 with Retry-After. */
    PICTURE_ENCODE_QUEUE: z.coerce.number().int().min(0).optional(),
    /** Password hashes (argon2id) at once (modules/auth/password-hash.ts). */
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).optional(),
    /**
     * Behind a load balancer: a hop count or the proxies' addresses/CIDRs whose X-Forwarded-For is believed
     * for the client address (trust-proxy.ts); unset, the socket's address only (security.md R60).
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (parsed && 'error' in parsed) {
          ctx.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }
        return parsed;
      }),
    /**
     * Two-factor sign-in for admins: `optional` lets each admin set up an authenticator app in /settings;
     * `required` makes every admin without one set it up at their next sign-in, before any admin session is given.
     */
    ADMIN_2FA: choice(['optional', 'required'], 'optional'),
    // Account lifetimes (security.md R11, R17, R23): defaults are the product's, tests shorten them.
    SESSION_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(30 * 24 * 3600),
    ADMIN_SESSION_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(12 * 3600)
      .default(12 * 3600),
    OTP_TTL_SECONDS: z.coerce.number().int().min(1).max(600).default(600),
    RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(1800),
    /** HMAC key for one-time codes and cookies; unset, one is generated into DATA_DIR/secret.key. */
    AUTH_SECRET: optionalText(z.string().min(32)),
    /** Sender address of outgoing mail; unset, no-reply@ the SITE_URL host. */
    MAIL_FROM: optionalText(z.email()),
    /** Stripe Checkout: unset, orders are paid manually only. A secret (sk_) or restricted (rk_) API key. */
    STRIPE_SECRET_KEY: optionalText(z.string().regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret key (sk_… or rk_…)')),
    /** The signing secret of the webhook endpoint /api/payments/stripe/webhook; required with STRIPE_SECRET_KEY. */
    STRIPE_WEBHOOK_SECRET: optionalText(
      z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)'),
    ),
    /** Where the Stripe API is (a local stand-in in tests); unset, Stripe's own. */
    STRIPE_API_BASE: optionalUrl,
    /** Where uploaded media and documents live: `local` files in DATA_DIR, or `s3`, a bucket (S3_* below). */
    MEDIA_STORAGE: choice(['local', 's3'], 'local'),
    S3_BUCKET: optionalText(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z, 0-9, dot, hyphen)'),
    ),
    /** Unset: us-east-1, which S3-compatible servers accept whatever their own region. */
    S3_REGION: optionalText(z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-west-1')),
    /** An S3-compatible server's address (MinIO, R2, …); unset, AWS S3 itself. */
    S3_ENDPOINT: optionalUrl,
    /** Both or neither; neither, the AWS SDK's usual credential chain (instance role, AWS_* variables, …). */
    S3_ACCESS_KEY_ID: optionalText(z.string()),
    S3_SECRET_ACCESS_KEY: optionalText(z.string()),
    /** `true` addresses the bucket as <endpoint>/<bucket> (most S3-compatible servers); unset or `false`, as <bucket>.<endpoint>. */
    S3_FORCE_PATH_STYLE: choice(['true', 'false', '1', '0'], 'false').transform((v) => v === 'true' || v === '1'),
    /** Key prefix in the bucket, so several sites can share one ('shop-a/' gives shop-a/media/…, shop-a/documents/…). */
    S3_PREFIX: optionalText(
      z
        .string()
        .regex(
          /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*\/?$/,
          'must be a key prefix such as site-a/ (letters, digits, . _ - and /)',
        ),
    ),
    /** Where browsers fetch media (a CDN in front of the bucket or of /media); unset, the API's own /media/. */
    MEDIA_BASE_URL: optionalUrl,
    /** Newsletter mails sent per second (modules/newsletter/newsletter-sender.ts); below 1, one every 1/rate seconds. */
    NEWSLETTER_SEND_RATE: z.coerce.number().min(0.01).max(100).default(5),
    /**
     * `true` lets webhook endpoints be on loopback, private and link-local addresses (a receiver on the same machine or
     * network, tests); unset or `false`, such URLs are refused when saved and when sent to (modules/webhooks).
     */
    WEBHOOKS_ALLOW_PRIVATE: choice(['true', 'false', '1', '0'], 'false').transform((v) => v === 'true' || v === '1'),
  })
  .superRefine(
    (env, ctx) => {
      // Without the signing secret no payment could ever be confirmed: refuse to start rather than take payments blind.
      if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_WEBHOOK_SECRET'],
          message: 'is required when STRIPE_SECRET_KEY is set (the signing secret of the webhook endpoint, whsec_…)',
        });
      }
    },
    // Checked even when another variable is bad too, so one start-up message names every problem.
    {
      when: (payload) =>
        !payload.issues.some((issue) =>
          ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'].includes(String(issue.path?.[0])),
        ),
    },
  )
  .superRefine(
    (env, ctx) => {
      // Several API instances share one PostgreSQL database: each would otherwise make its own DATA_DIR/secret.key, and
      // the codes, links and cookies one instance signs would fail on the next.
      if (env.DATABASE_URL && !env.AUTH_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['AUTH_SECRET'],
          message:
            'is required when DATABASE_URL is set: every API instance sharing the database must sign codes and cookies with the same secret ' +
            '(set one AUTH_SECRET of at least 32 characters on all of them; without it each instance would make its own DATA_DIR/secret.key)',
        });
      }
    },
    {
      when: (payload) =>
        !payload.issues.some((issue) => ['DATABASE_URL', 'AUTH_SECRET'].includes(String(issue.path?.[0]))),
    },
  )
  .superRefine(
    (env, ctx) => {
      // Object storage that is only half configured would fail on the first upload: refuse to start instead.
      if (env.MEDIA_STORAGE === 's3' && !env.S3_BUCKET) {
        ctx.addIssue({
          code: 'custom',
          path: ['S3_BUCKET'],
          message: 'is required when MEDIA_STORAGE=s3 (the bucket media and documents are stored in)',
        });
      }
      if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
        const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: 'is required with the other S3 key (set both, or neither to use the AWS credential chain)',
        });
      }
    },
    {
      when: (payload) =>
        !payload.issues.some(
          (issue) => String(issue.path?.[0]).startsWith('S3_') || issue.path?.[0] === 'MEDIA_STORAGE',
        ),
    },
  );

export type Env = Omit<z.infer<typeof EnvSchema>, 'SITE_URL'> & { SITE_URL: string; DATA_DIR: string };

/** Parses process.env (or a given record); throws one readable error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = result.data;
  return {
    ...env,
    DATA_DIR: resolve(env.DATA_DIR),
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  };
}
