/**
 * The newsletter as an admin uses it: the subscribers found by search; an issue composed in the rich-text editor,
 * previewed, tested to oneself and sent after a confirmation naming the recipients; a confirmed subscriber's mail in
 * the outbox with their own unsubscribe link, none to a pending one. Screens at 320, 375 and 1280 px in both themes.
 * The e2e server is shared: the addresses this file adds are its own (a run id), and are removed afterwards.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { mailFiles, parseMail, waitForMail } from '../helpers/outbox.ts';
import { ADMIN_EMAIL, adminApi, signedInAs } from './helpers/admin.ts';
import { expectPageWithinPolicy, watchPolicy } from './helpers/csp-audit.ts';
import { e2eDataDir, withDb } from './helpers/e2e-db.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

test.describe.configure({ mode: 'serial' });

const SHOTS = process.env['X_SHOTS'] ?? 'test-results/screens/admin-newsletter';
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const CONFIRMED = `nl-reader.${RUN}@example.com`;
const PENDING = `nl-pending.${RUN}@example.com`;
const SUBJECT = `Autumn letter ${RUN}`;

let api: APIRequestContext;
let token = '';

function addSubscriber(email: string, status: 'confirmed' | 'pending', source: 'form' | 'import'): void {
  const at = new Date().toISOString();
  withDb((db) =>
    db
      .prepare(
        `INSERT INTO newsletter_subscribers
           (id, email, status, source, confirm_token_hash, unsubscribe_token_hash, created_at, confirmed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      // A pending address was mailed its link already (one without a token is owed a confirmation by the worker).
      .run(
        randomUUID(),
        email,
        status,
        source,
        status === 'pending' ? randomUUID() : null,
        randomUUID(),
        at,
        status === 'confirmed' ? at : null,
      ),
  );
}

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
  addSubscriber(CONFIRMED, 'confirmed', 'form');
  addSubscriber(PENDING, 'pending', 'import');
});

test.afterAll(async () => {
  withDb((db) => db.prepare('DELETE FROM newsletter_subscribers WHERE email LIKE ?').run(`%.${RUN}@example.com`));
  await api.dispose();
});

async function openNewsletter(page: Page): Promise<void> {
  await signedInAs(page, token);
  await page.goto('/admin/newsletter');
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('tab', { name: 'Subscribers' })).toHaveAttribute('aria-selected', 'true');
}

test('an admin finds subscribers, composes an issue, previews it, tests it and sends it to the confirmed ones', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const watch = await watchPolicy(page.context());
  await openNewsletter(page);
  await page.getByRole('searchbox', { name: 'Search subscribers' }).fill(RUN);
  const rows = page.locator('table[aria-label="Subscribers"] tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: CONFIRMED })).toContainText('Confirmed');
  await expect(rows.filter({ hasText: PENDING })).toContainText('Import');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('confirmed');
  await expect(rows).toHaveCount(1);
  await keepScreenshot(page, { path: `${SHOTS}/subscribers-1280.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Issues' }).click();
  await page.getByRole('button', { name: 'New issue' }).click();
  const dialog = page.getByRole('dialog', { name: 'New issue' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
  const editor = dialog.getByRole('textbox', { name: 'Message' });
  await editor.click();
  await page.keyboard.type('Warm wool is back in the shop.');

  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.frameLocator('iframe[title^="Preview of"]');
  await expect(preview.getByText('Warm wool is back in the shop.')).toBeVisible();
  await expect(preview.getByRole('heading', { name: SUBJECT })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
  // The mail's inline styles reach the frame through the CSSOM: nothing the page's policy refuses.
  await expectPageWithinPolicy(page, watch, 'the preview open');
  await keepScreenshot(page, { path: `${SHOTS}/preview-1280.png` });
  await dialog.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editor).toContainText('Warm wool');

  const before = mailFiles(e2eDataDir());
  await dialog.getByRole('button', { name: 'Send test' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`A test was sent to ${ADMIN_EMAIL}.`);
  const testMail = await waitForMail(e2eDataDir(), { to: ADMIN_EMAIL, after: before, subject: '[Test]' });
  expect(testMail.subject).toBe(`[Test] ${SUBJECT}`);

  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(dialog).toBeHidden();
  const issue = page.getByRole('list', { name: 'Issues' }).getByRole('listitem').filter({ hasText: SUBJECT });
  await expect(issue).toContainText('Draft');

  const { confirmed } = (await (
    await api.get('/api/admin/newsletter/audience', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { confirmed: number };
  await issue.getByRole('button', { name: `Send ${SUBJECT}` }).click();
  const confirm = page.getByRole('dialog', { name: `Send "${SUBJECT}"?` });
  await expect(confirm).toContainText(
    confirmed === 1 ? 'the 1 confirmed subscriber' : `all ${confirmed} confirmed subscribers`,
  );
  await keepScreenshot(page, { path: `${SHOTS}/send-confirm-1280.png` });
  await confirm.getByRole('button', { name: `Send to ${confirmed}` }).click();
  await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveText(
    `Sending to ${confirmed} ${confirmed === 1 ? 'subscriber' : 'subscribers'}.`,
  );
  // The list reads the progress again while sending, until the issue is sent.
  await expect(issue).toContainText('Sent', { timeout: 20_000 });
  await expect(issue.locator('[data-progress]')).toContainText(`${confirmed} of ${confirmed} sent`);
  await keepScreenshot(page, { path: `${SHOTS}/issues-1280.png`, fullPage: true });

  const mail = await waitForMail(e2eDataDir(), { to: CONFIRMED, after: before, subject: SUBJECT });
  const unsubscribe = /https?:\/\/[^\s"<>]+\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(unsubscribe, 'a personal unsubscribe link').not.toBeNull();
  expect(mail.headers['list-unsubscribe']).toContain(`/api/newsletter/unsubscribe?token=${unsubscribe?.[1] ?? ''}`);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(mail.html).toContain('Warm wool is back in the shop.');
  const toPending = mailFiles(e2eDataDir())
    .filter((f) => !before.includes(f))
    .map((f) => parseMail(e2eDataDir(), f))
    .filter((m) => m.to.includes(PENDING));
  expect(toPending).toEqual([]);

  await page.getByRole('tab', { name: 'Subscribers' }).click();
  await page.getByRole('button', { name: 'Add addresses' }).click();
  await expect(page.getByRole('dialog', { name: 'Add addresses' })).toBeVisible();
  await expectPageWithinPolicy(page, watch, 'the import dialog open');
});

test('the newsletter screens fit 320, 375 and 1280 px in both themes', async ({ browser }) => {
  test.setTimeout(90_000);
  await inBothThemes(browser, token, async (page, theme, width) => {
    await page.goto('/admin/newsletter');
    await expect(page.getByRole('tab', { name: 'Subscribers' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('table', { name: 'Subscribers' })).toBeVisible();
    await expectNoSideScroll(page, width, `subscribers ${theme}`);
    await keepScreenshot(page, { path: `${SHOTS}/subscribers-${theme}-${width}.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Issues' }).click();
    await expect(page.getByRole('list', { name: 'Issues' })).toBeVisible();
    await expectNoSideScroll(page, width, `issues ${theme}`);
    await keepScreenshot(page, { path: `${SHOTS}/issues-${theme}-${width}.png`, fullPage: true });
    if (width !== 1280) {
      await page.getByRole('button', { name: 'New issue' }).click();
      await expect(page.getByRole('dialog', { name: 'New issue' })).toBeVisible();
      await keepScreenshot(page, { path: `${SHOTS}/compose-${theme}-${width}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Subscribers' }).click();
      await page.getByRole('button', { name: 'Add addresses' }).click();
      await expect(page.getByRole('dialog', { name: 'Add addresses' })).toBeVisible();
      await keepScreenshot(page, { path: `${SHOTS}/import-${theme}-${width}.png` });
      await page.keyboard.press('Escape');
    }
  });
});
