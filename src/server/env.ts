/** The environment, parsed once at start with the contract's defaults. */
import { resolve } from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
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
});

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
