/**
 * Restoring yesterday's site from the admin area: a backup is made, the company's name changes, and the admin uploads
 * the archive at /admin/backup, checks it with its passphrase (the dry run), restores it after confirming, is signed
 * out like everyone, signs in again, finds the restore waiting to be kept or undone, and keeps it; the site answers
 * with the name of the backup and a rebuild was asked for. A restore signs everyone out, so this file has a server of
 * its own. Screenshots of the dry run and of the restored state at 320, 375 and 1280 px in both themes.
 */
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN_EMAIL } from './helpers/admin.ts';
import { startOwnServer, type WorkerServer } from './helpers/e2e-server.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { keepScreenshot } from './helpers/screenshots.ts';

const SHOTS = process.env['BACKUP_SHOTS'] ?? 'test-results/screens/admin-backup';
const PASSPHRASE = 'quiet harbour restore lantern';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

let server: WorkerServer | undefined;
const site = () => {
  if (!server) throw new Error('the server did not start');
  return server.url;
};

test.beforeAll(async ({ buildHook }) => {
  test.setTimeout(120_000);
  server = await startOwnServer('restore', '127.0.0.1', { REBUILD_WEBHOOK_URL: buildHook.url });
});
test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page) {
  await page.goto(`${site()}/login?next=%2Fadmin%2Fbackup`);
  await waitForIslands(page);
  await page.getByLabel('Username or Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/backup\/?$/);
  await expect(page.getByRole('heading', { name: 'Restore a backup into this site' })).toBeVisible();
}

async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await waitForIslands(page);
    await expect(page.getByRole('heading', { name: 'Restore a backup into this site' })).toBeVisible();
    for (const width of [1280, 375, 320]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSideScroll(page, width);
      await keepScreenshot(page, { path: join(SHOTS, `admin-restore-${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the admin restores yesterday’s backup into the running site and keeps it', async ({
  page,
  playwright,
  buildHook,
}, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: site(), extraHTTPHeaders: { origin: site() } });
  const login = await api.post('/api/auth/login', { data: { username: ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD } });
  const token = ((await login.json()) as { token: string }).token;
  const auth = { authorization: `Bearer ${token}` };
  const { name: original } = (await (await api.get('/api/company')).json()) as { name: string };
  const backup = await api.post('/api/admin/backup', { headers: auth, data: { passphrase: PASSPHRASE } });
  expect(backup.status()).toBe(200);
  const archive = testInfo.outputPath('yesterday.tar.gz.age');
  await writeFile(archive, await backup.body());
  expect((await api.put('/api/company', { headers: auth, data: { name: 'Renamed after the backup' } })).status()).toBe(
    200,
  );

  await signIn(page);
  const panel = page.getByRole('region', { name: 'Restore a backup into this site' });
  await panel.getByLabel('Backup archive').setInputFiles(archive);
  await panel.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(panel.getByText('yesterday.tar.gz.age')).toBeVisible();
  // A wrong passphrase is refused where it was typed.
  await panel.getByLabel('Passphrase of the backup').fill('not the passphrase at all');
  await panel.getByRole('button', { name: 'Check backup' }).click();
  await expect(panel.getByText('The passphrase does not open this archive')).toBeVisible();
  await panel.getByLabel('Passphrase of the backup').fill(PASSPHRASE);
  await panel.getByRole('button', { name: 'Check backup' }).click();
  await expect(panel.getByRole('heading', { name: 'What the restore would change' })).toBeVisible();
  await expect(panel.getByText(/checksums? checked/)).toBeVisible();
  await shots(page, 'checked');

  await panel.getByLabel('Passphrase of the backup').fill(PASSPHRASE);
  const mark = buildHook.reasons().length;
  await panel.getByRole('button', { name: 'Restore this backup' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
  await dialog.getByRole('button', { name: 'Restore this backup' }).click();
  await expect(page.getByText('Restored. Everyone signs in again, you too')).toBeVisible({ timeout: 60_000 });
  await buildHook.asked('the whole site changed', mark);
  expect(((await (await api.get('/api/company')).json()) as { name: string }).name).toBe(original);
  // The sign-ins of before are gone.
  expect((await api.get('/api/admin/restore', { headers: auth })).status()).toBe(401);

  await page.getByRole('link', { name: 'Sign in' }).click();
  await waitForIslands(page);
  await page.getByLabel('Username or Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/backup\/?$/);
  await expect(panel.getByRole('button', { name: 'Keep the restored site' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Undo the restore' })).toBeVisible();
  await shots(page, 'restored');

  await panel.getByRole('button', { name: 'Keep the restored site' }).click();
  await page
    .getByRole('dialog', { name: 'Keep the restored site?' })
    .getByRole('button', { name: 'Keep the restored site' })
    .click();
  await expect(panel.getByLabel('Backup archive')).toBeVisible();
  await api.dispose();
});
