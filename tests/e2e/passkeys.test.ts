/**
 * Passkeys in Chromium with its virtual authenticator (a platform authenticator with user verification): the admin
 * adds one in Settings after the password again, sees it listed, renames it, signs out and signs in with the passkey
 * alone; once removed, it signs in nowhere. A passkey needs a domain for its site (a browser refuses an address), so
 * this file starts a server of its own whose site is http://localhost:<port>, on a copy of the run's template.
 */
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PASSKEY_ADDED, PASSKEY_FAILED, PASSKEY_REMOVED } from '../../src/shared/passkeys.ts';
import { E2E_ADMIN_PASSWORD } from '../playwright.config.ts';
import { ADMIN_EMAIL } from './helpers/admin.ts';
import { startOwnServer, type WorkerServer } from './helpers/e2e-server.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { keepScreenshot } from './helpers/screenshots.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: WorkerServer | undefined;
const site = () => {
  if (!server) throw new Error('the server did not start');
  return server.url;
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer('passkeys', 'localhost');
});
test.afterAll(async () => {
  await server?.stop();
});

/** The page's browser with a virtual platform authenticator that verifies its user. */
async function withAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('the admin adds a passkey in Settings, renames it, and signs in with it alone', async ({ page }) => {
  const { cdp, authenticatorId } = await withAuthenticator(page);
  await page.goto(`${site()}/login`);
  await waitForIslands(page);
  await expect(page.getByLabel('Username or Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByLabel('Username or Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(`${site()}/settings`);
  await waitForIslands(page);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await section.getByLabel('Passkey name').fill('Office laptop');
  await section.getByLabel('Your password').fill(E2E_ADMIN_PASSWORD);
  await section.getByRole('button', { name: 'Create passkey' }).click();
  await expect(section.getByRole('status')).toContainText(PASSKEY_ADDED);
  const list = section.getByRole('list', { name: 'Your passkeys' });
  await expect(list).toContainText('Office laptop');
  await expect(list).toContainText('Never used');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.rpId).toBe('localhost');
  expect(credentials[0]?.isResidentCredential).toBe(true);

  await section.getByRole('button', { name: 'Rename Office laptop' }).click();
  await section.getByLabel('New name').fill('Work laptop');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(list).toContainText('Work laptop');
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSideScroll(page, width, `Settings with a passkey at ${width} px`);
    await keepScreenshot(section, { path: test.info().outputPath(`passkeys-settings-${width}.png`) });
  }

  // Signed out, the sign-in page offers the passkey in the username field's autofill; the virtual authenticator
  // answers at once (as a person choosing it would), so the passkey alone signs in.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${site()}/login?next=%2Fsettings`);
  await expect(page).toHaveURL(/\/settings$/);
  await waitForIslands(page);
  await expect(list).toContainText('Work laptop');
  await expect(list).not.toContainText('Never used');

  // Without autofill (a browser that has none), the button does the same.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${site()}/login?next=%2Fsettings`);
  await waitForIslands(page);
  await keepScreenshot(page, { path: test.info().outputPath('passkeys-login.png') });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await waitForIslands(page);

  // Removed, it signs in nowhere (the authenticator still holds it, as a phone would).
  await section.getByRole('button', { name: 'Remove Work laptop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section.getByRole('status')).toContainText(PASSKEY_REMOVED);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${site()}/login`);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText(PASSKEY_FAILED);
  await expect(page).toHaveURL(/\/login/);
});
