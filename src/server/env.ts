/** The environment, parsed once at start with the contract's defaults. */
import { resolve } from 'node:path';
import { z } from 'zod';

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

const EnvSchema = z.object({
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
  /** `off` drops the per-address request limits (test rigs behind one address, load tests); per-account limits stay. */
  RATE_LIMITS: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => v || 'on')
    .pipe(z.enum(['on', 'off']))
    .default('on'),
  // Account lifetimes (security.md R11, R17, R23): defaults are the product's, tests shorten them.
  SESSION_TTL_SECONDS: z.coerce.number().int().min(1).default(30 * 24 * 3600),
  ADMIN_SESSION_TTL_SECONDS: z.coerce.number().int().min(1).max(12 * 3600).default(12 * 3600),
  OTP_TTL_SECONDS: z.coerce.number().int().min(1).max(600).default(600),
  RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(1800),
  /** HMAC key for one-time codes and cookies; unset, one is generated into DATA_DIR/secret.key. */
  AUTH_SECRET: optionalText(z.string().min(32)),
  /** Sender address of outgoing mail; unset, no-reply@ the SITE_URL host. */
  MAIL_FROM: optionalText(z.email()),
  /** Stripe Checkout (issue 19): unset, orders are paid manually only. A secret (sk_) or restricted (rk_) API key. */
  STRIPE_SECRET_KEY: optionalText(z.string().regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret key (sk_… or rk_…)')),
  /** The signing secret of the webhook endpoint /api/payments/stripe/webhook; required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: optionalText(z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')),
  /** Where the Stripe API is (a local stand-in in tests); unset, Stripe's own. */
  STRIPE_API_BASE: optionalUrl,
}).superRefine(
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
  { when: (payload) => !payload.issues.some((issue) => ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'].includes(String(issue.path?.[0]))) },
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
