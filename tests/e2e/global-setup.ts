/**
 * The e2e run's setup, in the runner process: the local OpenID provider that stands in for Google (on the port and
 * with the secret tests/playwright.config.ts chose, accepting the callback of every worker's server), and the
 * template every worker's server copies (helpers/e2e-server.ts), built once. Answers the teardown.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { GOOGLE_CALLBACK_PATH } from '../../src/server/modules/auth/oidc-client.ts';
import { startOidcProvider } from '../helpers/oidc-provider.ts';
import { buildTemplate, runDir, stopLeftover, workerPort } from './helpers/e2e-server.ts';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests with --config tests/playwright.config.ts`);
  return value;
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const port = Number(required('E2E_OIDC_PORT'));
  const workers = Array.from({ length: config.workers }, (_, i) => workerPort(i));
  const provider = await startOidcProvider({
    port,
    clientSecret: required('E2E_OIDC_CLIENT_SECRET'),
    redirectUri: workers.map((p) => `http://127.0.0.1:${p}${GOOGLE_CALLBACK_PATH}`),
    control: true,
  }).catch((error: unknown) => {
    throw new Error(
      `cannot start the OpenID provider on 127.0.0.1:${port} (set E2E_OIDC_PORT to a free port): ${String(error)}`,
    );
  });
  try {
    await buildTemplate(workerPort(-1));
  } catch (error) {
    await provider.close();
    throw error;
  }
  return async () => {
    // A worker that ended without its teardown leaves its server running.
    const dir = runDir();
    if (existsSync(dir))
      for (const entry of readdirSync(dir).filter((e) => e.startsWith('worker-'))) stopLeftover(join(dir, entry));
    await provider.close();
  };
}
