/**
 * Registering for a free demo event on its page: the form, the answer, the mail with its .ics in the outbox; and the
 * event page's form and the admin's Events screen at 320, 375 and 1280 px in both themes.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from './fixtures.ts';
import { mailFiles, waitForMail } from '../helpers/outbox.ts';
import { adminApi } from './helpers/admin.ts';
import { e2eDataDir } from './helpers/e2e-db.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

/** A free demo event with a capacity (120 places, 95 taken). */
const EVENT = '/events/open-studio-new-collection';
const DIR = process.env['X_SHOTS'] ?? 'test-results/screens/event-registration';

let api: APIRequestContext;
let token: string;
test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
  mkdirSync(DIR, { recursive: true });
});
test.afterAll(async () => {
  await api.dispose();
});

test('a visitor registers for a free event on its page and gets the mail with the calendar file', async ({ page }) => {
  const email = `guest-${Date.now()}@example.com`;
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(EVENT);
  const form = page.getByRole('region', { name: 'Register' });
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByTestId('places')).toHaveText(/^\d+ places left$/);
  // The form's code came by URL, once, when the form was in view.
  expect(scripts.filter((path) => path.includes('event-registration'))).toHaveLength(1);
  const left = Number((await form.getByTestId('places').textContent())?.split(' ')[0]);

  await form.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('spinbutton', { name: 'Seats' }).fill('2');
  const before = mailFiles(e2eDataDir());
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByRole('status')).toContainText("You're registered");
  await expect(form.getByTestId('places')).toHaveText(`${left - 2} places left`);

  const mail = await waitForMail(e2eDataDir(), { to: email, after: before });
  expect(mail.subject).toContain("you're registered for Open Studio: New Collection");
  expect(mail.text).toContain('Seats: 2 seats');
  expect(mail.headers['content-type']).toMatch(/^multipart\/mixed/);
  const cancel = /https?:\/\/[^\s]+\/events\/cancel\?token=[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(cancel).toBeTruthy();

  // The same address again is refused under the email field.
  await page.reload();
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByTestId('places')).toHaveText(/places left/);
  await form.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByText('already registered for this event')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');

  // The mailed cancel link cancels once its button is pressed, and the places are free again.
  const link = new URL(cancel ?? '');
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel your registration' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await page.getByRole('button', { name: 'Cancel my registration' }).click();
  await expect(page.getByRole('status')).toHaveText('Your registration is cancelled. Thank you for letting us know.');
  await keepScreenshot(page, { path: join(DIR, 'cancelled.png') });
  await page.goto(EVENT);
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByTestId('places')).toHaveText(`${left} places left`);
});

test('the event form and the admin Events screen fit 320, 375 and 1280 px in both themes', async ({ browser }) => {
  await inBothThemes(browser, null, async (page, theme, width) => {
    await page.goto(EVENT);
    const form = page.getByRole('region', { name: 'Register' });
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByTestId('places')).toHaveText(/places left/);
    await expectNoSideScroll(page, width, `event page, ${theme}`);
    await keepScreenshot(page, { path: join(DIR, `event-${width}-${theme}.png`), fullPage: true });
  });
  await inBothThemes(browser, token, async (page, theme, width) => {
    await page.goto('/admin/events');
    const table = page.getByRole('table', { name: 'Events and their registrations' });
    await expect(table).toContainText('Open Studio: New Collection');
    await expectNoSideScroll(page, width, `admin events, ${theme}`);
    await keepScreenshot(page, { path: join(DIR, `admin-events-${width}-${theme}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Registrations of Lunchtime Sketching Workshop' }).click();
    const list = page.getByRole('table', { name: 'Registrations' });
    await expect(list.getByRole('row').first()).toBeVisible();
    await expectNoSideScroll(page, width, `admin registrations, ${theme}`);
    await keepScreenshot(page, { path: join(DIR, `admin-registrations-${width}-${theme}.png`), fullPage: true });
    await list
      .getByRole('button', { name: /^Cancel the registration of/ })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this registration?' });
    await expect(confirm).toBeVisible();
    await keepScreenshot(page, { path: join(DIR, `admin-cancel-${width}-${theme}.png`) });
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(confirm).toBeHidden();
  });
});

test('the admin exports an event’s registrations as CSV', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  await page.goto('/admin/events');
  await page.getByRole('button', { name: 'Registrations of Lunchtime Sketching Workshop' }).click();
  await expect(page.getByRole('table', { name: 'Registrations' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('registrations-lunchtime-sketching-workshop.csv');
  await context.close();
});
