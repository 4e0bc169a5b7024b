/** Newsletter double opt-in through the browser: sign up on the home page, the mail in the outbox, confirm, unsubscribe. */
import { expect, test, type Page } from './fixtures.ts';
import { mailFiles, type OutboxMail, waitForMail } from '../helpers/outbox.ts';
import { e2eDataDir } from './helpers/e2e-db.ts';
import { keepScreenshot } from './helpers/screenshots.ts';

const SHOTS = process.env['SHOTS_DIR'] ?? 'test-results/screens';
const signup = (page: Page) => page.getByRole('region', { name: /newsletter/ });

function link(mail: OutboxMail, page: 'confirm' | 'unsubscribe'): URL {
  const href = new RegExp(`https?://[^\\s"<>]+/newsletter/${page}\\?token=[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
  if (!href) throw new Error(`no ${page} link in ${mail.file}`);
  return new URL(href);
}

test('a visitor subscribes, confirms from the mail, and unsubscribes from it', async ({ page }) => {
  const email = `reader-${Date.now()}@example.com`;
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/', { waitUntil: 'load' });
  // The form's script is part of the page (Astro inlines it): no module request competes with the hero's first paint.
  expect(scripts.filter((path) => /newsletter/i.test(path))).toEqual([]);
  const form = signup(page);
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByRole('heading', { level: 2 })).toContainText('newsletter');

  // A bad address is refused by the server with a sentence, and nothing is mailed.
  await form.getByRole('textbox', { name: 'Email address' }).fill('not an email');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('status')).toHaveText('Enter a valid email address.');

  const before = mailFiles(e2eDataDir());
  await form.getByRole('textbox', { name: 'Email address' }).fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Thanks! Check your inbox and open the link we sent to confirm your subscription.',
  );
  await expect(form.getByRole('textbox', { name: 'Email address' })).toHaveValue('');
  await keepScreenshot(form, { path: `${SHOTS}/newsletter-signed-up.png` });

  const mail = await waitForMail(e2eDataDir(), { to: email, after: before });
  expect(mail.subject).toMatch(/confirm your newsletter subscription/);
  const confirm = link(mail, 'confirm');
  const unsubscribe = link(mail, 'unsubscribe');
  expect(mail.html).toContain(confirm.href.replace(/&/g, '&amp;'));
  expect(mail.html).toContain(unsubscribe.href);

  // Opening the link confirms (the page POSTs the token) and the token leaves the address bar.
  await page.goto(confirm.pathname + confirm.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Your subscription is confirmed. Welcome aboard!');
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByText('Confirming your subscription')).toBeHidden();
  await keepScreenshot(page, { path: `${SHOTS}/newsletter-confirmed.png` });

  // The same link again: already used.
  await page.goto(confirm.pathname + confirm.search);
  await expect(page.getByRole('status')).toContainText('invalid or has expired');

  // The unsubscribe page does nothing until the button is pressed.
  await page.goto(unsubscribe.pathname + unsubscribe.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await page.waitForTimeout(300);
  await expect(page.getByRole('status')).toHaveText('');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'You have been unsubscribed and will get no more newsletters from us.',
  );
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeHidden();
  await keepScreenshot(page, { path: `${SHOTS}/newsletter-unsubscribed.png` });
});

test('a link without its token says so', async ({ page }) => {
  await page.goto('/newsletter/confirm');
  await expect(page.getByRole('status')).toContainText('This link is incomplete');
  await page.goto('/newsletter/unsubscribe');
  await expect(page.getByRole('status')).toContainText('This link is incomplete');
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeHidden();
});
