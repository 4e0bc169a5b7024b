/**
 * Backup from the admin area: the admin opens /admin/backup from the sidebar, chooses a passphrase
 * (a mistyped second one is caught on the page), presses "Download backup", sees the server at work, and the browser
 * saves one .tar.gz.age that opens with that passphrase only, whose manifest lists the demo site's tables and every
 * media file with the checksum of the bytes inside. Screenshots at 320, 375 and 1280 px in both themes go to
 * BACKUP_SHOTS, else the test results' folder.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Decrypter } from 'age-encryption';
import { expect, test, type Page } from './fixtures.ts';
import tar from 'tar-stream';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { keepScreenshot } from './helpers/screenshots.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';

const SHOTS = process.env['BACKUP_SHOTS'] ?? 'test-results/screens/admin-backup';
const PASSPHRASE = 'quiet harbour backup lantern';

interface Manifest {
  database: { kind: string; tables: Record<string, number> };
  media: { name: string; size: number; sha256: string }[];
  documents: { name: string; sha256: string }[];
}

let token = '';

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
});

async function openBackup(page: Page) {
  await signedInAs(page, token);
  await page.goto('/admin/backup');
  await expect(page.getByRole('heading', { level: 1, name: 'Backup' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download backup' })).toBeVisible();
}

/** Every entry of a downloaded archive, opened with `passphrase`: name → SHA-256 of its bytes, and the manifest. */
async function readArchive(
  path: string,
  passphrase: string,
): Promise<{ hashes: Map<string, string>; manifest: Manifest }> {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  const extract = tar.extract();
  extract.end(gunzipSync(await decrypter.decrypt(await readFile(path))));
  const hashes = new Map<string, string>();
  let manifest: Manifest | undefined;
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    if (entry.header.name === 'manifest.json') manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
    else hashes.set(entry.header.name, createHash('sha256').update(bytes).digest('hex'));
  }
  if (!manifest) throw new Error('the archive has no manifest.json');
  return { hashes, manifest };
}

test('the admin downloads a backup of the whole site from the Backup screen', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signedInAs(page, token);
  await page.goto('/admin-dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Backup' }).first().click();
  await expect(page).toHaveURL(/\/admin\/backup\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Backup' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Restore a backup into this site' })).toBeVisible();

  // The request is held until the busy state has been seen: a small site's archive is made faster than a look.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/backup', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await page.getByLabel('The same passphrase again').fill(`${PASSPHRASE}s`);
  await page.getByRole('button', { name: 'Download backup' }).click();
  await expect(page.getByText('The two passphrases are not the same')).toBeVisible();
  await page.getByLabel('The same passphrase again').fill(PASSPHRASE);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup' }).click();
  await expect(page.getByRole('button', { name: 'Preparing backup…' })).toBeDisabled();
  await expect(page.getByText('Making the backup on the server')).toBeVisible();
  release();

  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^site-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz\.age$/);
  const path = testInfo.outputPath(file.suggestedFilename());
  await file.saveAs(path);
  await expect(page.locator('p[role=status]', { hasText: `Saved ${file.suggestedFilename()}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download backup' })).toBeEnabled();

  // The product's own scrypt cost (age's default), which a restore reads from the file.
  expect((await readFile(path)).subarray(0, 200).toString('latin1')).toMatch(/^-> scrypt \S+ 18$/m);
  await expect(readArchive(path, 'another passphrase entirely')).rejects.toThrow();
  const { hashes, manifest } = await readArchive(path, PASSPHRASE);
  expect(manifest.database.kind).toBe('sqlite');
  expect(hashes.has('database/site.db')).toBe(true);
  expect(manifest.database.tables['products']).toBeGreaterThan(0);
  expect(manifest.database.tables['users']).toBeGreaterThan(0);
  expect(manifest.media.length).toBeGreaterThan(10);
  for (const file of [
    ...manifest.media.map((f) => ({ ...f, entry: `media/${f.name}` })),
    ...manifest.documents.map((f) => ({ ...f, entry: `documents/${f.name}` })),
  ]) {
    expect(hashes.get(file.entry), file.entry).toBe(file.sha256);
  }
});

test('looks finished at 320, 375 and 1280 px in both themes, never wider than the screen', async ({ browser }) => {
  test.setTimeout(45_000);
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(([t]) => localStorage.setItem('theme', t), [theme] as const);
    await openBackup(page);
    // A refused passphrase shows where it was typed.
    await page.getByLabel('Passphrase', { exact: true }).fill('too short');
    await page.getByRole('button', { name: 'Download backup' }).click();
    await expect(page.getByText('The passphrase must be at least 16 characters')).toBeVisible();
    for (const width of [1280, 375, 320]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSideScroll(page, width);
      await keepScreenshot(page, { path: join(SHOTS, `admin-backup-${width}-${theme}.png`), fullPage: true });
    }
    await context.close();
  }
});
