/**
 * Two-factor sign-in as an admin uses it: set up an authenticator in /settings by reading the key from the
 * page (the test is the authenticator app, computing codes with @oslojs/otp), keep the recovery codes, sign out, and
 * sign in again with the password and then a code. Screenshots of the setup and of the code step at 375 and 1280 px
 * in both themes. The admin is one this file makes and deletes, so the server's own admin is never touched.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { generateHOTP } from '@oslojs/otp';
import { expect, test, type Browser, type Page } from './fixtures.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import { withDb } from './helpers/e2e-db.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { keepScreenshot } from './helpers/screenshots.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';

test.describe.configure({ mode: 'serial' });

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ADMIN = {
  id: randomUUID(),
  username: `tfa_${RUN}`,
  email: `tfa.${RUN}@example.com`,
  password: 'second factor lantern 2026',
};
const SHOTS = process.env['TWO_FACTOR_SHOTS'] ?? '/tmp/shots/two-factor';
const SIZES = [375, 1280] as const;
const THEMES = ['light', 'dark'] as const;

/** RFC 4648 base32 (as the page shows the key, in groups) to bytes. */
function base32Bytes(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/\s+/g, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  return new Uint8Array((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}
const stepNow = () => Math.floor(Date.now() / 30_000);
const codeAt = (key: Uint8Array, step: number) => generateHOTP(key, BigInt(step), 6);

let key: Uint8Array;
/** The last step a code was used for: the server never takes it (or an earlier one) again. */
let usedStep = 0;

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const hash = await hashPassword(ADMIN.password);
  const now = new Date().toISOString();
  withDb((db) =>
    db
      .prepare(
        `INSERT INTO users (id, first_name, last_name, email, username, username_key, password_hash, role, email_verified, created_at, updated_at)
         VALUES (?, 'Tess', 'Factor', ?, ?, ?, ?, 'admin', 1, ?, ?)`,
      )
      .run(ADMIN.id, ADMIN.email, ADMIN.username, ADMIN.username.toLowerCase(), hash, now, now),
  );
});

test.afterAll(() => {
  // Its authenticator, recovery codes, challenges and sessions go with it.
  withDb((db) => db.prepare('DELETE FROM users WHERE id = ?').run(ADMIN.id));
});

async function open(
  browser: Browser,
  path: string,
  width: number,
  theme: 'light' | 'dark',
  token?: string,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(
    ([t, theme]) => {
      localStorage.setItem('theme', theme);
      if (t) localStorage.setItem('token', t);
    },
    [token ?? '', theme] as const,
  );
  await page.goto(path);
  await waitForIslands(page);
  return page;
}

/** The same tab at another width, loaded again. */
async function reopen(page: Page, path: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
  await waitForIslands(page);
}

/** Signs in on /login with the password; the page then shows the code step (or goes on without one). */
async function passwordStep(page: Page): Promise<void> {
  await page.getByLabel('Username or Email').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('an admin sets up two-factor sign-in in Settings with an authenticator app', async ({ browser, request }) => {
  test.setTimeout(90_000); // four views (a tab per theme, loaded again at each width), each a new setup
  const res = await request.post('/api/auth/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  expect(res.status()).toBe(200);
  const token = ((await res.json()) as { token: string }).token;

  // Each view starts its own setup (a new key replaces the unconfirmed one); the last one is confirmed.
  let page: Page | undefined;
  for (const theme of THEMES) {
    await page?.context().close();
    page = await open(browser, '/settings', SIZES[0], theme, token);
    for (const width of SIZES) {
      if (width !== SIZES[0]) await reopen(page, '/settings', width);
      const section = page.getByRole('region', { name: 'Two-factor sign-in' });
      await expect(section.locator('[data-two-factor-state]')).toContainText('Off');
      await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await expect(section.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
      await expectNoSideScroll(page, width);
      await keepScreenshot(section, { path: `${SHOTS}/setup-${width}-${theme}.png` });
    }
  }
  assert(page);
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  key = base32Bytes((await section.locator('[data-totp-secret]').textContent()) ?? '');
  expect(key).toHaveLength(20);

  // A wrong code is refused and announced; the right one turns it on and shows the recovery codes once.
  usedStep = stepNow();
  await section.getByLabel('Authentication code').fill(codeAt(key, usedStep + 5));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByRole('alert')).toHaveText('That code is not right. Please try again');
  await section.getByLabel('Authentication code').fill(codeAt(key, usedStep));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(section.getByRole('button', { name: 'Download codes' })).toBeVisible();
  await keepScreenshot(section, { path: `${SHOTS}/recovery-codes-1280-dark.png` });
  await section.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(section.locator('[data-two-factor-state]')).toContainText('On');
  await expect(section.locator('[data-two-factor-state]')).toContainText('10 recovery codes left');
  await page.context().close();
});

test('signing in then asks for the authentication code after the password', async ({ browser }) => {
  test.setTimeout(90_000); // four views (a tab per theme, loaded again at each width), each a sign-in, then the code
  // The code step in each size and theme (nothing is sent there: each is a sign-in left waiting).
  for (const theme of THEMES) {
    const page = await open(browser, '/login', SIZES[0], theme);
    for (const width of SIZES) {
      if (width !== SIZES[0]) await reopen(page, '/login', width);
      await passwordStep(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
      await expect(page.getByLabel('Authentication code')).toBeVisible();
      await expectNoSideScroll(page, width);
      await keepScreenshot(page, { path: `${SHOTS}/code-step-${width}-${theme}.png`, fullPage: true });
    }
    await page.context().close();
  }

  const page = await open(browser, '/login', 1280, 'light');
  await passwordStep(page);
  const field = page.getByLabel('Authentication code');
  // No session yet: the browser holds no token during the second step.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await field.fill(codeAt(key, usedStep + 7));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Please try again');
  await keepScreenshot(page, { path: `${SHOTS}/code-step-wrong-1280-light.png`, fullPage: true });
  // A step after the one used to turn it on: new to the server, and within its ±1 window.
  await field.fill(codeAt(key, Math.max(usedStep + 1, stepNow())));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect((await me.json()) as { username: string; role: string }).toMatchObject({
    username: ADMIN.username,
    role: 'admin',
  });
  await page.context().close();
});
