/**
 * Messages: a signed-in visitor sends a message with the contact form, the admin sees the top bar's
 * unread badge, answers on /admin/messages (the reply is mailed), and the visitor reads the answer on /messages and
 * writes back; a signed-out visitor is sent to sign in first. Screenshots of both screens at 320, 375 and 1280 px in
 * both themes (MESSAGES_SHOTS=<dir> to keep them elsewhere).
 */
import { expect, test, type APIRequestContext, type Browser, type Page, type Route } from './fixtures.ts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { mailFiles, waitForMail } from '../helpers/outbox.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { registerMember } from './helpers/member.ts';
import { e2eDataDir, withDb } from './helpers/e2e-db.ts';
import { keepScreenshot, widthsInTurn } from './helpers/screenshots.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';

const RUN = Date.now().toString(36);
const MEMBER = {
  first: 'Nora',
  last: 'Writer',
  email: `nora.${RUN}@example.com`,
  username: `nora_${RUN}`,
  password: 'quiet harbour lantern morning',
};
const SUBJECT = `Lamp delivery ${RUN}`;
const SHOTS = process.env['MESSAGES_SHOTS'] ?? 'test-results/screens/messages';

let api: APIRequestContext;
let admin = '';
let member = '';

async function signedInPage(
  browser: Browser,
  token: string,
  theme: 'light' | 'dark' = 'light',
  width = 1280,
): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: width < 768 ? 760 : 860 } })).newPage();
  await signedInAs(page, token);
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return page;
}

test.beforeAll(async ({ playwright }) => {
  api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env['E2E_PORT']}` });
  admin = await adminToken(api);
  member = await registerMember(api, MEMBER);
});

test.afterAll(async () => {
  withDb((db) => {
    const threads = db.prepare('SELECT id FROM conversations WHERE lower(email) = ?').all(MEMBER.email) as {
      id: string;
    }[];
    for (const { id } of threads) {
      db.prepare('DELETE FROM conversation_messages WHERE conversation_id = ?').run(id);
      db.prepare('DELETE FROM audit_log WHERE target_id = ?').run(id);
      db.prepare('DELETE FROM conversations WHERE id = ?').run(id);
    }
    db.prepare('DELETE FROM blocked_senders WHERE email = ?').run(MEMBER.email);
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(MEMBER.email) as { id: string } | undefined;
    if (user) {
      for (const table of ['sessions', 'one_time_codes', 'password_reset_tokens', 'user_views'])
        db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(user.id);
      db.prepare('DELETE FROM users WHERE id = ?').run(user.id);
    }
  });
  await api.dispose();
});

test('a signed-out visitor is sent to sign in and back', async ({ page }) => {
  // The login page drops ?next= from the address bar once it has read it: the request itself is what is checked.
  const toLogin = page.waitForRequest((request) => request.url().endsWith('/login?next=%2Fmessages'));
  await page.goto('/messages');
  await toLogin;
});

test('a contact message sent signed in is answered on /admin/messages and read (and answered) on /messages', async ({
  browser,
}) => {
  // The visitor writes with the contact form while signed in.
  const visitor = await signedInPage(browser, member);
  await visitor.goto('/contact');
  await visitor.getByLabel('Name', { exact: true }).fill(`${MEMBER.first} ${MEMBER.last}`);
  await visitor.getByLabel('Email', { exact: true }).fill(MEMBER.email);
  await visitor.getByLabel('Subject', { exact: true }).fill(SUBJECT);
  await visitor.getByLabel('Message', { exact: true }).fill('Can the floor lamp be delivered on Saturday?');
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Message sent successfully!');

  // The admin sees the unread badge in the top bar first, and follows it.
  const adminPage = await signedInPage(browser, admin);
  await adminPage.goto('/admin-dashboard');
  const topLink = adminPage.getByRole('banner').getByRole('link', { name: /^Messages \(\d+ unread\)$/ });
  await expect(topLink).toBeVisible();
  await expect(topLink).toHaveAttribute('href', '/admin/messages');
  await expect(topLink.locator('[data-badge]')).toBeVisible();
  await topLink.click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const row = adminPage.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: SUBJECT });
  await expect(row).toContainText('Account');
  await row.click();
  await expect(adminPage.getByRole('heading', { level: 3, name: SUBJECT })).toBeVisible();
  await expect(adminPage.getByRole('list', { name: 'Messages' }).locator('[data-author="visitor"]')).toContainText(
    'Can the floor lamp be delivered on Saturday?',
  );
  await expect(adminPage.getByText(/^Customer account · Started on the contact form · Open/)).toBeVisible();

  // A blank reply cannot be sent; a real one is stored and mailed.
  const send = adminPage.getByRole('button', { name: 'Send reply' });
  const box = adminPage.getByLabel(`Reply to ${MEMBER.first} ${MEMBER.last}`);
  await box.fill('   ');
  await expect(send).toBeDisabled();
  const before = mailFiles(e2eDataDir());
  await box.fill('Yes, Saturday morning works. See you then!');
  await send.click();
  await expect(adminPage.getByRole('status').filter({ hasText: /^Reply sent to/ })).toBeVisible();
  await expect(box).toHaveValue('');
  const mail = await waitForMail(e2eDataDir(), { to: MEMBER.email, after: before, subject: SUBJECT });
  expect(mail.text).toContain('Yes, Saturday morning works.');
  expect(mail.text).toContain('/messages');

  // The visitor reads the answer on /messages: the thread is marked unread in the inbox until opened.
  await visitor.goto('/messages');
  const inbox = visitor.getByRole('list', { name: 'Your conversations' });
  const thread = inbox.getByRole('button').filter({ hasText: SUBJECT });
  await expect(thread).toContainText('1 unread reply');
  await thread.click();
  await expect(visitor).toHaveURL(/\/messages\?id=/);
  const messages = visitor.getByRole('list', { name: 'Messages' });
  await expect(messages.locator('[data-author="company"]')).toContainText('Yes, Saturday morning works.');
  await expect(thread).not.toContainText('unread');

  // ...and answers it; blank text cannot be sent.
  const answer = visitor.getByLabel('Your answer');
  const sendAnswer = visitor.getByRole('button', { name: 'Send', exact: true });
  await expect(sendAnswer).toBeDisabled();
  await answer.fill('Perfect, thank you.');
  await sendAnswer.click();
  await expect(messages.locator('[data-author="visitor"]').last()).toContainText('Perfect, thank you.');
  await expect(answer).toHaveValue('');

  // The answer is unread for the company again.
  await adminPage.reload();
  await expect(adminPage.getByRole('banner').getByRole('link', { name: /^Messages \(\d+ unread\)$/ })).toBeVisible();
  await adminPage.context().close();
  await visitor.context().close();
});

test('a new message from /messages starts a thread; the admin closes it and blocks the sender after confirming', async ({
  browser,
}) => {
  const visitor = await signedInPage(browser, member);
  await visitor.goto('/messages');
  await visitor.getByRole('button', { name: 'New message' }).first().click();
  const form = visitor.getByRole('form', { name: 'New message' });
  await expect(form.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await form.getByLabel('Subject').fill(`Second ${RUN}`);
  await form.getByLabel('Message').fill('Do you also sell bulbs?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByRole('heading', { level: 2, name: `Second ${RUN}` })).toBeVisible();
  await expect(visitor.getByRole('list', { name: 'Messages' })).toContainText('Do you also sell bulbs?');

  const adminPage = await signedInPage(browser, admin);
  await adminPage.goto('/admin/messages');
  await adminPage
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button')
    .filter({ hasText: `Second ${RUN}` })
    .click();
  await adminPage.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(adminPage.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Block sender' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Block this sender?' });
  await expect(dialog).toContainText(MEMBER.email);
  await dialog.getByRole('button', { name: 'Block sender' }).click();
  await expect(adminPage.getByRole('button', { name: 'Unblock sender' })).toBeVisible();

  // Blocked: the visitor's next message is refused with a sentence, and the text stays in the box.
  await visitor.reload();
  await visitor.getByLabel('Your answer').fill('Hello again?');
  await visitor.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(visitor.getByRole('alert')).toContainText('not accepted');
  await expect(visitor.getByLabel('Your answer')).toHaveValue('Hello again?');

  await adminPage.getByRole('button', { name: 'Unblock sender' }).click();
  await expect(adminPage.getByRole('button', { name: 'Block sender' })).toBeVisible();
  await adminPage.context().close();
  await visitor.context().close();
});

test('screenshots of /messages and /admin/messages at 320, 375 and 1280 px in both themes', async ({ browser }) => {
  // Twelve views on a busy 2-core machine; each width reuses the theme's page instead of a new browser context.
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  // Its own thread, so the screens have something to show whichever tests ran before (or a retry's new member).
  const subject = `Screens ${RUN}`;
  const started = await api.post('/api/messages', {
    headers: { authorization: `Bearer ${member}` },
    data: { subject, message: 'How long does delivery take?' },
  });
  expect(started.status()).toBeLessThan(300);
  for (const theme of ['light', 'dark'] as const) {
    const visitor = await signedInPage(browser, member, theme);
    const adminPage = await signedInPage(browser, admin, theme);
    for (const width of widthsInTurn(theme)) {
      const viewport = { width, height: width < 768 ? 760 : 860 };
      await visitor.setViewportSize(viewport);
      await visitor.goto('/messages');
      const inbox = visitor.getByRole('list', { name: 'Your conversations' });
      await expect(inbox).toBeVisible();
      await keepScreenshot(visitor, { path: join(SHOTS, `messages-inbox-${width}-${theme}.png`), fullPage: true });
      await inbox.getByRole('button').filter({ hasText: subject }).click();
      await expect(visitor.getByRole('list', { name: 'Messages' })).toBeVisible();
      await expectNoSideScroll(visitor, width);
      await keepScreenshot(visitor, { path: join(SHOTS, `messages-thread-${width}-${theme}.png`), fullPage: true });
      // The empty inbox: a friendly sentence and the compose box.
      const empty = (route: Route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"results":[]}' });
      await visitor.route('**/api/messages', empty);
      await visitor.goto('/messages');
      await expect(visitor.getByRole('heading', { level: 2, name: 'No messages yet' })).toBeVisible();
      await expect(
        visitor.getByRole('form', { name: 'New message' }).getByRole('button', { name: 'Send message' }),
      ).toBeDisabled();
      await expectNoSideScroll(visitor, width);
      await keepScreenshot(visitor, { path: join(SHOTS, `messages-empty-${width}-${theme}.png`), fullPage: true });
      await visitor.unroute('**/api/messages', empty);

      await adminPage.setViewportSize(viewport);
      await adminPage.goto('/admin/messages');
      await adminPage.getByLabel('Show').selectOption('all');
      const row = adminPage
        .getByRole('list', { name: 'Conversations' })
        .getByRole('button')
        .filter({ hasText: subject });
      await expect(row).toBeVisible();
      await keepScreenshot(adminPage, { path: join(SHOTS, `admin-list-${width}-${theme}.png`), fullPage: true });
      await row.click();
      await expect(adminPage.getByRole('heading', { level: 3, name: subject })).toBeVisible();
      await expectNoSideScroll(adminPage, width);
      await keepScreenshot(adminPage, { path: join(SHOTS, `admin-thread-${width}-${theme}.png`), fullPage: true });
    }
    await visitor.context().close();
    await adminPage.context().close();
  }
});
