/**
 * The Scheduled screen: the admin sets a draft post to be published at a time on the store's clocks; the change waits
 * in Upcoming, is made once its time comes (the server's runner, without anyone on the screen) and moves to Lately;
 * another is cancelled. The screen fits 320, 375 and 1280 px in both themes.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import type { AdminBlog } from '../../src/shared/schemas/blog-admin.ts';
import type { ScheduleList } from '../../src/shared/schemas/schedule.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';
import { withDb } from './helpers/e2e-db.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

test.describe.configure({ mode: 'serial' });

const TITLE = 'Notes for the spring launch';
let api: APIRequestContext;
let token = '';
let postId = '';
const auth = () => ({ Authorization: `Bearer ${token}` });
const upcoming = (page: Page) => page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem');

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
  const made = await api.post('/api/admin/blogs', { headers: auth(), data: { title: TITLE, content: '<p>Soon.</p>' } });
  expect(made.status()).toBe(201);
  postId = ((await made.json()) as { blog: AdminBlog }).blog._id;
});

test.afterAll(async () => {
  await api.delete(`/api/admin/blogs/${postId}`, { headers: auth() });
  await api.dispose();
});

test('a draft set to publish waits in Upcoming, is published at its time, and another change is cancelled', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { timeZone } = (await (await api.get('/api/admin/schedule', { headers: auth() })).json()) as ScheduleList;
  await signedInAs(page, token);
  await page.goto('/admin/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduled' })).toBeVisible();
  await expect(page.getByText('Nothing is scheduled.')).toBeVisible();

  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Blog post' });
  await page.getByLabel('Item', { exact: true }).selectOption({ label: `${TITLE} (draft)` });
  await expect(page.getByLabel('Change', { exact: true })).toHaveValue('publish');
  await expect(page.getByText(`On the store’s clocks (${timeZone}).`)).toBeVisible();
  const at = await page.getByLabel('Date and time', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Blog post “${TITLE}” will be published on ${at.slice(0, 10)} at ${at.slice(11, 16)} (${timeZone}).`,
  );
  await expect(upcoming(page)).toHaveCount(1);
  await expect(upcoming(page)).toContainText(TITLE);
  await expect(upcoming(page)).toContainText('Set by');

  // Its time comes: nobody is on the screen, the server's runner makes it.
  withDb((db) =>
    db
      .prepare("UPDATE scheduled_changes SET run_at = ? WHERE item_id = ? AND status = 'pending'")
      .run(new Date(Date.now() - 1000).toISOString(), postId),
  );
  await expect
    .poll(
      async () =>
        ((await (await api.get(`/api/admin/blogs/${postId}`, { headers: auth() })).json()) as { blog: AdminBlog }).blog
          .published,
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.reload();
  await expect(page.getByText('Nothing is scheduled.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lately' }).getByRole('listitem').first()).toContainText(TITLE);
  await expect(page.getByRole('region', { name: 'Lately' }).getByRole('listitem').first()).toContainText('Made');

  // Now published, the same post is offered to be taken down; that change is cancelled.
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Blog post' });
  await page.getByLabel('Item', { exact: true }).selectOption({ label: `${TITLE} (published)` });
  await expect(page.getByLabel('Change', { exact: true })).toHaveValue('unpublish');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(upcoming(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Cancel: unpublish ${TITLE}` }).click();
  await expect(page.getByRole('status')).toHaveText('Scheduled change cancelled');
  await expect(page.getByText('Nothing is scheduled.')).toBeVisible();
});

test('a time in the past is refused at the field, and nothing is set', async ({ page }) => {
  await signedInAs(page, token);
  await page.goto('/admin/schedule');
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Blog post' });
  await page.getByLabel('Item', { exact: true }).selectOption({ label: `${TITLE} (published)` });
  await page.getByLabel('Date and time', { exact: true }).fill('2020-01-01T09:00');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByLabel('Date and time', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Date and time must be in the future.')).toBeVisible();
  await expect(page.getByText('Nothing is scheduled.')).toBeVisible();
});

test('the Scheduled screen fits 320, 375 and 1280 px in both themes', async ({ browser }) => {
  const dir = process.env['X_SHOTS'] ?? 'test-results/screens/admin-schedule';
  mkdirSync(dir, { recursive: true });
  await api.post('/api/admin/schedule', {
    headers: auth(),
    data: {
      type: 'blogs',
      id: postId,
      action: 'unpublish',
      at: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 16),
    },
  });
  await inBothThemes(browser, token, async (page, theme, width) => {
    await page.goto('/admin/schedule');
    await expect(upcoming(page)).toHaveCount(1);
    await expectNoSideScroll(page, width, `scheduled, ${theme}`);
    await keepScreenshot(page, { path: join(dir, `schedule-${width}-${theme}.png`), fullPage: true });
  });
});
