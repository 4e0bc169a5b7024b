import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { TEST_CLIENT_ID } from './helpers/oidc-provider.ts';

// One server per run: `npm start`'s own entry on a temporary DATA_DIR with demo content. Workers inherit these.
const port = (process.env['E2E_PORT'] ??= '4391');
const dataDir = (process.env['E2E_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'site-e2e-')));
// The site is built beside the data so that the tests never race another build of dist/.
const distDir = (process.env['E2E_DIST_DIR'] ??= join(dataDir, 'dist'));
export const E2E_ADMIN_PASSWORD = 'e2e staff passphrase 2026';
// Google sign-in goes to a local OpenID provider that e2e/global-setup.ts starts on this port with this secret.
const oidcPort = (process.env['E2E_OIDC_PORT'] ??= String(Number(port) + 1000));
const oidcSecret = (process.env['E2E_OIDC_CLIENT_SECRET'] ??= randomBytes(24).toString('base64url'));
// The Google callback and the token it hands to /login must stay on the origin the browser uses (cookies).
const siteUrl = (process.env['E2E_SITE_URL'] ??= `http://127.0.0.1:${port}`);

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  // scripts/e2e.ts gives each group of files run side by side its own.
  outputDir: process.env['E2E_OUTPUT_DIR'] ?? '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env['CI'] ? 1 : 0,
  reporter: process.env['CI'] ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'node scripts/start.ts',
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    url: `http://127.0.0.1:${port}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      SEED: 'demo',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      SITE_URL: siteUrl,
      OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
      GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: oidcSecret,
    },
  },
});
