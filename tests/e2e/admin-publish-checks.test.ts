/**
 * Publish checks from the admin area: the admin opens /admin/publish-checks from the sidebar; a post published with a
 * link to a page that does not exist is held back once the checks run ("Check now", which asks for a rebuild), with
 * the finding and a Fix link that opens the Blogs tab on that post; visitors cannot read it; once its link is fixed
 * the next run lets it out. Screenshots at 320, 375 and 1280 px in both themes go to PUBLISH_CHECKS_SHOTS with
 * E2E_SCREENSHOTS=1.
 */
import { join } from 'node:path';
import type { PublishCheckReport } from '../../src/shared/publish-checks.ts';
import type { AdminBlog } from '../../src/shared/schemas/blog-admin.ts';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

const SHOTS = process.env['PUBLISH_CHECKS_SHOTS'] ?? 'test-results/screens/admin-publish-checks';
const TITLE = `Checked post ${Date.now().toString(36)}`;

let token = '';
let post: AdminBlog;

const auth = () => ({ Authorization: `Bearer ${token}` });

async function setContent(request: APIRequestContext, content: string) {
  const res = await request.put(`/api/admin/blogs/${post._id}`, { headers: auth(), data: { content } });
  expect(res.status()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const res = await request.post('/api/admin/blogs', {
    headers: auth(),
    data: {
      title: TITLE,
      published: true,
      content: '<p>Our opening hours are on <a href="/pages/opening-hours-2019">the hours page</a>.</p>',
    },
  });
  expect(res.status()).toBe(201);
  post = ((await res.json()) as { blog: AdminBlog }).blog;
});

// Other files on this worker compare the API's posts with the pages built before them: the post goes when done.
test.afterAll(async ({ request }) => {
  expect((await request.delete(`/api/admin/blogs/${post._id}`, { headers: auth() })).status()).toBe(200);
  // Run again now, so the report and the bell no longer name the deleted post.
  expect((await request.post('/api/admin/publish-checks', { headers: auth() })).status()).toBe(202);
});

async function openChecks(page: Page) {
  await signedInAs(page, token);
  await page.goto('/admin-dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Publish checks' }).first().click();
  await expect(page).toHaveURL(/\/admin\/publish-checks\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Publish checks' })).toBeVisible();
}

const card = (page: Page) => page.locator(`[data-item="blog:${post._id}"]`);

test('a post with a broken link is held back until it is fixed, with a link to fix it', async ({
  page,
  request,
  buildHook,
}) => {
  await openChecks(page);
  const mark = buildHook.reasons().length;
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByRole('status')).toContainText('Checked again.');
  await buildHook.asked('publish checks changed', mark);

  await expect(card(page).getByText('Held back', { exact: true })).toBeVisible();
  await expect(card(page).getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(card(page).getByText('Broken link')).toBeVisible();
  await expect(card(page).getByText(/The link to \/pages\/opening-hours-2019 leads to no page/)).toBeVisible();
  expect((await request.get(`/api/blogs/${post.slug}`)).status()).toBe(404);
  await keepScreenshot(card(page), { path: join(SHOTS, 'held-card-1280.png') });

  await card(page)
    .getByRole('link', { name: `Fix ${TITLE}` })
    .click();
  await expect(page).toHaveURL(/\/admin\/content\?tab=Blogs&q=/);
  await expect(page.getByRole('searchbox', { name: 'Search content' })).toHaveValue(TITLE);
  await expect(page.getByText(TITLE).first()).toBeVisible();

  await setContent(request, '<p>Our opening hours are on <a href="/contact">the contact page</a>.</p>');
  await page.goto('/admin/publish-checks');
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByRole('status')).toContainText('Checked again.');
  await expect(card(page)).toHaveCount(0);
  expect((await request.get(`/api/blogs/${post.slug}`)).status()).toBe(200);
});

test('the demo as the run built it: its pages were weighed, and none is over its budget', async ({ request }) => {
  const report = (await (
    await request.get('/api/admin/publish-checks', { headers: auth() })
  ).json()) as PublishCheckReport;
  expect(report.pagesMeasuredAt).not.toBeNull();
  // Only a build weighs pages, and this run's one build is the demo's: any page finding would be the demo's own.
  const heavy = report.items.filter((item) => item.findings.some((finding) => finding.code === 'page-bytes'));
  expect(heavy.map((item) => item.path)).toEqual([]);
});

test('the report reads well at every width, in both themes', async ({ browser, request }) => {
  await setContent(request, '<p>Back to <a href="/pages/opening-hours-2019">the old hours page</a>.</p>');
  expect((await request.post('/api/admin/publish-checks', { headers: auth() })).status()).toBe(202);
  await inBothThemes(browser, token, async (page, theme, width) => {
    await page.goto('/admin/publish-checks');
    await expect(card(page).getByText('Held back', { exact: true })).toBeVisible();
    await expectNoSideScroll(page, width);
    await keepScreenshot(page, { path: join(SHOTS, `publish-checks-${width}-${theme}.png`), fullPage: true });
  });
});
