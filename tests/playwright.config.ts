import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { TEST_CLIENT_ID } from './helpers/oidc-provider.ts';

// The run's template and each worker's server live under one temporary directory (e2e/helpers/e2e-server.ts); the
// runner sets these once and its workers inherit them.
process.env['E2E_RUN_DIR'] ??= mkdtempSync(join(tmpdir(), 'site-e2e-'));
const basePort = Number((process.env['E2E_BASE_PORT'] ??= '4391'));
export const E2E_ADMIN_PASSWORD = (process.env['E2E_ADMIN_PASSWORD'] ??= 'e2e staff passphrase 2026');
// Google sign-in goes to a local OpenID provider that e2e/global-setup.ts starts on this port with this secret.
process.env['E2E_OIDC_PORT'] ??= String(basePort + 1000);
process.env['E2E_OIDC_CLIENT_ID'] ??= TEST_CLIENT_ID;
process.env['E2E_OIDC_CLIENT_SECRET'] ??= randomBytes(24).toString('base64url');

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: '../test-results',
  // A file's tests share its server state in order (a draft made, then published); files are independent, each
  // worker having a server of its own, so Playwright hands the files to the workers as they come free.
  fullyParallel: false,
  // One browser, one server and the runner each: two workers keep both cores busy without starving either.
  workers: Number(process.env['E2E_WORKERS'] ?? Math.min(2, availableParallelism())),
  retries: process.env['CI'] ? 1 : 0,
  reporter: [['list']],
  // A bound for a hang, not a budget: a test of several views takes 20-30 s on a busy 2-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
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
});
