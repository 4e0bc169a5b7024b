/**
 * Starts the local OpenID provider that stands in for Google during the e2e run (in the runner process, on the
 * port and with the secret tests/playwright.config.ts handed to the web server), and returns its teardown.
 * The server discovers the provider only at the first Google sign-in, so it does not matter that Playwright
 * starts the webServer before this runs.
 */
import { GOOGLE_CALLBACK_PATH } from '../../src/server/modules/auth/oidc-client.ts';
import { startOidcProvider } from '../helpers/oidc-provider.ts';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests with --config tests/playwright.config.ts`);
  return value;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(required('E2E_OIDC_PORT'));
  const provider = await startOidcProvider({
    port,
    clientSecret: required('E2E_OIDC_CLIENT_SECRET'),
    redirectUri: `${required('E2E_SITE_URL')}${GOOGLE_CALLBACK_PATH}`,
    control: true,
  }).catch((error: unknown) => {
    throw new Error(
      `cannot start the OpenID provider on 127.0.0.1:${port} (set E2E_OIDC_PORT to a free port): ${String(error)}`,
    );
  });
  return () => provider.close();
}
