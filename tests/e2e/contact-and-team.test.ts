/**
 * The contact form really sends, and the team on About is the company's: a message lands
 * in the outbox before 'Message sent successfully!' shows; a failure shows the error in red; About shows the set team
 * (or the spec's placeholders); the admin's Team screen adds, edits, reorders and removes a member.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures.ts';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { TeamMember } from '../../src/shared/schemas/team.ts';
import { adminApi, adminToken, signedInAs } from './helpers/admin.ts';
import { e2eDataDir } from './helpers/e2e-db.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { keepScreenshot, widthsInTurn } from './helpers/screenshots.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';

/** The worker's server's outbox (its DATA_DIR is known once the worker's server has started). */
const outbox = () => join(e2eDataDir(), 'outbox');
const outboxFiles = () => (existsSync(outbox()) ? readdirSync(outbox()).filter((f) => f.endsWith('.eml')) : []);
const SENT = 'Message sent successfully!';
const FAILED = 'An error occurred. Please try again.';

/** The element's text colour as sRGB 0-255, whatever CSS colour syntax the browser reports. */
function textRgb(locator: Locator): Promise<[number, number, number]> {
  return locator.evaluate((el) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('this browser has no 2d canvas');
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    // One pixel: red, green, blue, alpha.
    return [...ctx.getImageData(0, 0, 1, 1).data.subarray(0, 3)] as [number, number, number];
  });
}
type Rgb = [number, number, number];
const isRed = ([r, g, b]: Rgb) => r > g + 60 && r > b + 60;
const isGreen = ([r, g, b]: Rgb) => g > r + 40 && g > b + 20;

async function openContact(page: Page, theme: 'light' | 'dark' = 'dark') {
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  await page.goto('/contact');
}

async function fillContact(page: Page, subject: string) {
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('Do you ship lamps to Lisbon?');
}

test.describe('Contact form', () => {
  test('a message is stored and mailed to the company before the success text shows, in green', async ({ page }) => {
    await openContact(page, 'light');
    const subject = `Shipping question ${Date.now()}`;
    await fillContact(page, subject);
    const before = new Set(outboxFiles());
    // The request is held: while the server has not answered, the form says it is sending and claims nothing.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(page.getByRole('status')).toHaveText('');
    release();

    const status = page.getByRole('status');
    await expect(status).toHaveText(SENT);
    const mails = outboxFiles()
      .filter((f) => !before.has(f))
      .map((f) => readFileSync(join(outbox(), f), 'utf8'));
    const mail = mails.find((m) => m.includes(subject));
    expect(mail, 'the mail is in the outbox once success shows').toBeDefined();
    expect(mail).toMatch(/^Reply-To: Ada Lovelace <ada@example\.com>$/m);
    expect(isGreen(await textRgb(status)), 'success text is green').toBe(true);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    for (const label of ['Name', 'Email', 'Subject', 'Message'])
      await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  });

  test('the honeypot is out of sight and out of reach', async ({ page }) => {
    await openContact(page);
    const trap = page.locator('input[name="website"]');
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    const box = await trap.boundingBox();
    expect(box === null || box.x + box.width <= 0).toBe(true);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`a server failure shows the error in red (${theme} theme), and a refusal shows the server's sentence`, async ({
      page,
    }) => {
      await openContact(page, theme);
      await fillContact(page, 'Will fail');
      await page.route('**/api/contact', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }),
      );
      await page.getByRole('button', { name: 'Send Message' }).click();
      const status = page.getByRole('status');
      await expect(status).toHaveText(FAILED);
      expect(isRed(await textRgb(status)), 'error text is red').toBe(true);
      await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Will fail');

      await page.unroute('**/api/contact');
      await page.route('**/api/contact', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Please enter a subject.', field: 'subject' }),
        }),
      );
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(status).toHaveText('Please enter a subject.');
      await expect(page.getByLabel('Subject', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('Subject', { exact: true })).toBeFocused();
    });

    test(`the success colour is green in the ${theme} theme`, async ({ page }) => {
      await openContact(page, theme);
      await fillContact(page, 'Colour check');
      // Answered by the test: the real path is covered above, and the rate limit stays for real visitors.
      await page.route('**/api/contact', (route) =>
        route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ message: SENT }) }),
      );
      await page.getByRole('button', { name: 'Send Message' }).click();
      const status = page.getByRole('status');
      await expect(status).toHaveText(SENT);
      expect(isGreen(await textRgb(status))).toBe(true);
    });

    test(`the login form's error is red in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.route('**/api/auth/login', (route) =>
        route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Invalid credentials' }),
        }),
      );
      await page.goto('/login');
      await waitForIslands(page);
      await page.locator('input[name="username"], input[autocomplete="username"]').first().fill('someone');
      await page.locator('input[type="password"]').first().fill('not the password at all');
      await page.locator('form button[type="submit"]').first().click();
      const alert = page.getByRole('alert').filter({ hasText: /\S/ }).first();
      await expect(alert).toBeVisible();
      expect(isRed(await textRgb(alert))).toBe(true);
    });
  }
});

test.describe('About team', () => {
  test('shows the set team members with portraits, roles and bios, or the three placeholders when none is set', async ({
    page,
    request,
  }) => {
    const team = ((await (await request.get('/api/team')).json()) as { results: TeamMember[] }).results;
    await page.goto('/about');
    const section = page
      .getByRole('main')
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Our Team' }) });
    if (team.length === 0) {
      for (const n of [1, 2, 3])
        await expect(section.getByRole('heading', { name: `Team Member ${n}`, exact: true })).toBeVisible();
      await expect(section.getByText('Position', { exact: true })).toHaveCount(3);
      return;
    }
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(team.map((m) => m.name));
    await expect(section.getByText(/^Team Member \d$/)).toHaveCount(0);
    for (const member of team) {
      const item = section
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: member.name, exact: true }) });
      if (member.role) await expect(item.getByText(member.role, { exact: true })).toBeVisible();
      if (member.bio) await expect(item.getByText(member.bio, { exact: true })).toBeVisible();
      if (member.photo) {
        const img = item.getByRole('img', { name: member.name, exact: true });
        await img.scrollIntoViewIfNeeded();
        await expect(img).toHaveAttribute('src', member.photo);
        await expect(item.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /-w480\.avif 480w/);
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      }
    }
  });
});

test.describe('Admin team screen', () => {
  let api: APIRequestContext;
  let token = '';
  let original: TeamMember[] = [];
  const extra: string[] = [];
  const auth = () => ({ Authorization: `Bearer ${token}` });
  const adminTeam = async () =>
    ((await (await api.get('/api/admin/team', { headers: auth() })).json()) as { results: TeamMember[] }).results;

  test.beforeAll(async ({ playwright }) => {
    ({ api, token } = await adminApi(playwright));
    original = await adminTeam();
    // Reordering needs a neighbour: an empty team gets one for the test.
    if (original.length === 0) {
      const res = await api.post('/api/admin/team', {
        headers: auth(),
        data: { name: 'Temporary Colleague', role: 'Placeholder' },
      });
      extra.push(((await res.json()) as { member: TeamMember }).member._id);
    }
  });

  test.afterAll(async () => {
    // Whatever the test left behind goes, and the team returns to its order.
    for (const member of await adminTeam()) {
      if (!original.some((m) => m._id === member._id))
        await api.delete(`/api/admin/team/${member._id}`, { headers: auth() });
    }
    if (original.length > 0)
      await api.put('/api/admin/team/order', { headers: auth(), data: { ids: original.map((m) => m._id) } });
    await api.dispose();
  });

  test('adds a member with a portrait, edits, moves and removes it', async ({ page, request }) => {
    test.setTimeout(60_000);
    await signedInAs(page, await adminToken(request));
    await page.goto('/admin/team');
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    const table = page.getByRole('list', { name: 'Team members' });
    await expect(table.getByRole('listitem')).not.toHaveCount(0);

    await page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Team Member' });
    // The island's own classes are in the page's CSS: the dialog is centred and as wide as it asks (36rem).
    const box = await dialog.boundingBox();
    assert(box);
    expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(2);
    expect(Math.round(box.width)).toBe(576);
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog.getByText('Name is required.')).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill('Erin Example');
    await dialog.getByLabel('Role', { exact: true }).fill('Test Lead');
    await dialog.getByLabel('Short bio', { exact: true }).fill('Checks that every screen works.');
    const portrait = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    await dialog
      .getByLabel('Choose a portrait')
      .setInputFiles({ name: 'erin.png', mimeType: 'image/png', buffer: portrait });
    await expect(dialog.getByRole('img', { name: 'New portrait preview' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Erin Example was added to the team' })).toBeVisible();
    const row = table.getByRole('listitem').filter({ hasText: 'Erin Example' });
    await expect(row).toContainText('Test Lead');
    const stored = (await adminTeam()).find((m) => m.name === 'Erin Example');
    assert(stored);
    expect(stored.photo).toMatch(/^\/media\/.+\.webp$/);
    const count = (await adminTeam()).length;
    expect(stored.order).toBe(count - 1);

    await row.getByRole('button', { name: 'Edit Erin Example' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Team Member' });
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('Erin Example');
    await edit.getByLabel('Role', { exact: true }).fill('Quality Lead');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Quality Lead');

    await row.getByRole('button', { name: 'Move Erin Example up' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Order saved: Erin Example is now number ${count - 1} of ${count}.` }),
    ).toBeVisible();
    await expect(row.getByRole('button', { name: 'Move Erin Example up' })).toBeFocused();
    const moved = (await adminTeam()).find((m) => m._id === stored._id);
    assert(moved);
    expect(moved.order).toBe(count - 2);

    await row.getByRole('button', { name: 'Delete Erin Example' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove team member?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Erin Example was removed from the team.' })).toBeVisible();
    await expect(table.getByRole('listitem').filter({ hasText: 'Erin Example' })).toHaveCount(0);
    expect((await adminTeam()).some((m) => m.name === 'Erin Example')).toBe(false);
  });
});

// Screenshots kept as test artifacts (CONTACT_SHOTS=<dir> to keep them elsewhere): /contact idle, success and error,
// /about and the admin Team screen.
test.describe('screenshots', () => {
  test('/contact idle, sent and failed, /about and the admin Team screen fit 320, 375 and 1280 px in both themes', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const dir = process.env['CONTACT_SHOTS'] ?? 'test-results/screens/contact';
    mkdirSync(dir, { recursive: true });
    const token = await adminToken(request);
    for (const theme of ['light', 'dark'] as const) {
      // One tab per theme, going through the states again at each width.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(
        ([t, k]) => {
          localStorage.setItem('theme', t);
          if (location.pathname.startsWith('/admin')) localStorage.setItem('token', k);
        },
        [theme, token] as const,
      );
      for (const width of widthsInTurn(theme)) {
        await page.setViewportSize({ width, height: 900 });
        // Each state kept as a screenshot (E2E_SCREENSHOTS=1), and none wider than the screen.
        const shot = async (name: string) => {
          await keepScreenshot(page, { path: join(dir, `${name}-${width}-${theme}.png`), fullPage: true });
          await expectNoSideScroll(page, width, `${name}, ${theme}`);
        };
        await page.goto('/contact');
        await shot('contact-idle');
        await fillContact(page, 'Screenshot');
        await page.route('**/api/contact', (route) =>
          route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ message: SENT }) }),
        );
        await page.getByRole('button', { name: 'Send Message' }).click();
        await expect(page.getByRole('status')).toHaveText(SENT);
        await shot('contact-success');
        await page.unroute('**/api/contact');
        await fillContact(page, 'Screenshot');
        await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '' }));
        await page.getByRole('button', { name: 'Send Message' }).click();
        await expect(page.getByRole('status')).toHaveText(FAILED);
        await shot('contact-error');
        await page.goto('/about');
        for (const img of await page.locator('main img').all()) await img.scrollIntoViewIfNeeded();
        await page.waitForLoadState('networkidle');
        await shot('about');
        await page.goto('/admin/team');
        await expect(
          page.getByRole('list', { name: 'Team members' }).or(page.getByText('No team members yet.')),
        ).toBeVisible();
        await shot('admin-team');
        await page.getByRole('button', { name: 'Add Member' }).click();
        await keepScreenshot(page, { path: join(dir, `admin-team-dialog-${width}-${theme}.png`) });
      }
      await context.close();
    }
  });
});
