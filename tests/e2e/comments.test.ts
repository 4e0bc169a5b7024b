/**
 * Comments: a signed-in visitor comments on a post and is told it waits for approval (a first comment is held), the
 * admin approves it on /admin/comments, and the visitor's reload shows it without a site rebuild (the thread reads
 * the current list). Once the admin lets guests comment, a guest asks for a code, reads it from the mail and sends a
 * comment with it, which the queue marks as a guest's. Screenshots of the admin screen and the comment forms (a
 * member's and a guest's) at 320, 375 and 1280 px in both themes.
 */
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { expect, test, type APIRequestContext } from './fixtures.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { registerMember } from './helpers/member.ts';
import { e2eDataDir, withDb } from './helpers/e2e-db.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

const RUN = Date.now().toString(36);
const MEMBER = {
  first: 'Rhea',
  last: 'Reader',
  email: `rhea.${RUN}@example.com`,
  username: `rhea_${RUN}`,
  password: 'amber meadow lantern river',
};
const TEXT = `Thoughtful piece, thank you (${RUN}).`;
const GUEST = { name: 'Gwen Guest', email: `gwen.${RUN}@example.com`, text: `A guest says hello (${RUN}).` };
const SHOTS = process.env['X_SHOTS'] ?? 'test-results/screens/comments';

let api: APIRequestContext;
let admin = '';
let member = '';
let slug = '';

test.beforeAll(async ({ playwright }) => {
  api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env['E2E_PORT']}` });
  admin = await adminToken(api);
  member = await registerMember(api, MEMBER);
  const blogs = (await (await api.get('/api/blogs')).json()) as { results: { slug: string }[] };
  slug = blogs.results[0]?.slug ?? '';
  expect(slug).not.toBe('');
});

/** Turns guest comments on or off as the admin does. */
async function setGuests(guests: boolean) {
  const saved = await api.put('/api/admin/comment-settings', {
    headers: { authorization: `Bearer ${admin}` },
    data: { guests },
  });
  expect(saved.status()).toBe(200);
}

test.afterAll(async () => {
  await setGuests(false);
  withDb((db) => {
    db.prepare('DELETE FROM guest_comment_codes WHERE email = ?').run(GUEST.email);
    db.prepare('DELETE FROM blog_comments WHERE comment LIKE ?').run(`%${RUN}%`);
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(MEMBER.email) as { id: string } | undefined;
    if (user) {
      const comments = db.prepare('SELECT id FROM blog_comments WHERE user_id = ?').all(user.id) as { id: string }[];
      for (const { id } of comments) db.prepare('DELETE FROM audit_log WHERE target_id = ?').run(id);
      db.prepare('DELETE FROM blog_comments WHERE user_id = ?').run(user.id);
      for (const table of ['sessions', 'one_time_codes', 'password_reset_tokens', 'user_views'])
        db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(user.id);
      db.prepare('DELETE FROM users WHERE id = ?').run(user.id);
    }
  });
  await api.dispose();
});

test('a guest is asked to sign in below the comments', async ({ page }) => {
  await page.goto(`/blogs/${slug}`);
  const signIn = page.getByRole('link', { name: 'Sign in to comment' });
  await signIn.scrollIntoViewIfNeeded();
  await waitForIslands(page, 'post');
  await expect(signIn).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/blogs/${slug}`)}`);
});

test('a first comment is held, approved on /admin/comments and then shown on reload without a rebuild', async ({
  browser,
}) => {
  const visitor = await (await browser.newContext()).newPage();
  await signedInAs(visitor, member);
  await visitor.goto(`/blogs/${slug}`);
  // The thread hydrates once in view (client:visible); the form replaces the sign-in prompt then.
  await visitor.getByRole('heading', { name: /^Comments \(\d+\)$/ }).scrollIntoViewIfNeeded();
  await waitForIslands(visitor, 'post');
  const form = visitor.getByRole('form', { name: 'Write a comment' });
  await form.getByLabel('Your comment').fill(TEXT);
  await form.getByRole('button', { name: 'Post comment' }).click();
  await expect(form.getByRole('status')).toHaveText('Your comment is waiting for approval');
  const thread = visitor.getByRole('region', { name: /^Comments \(\d+\)$/ });
  await expect(thread.getByRole('listitem').filter({ hasText: TEXT })).toHaveCount(0);

  const adminPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signedInAs(adminPage, admin);
  await adminPage.goto('/admin/comments');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Comments' })).toBeVisible();
  await expect(adminPage.getByRole('tab', { name: /^Pending \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  const row = adminPage.getByRole('list', { name: 'Comments' }).getByRole('listitem').filter({ hasText: TEXT });
  await expect(row).toContainText('Rhea R.');
  await expect(row.getByRole('link')).toHaveAttribute('href', `/blogs/${slug}`);
  await row.getByRole('button', { name: 'Approve the comment by Rhea R.' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: /^Comment approved\. Visitors see it/ })).toBeVisible();
  await expect(row).toHaveCount(0);
  await adminPage.getByRole('tab', { name: /^Approved/ }).click();
  await expect(
    adminPage.getByRole('list', { name: 'Comments' }).getByRole('listitem').filter({ hasText: TEXT }),
  ).toBeVisible();
  await adminPage.context().close();

  // The built page does not hold the new comment; the thread reads it from the API once it is in view.
  await visitor.reload();
  const html = await (await visitor.request.get(`/blogs/${slug}`)).text();
  expect(html).not.toContain(RUN);
  const shown = visitor.getByRole('listitem').filter({ hasText: TEXT });
  await shown.scrollIntoViewIfNeeded();
  await expect(shown).toContainText('Rhea R.');
  await visitor.context().close();
});

test('a guest comments with a mailed code once the admin allows it, and the queue marks it', async ({ browser }) => {
  test.setTimeout(120_000); // the guest's flow, the admin's queue and the form at each width: a bound for a hang
  await setGuests(true);
  try {
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`/blogs/${slug}`);
    await guest.getByRole('heading', { name: /^Comments \(\d+\)$/ }).scrollIntoViewIfNeeded();
    await waitForIslands(guest, 'post');
    const form = guest.getByRole('form', { name: 'Write a comment' });
    await form.getByLabel('Name').fill(GUEST.name);
    await form.getByLabel('Email').fill(GUEST.email);
    const before = mailFiles(e2eDataDir());
    await form.getByRole('button', { name: 'Send me a code' }).click();
    await expect(form.getByRole('status')).toHaveText('We sent a code to your email. Enter it to send your comment.');
    const mail = await waitForMail(e2eDataDir(), { to: GUEST.email, after: before });
    await form.getByLabel('Code').fill(codeFrom(mail));
    await form.getByLabel('Your comment').fill(GUEST.text);
    await form.getByRole('button', { name: 'Post comment' }).click();
    await expect(form.getByRole('status')).toHaveText('Your comment is waiting for approval');
    await expect(form.getByLabel('Code')).toHaveCount(0);
    await guest.context().close();

    const adminPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signedInAs(adminPage, admin);
    await adminPage.goto('/admin/comments');
    const row = adminPage.getByRole('list', { name: 'Comments' }).getByRole('listitem').filter({ hasText: GUEST.text });
    await expect(row).toContainText(GUEST.email);
    await expect(row).toContainText('Guest');
    await expect(row.getByRole('button', { name: `Block ${GUEST.name}` })).toBeVisible();
    await expect(adminPage.getByLabel('Let guests comment with a code sent by email')).toBeChecked();
    await keepScreenshot(row, { path: `${SHOTS}/admin-guest-row-1280-light.png` });
    await keepScreenshot(adminPage.getByRole('region', { name: 'Moderation' }), {
      path: `${SHOTS}/admin-comment-settings-guests-on-1280-light.png`,
    });
    await adminPage.context().close();

    // The guest's form at each width; the code request is answered here, so no more mails go out.
    await inBothThemes(browser, null, async (page, theme, width) => {
      await page.route('**/api/comments/guest-code', (route) =>
        route.fulfill({
          status: 202,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'We sent a code to your email. Enter it to send your comment.' }),
        }),
      );
      await page.goto(`/blogs/${slug}`);
      await page.getByRole('heading', { name: /^Comments \(\d+\)$/ }).scrollIntoViewIfNeeded();
      await waitForIslands(page, 'post');
      const guestForm = page.getByRole('form', { name: 'Write a comment' });
      await guestForm.getByLabel('Name').fill(GUEST.name);
      await guestForm.getByLabel('Email').fill(GUEST.email);
      await keepScreenshot(guestForm, { path: `${SHOTS}/guest-form-${width}-${theme}.png` });
      await guestForm.getByRole('button', { name: 'Send me a code' }).click();
      await guestForm.getByLabel('Code').fill('123456');
      await guestForm.getByLabel('Your comment').fill('Trying the guest form at this width.');
      await expectNoSideScroll(page, width, `/blogs/${slug} guest ${theme}`);
      await keepScreenshot(guestForm, { path: `${SHOTS}/guest-form-code-${width}-${theme}.png` });
    });
  } finally {
    await setGuests(false);
  }
});

test('screenshots: the admin comments screen and the comment form', async ({ browser }) => {
  // An admin's comment shows at once: the Approved tab has rows with their actions.
  const held = await api.post(`/api/blogs/${slug}/comments`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { comment: `Admin note ${RUN}` },
  });
  expect(held.status()).toBe(201);
  await inBothThemes(browser, admin, async (page, theme, width) => {
    await page.goto('/admin/comments');
    await page.getByRole('tab', { name: /^Approved/ }).click();
    await expect(page.getByRole('list', { name: 'Comments' })).toBeVisible();
    await expectNoSideScroll(page, width, `/admin/comments ${theme}`);
    // The top of the queue and the moderation panel: the queue's full page is many rows long.
    await keepScreenshot(page, { path: `${SHOTS}/h3-admin-comments-${width}-${theme}.png` });
    await keepScreenshot(page.getByRole('region', { name: 'Moderation' }), {
      path: `${SHOTS}/admin-comment-settings-${width}-${theme}.png`,
    });
  });
  await inBothThemes(browser, member, async (page, theme, width) => {
    await page.goto(`/blogs/${slug}`);
    await page.getByRole('heading', { name: /^Comments \(\d+\)$/ }).scrollIntoViewIfNeeded();
    await waitForIslands(page, 'post');
    const form = page.getByRole('form', { name: 'Write a comment' });
    await form.getByLabel('Your comment').fill('Trying the form at this width.');
    await expectNoSideScroll(page, width, `/blogs/${slug} ${theme}`);
    await form.scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: `${SHOTS}/h3-comment-form-${width}-${theme}.png` });
  });
});
