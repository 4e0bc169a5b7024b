/**
 * A company gives a writer an account that can only write: the admin invites an address as editor from Manage Users,
 * the invited person opens the mailed link, chooses a name and password, signs in, and the admin area shows them the
 * content screens only; a screen outside the role sends them to the dashboard with a notice, and the server refuses
 * the users list. A used link says so.
 */
import { expect, test } from './fixtures.ts';
import { invitationTokenFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { e2eDataDir } from './helpers/e2e-db.ts';
import { waitForIslands } from './helpers/hydration.ts';

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const EDITOR = { email: `writer.${RUN}@example.com`, username: `writer_${RUN}`, password: 'amber quill harbour 58' };

test('an invited editor makes an account from the link and sees only the content screens', async ({
  page,
  browser,
  request,
}) => {
  await signedInAs(page, await adminToken(request));
  await page.goto('/admin/manage-users');
  await waitForIslands(page);
  const before = mailFiles(e2eDataDir());
  await page.getByLabel('Email address').fill(EDITOR.email);
  await page.getByLabel('Staff role').selectOption('editor');
  await expect(
    page.getByText('Editor: All content, sliders, pictures and comments, and publishing what authors send.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Invitation sent to ${EDITOR.email} as editor` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: `Withdraw the invitation of ${EDITOR.email}` })).toBeVisible();
  const token = invitationTokenFrom(await waitForMail(e2eDataDir(), { to: EDITOR.email, after: before }));

  // The invited person, in a browser of their own.
  const invited = await browser.newContext();
  const them = await invited.newPage();
  await them.goto(`/accept-invitation#${token}`);
  await expect(them.getByText('You are invited as Editor.')).toBeVisible();
  await expect(them.getByText(EDITOR.email)).toBeVisible();
  // The token leaves the address bar once read.
  expect(new URL(them.url()).hash).toBe('');
  await them.getByLabel('First name').fill('Wren');
  await them.getByLabel('Last name').fill('Writer');
  await them.getByLabel('Username').fill(EDITOR.username);
  await them.getByLabel('Password', { exact: true }).fill(EDITOR.password);
  await them.getByLabel('Confirm password').fill(EDITOR.password);
  await them.getByRole('button', { name: 'Create account' }).click();
  await expect(them.getByText('Your account is ready. Sign in to continue.')).toBeVisible();
  await them.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(them).toHaveURL(/\/login\/?$/);
  await waitForIslands(them);
  await them.getByLabel('Username or Email').fill(EDITOR.username);
  await them.getByLabel('Password', { exact: true }).fill(EDITOR.password);
  await them.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(them.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();

  await them.goto('/admin-dashboard');
  const sidebar = them.getByRole('navigation', { name: 'Admin Panel' }).first();
  await expect(sidebar.getByRole('link')).toHaveText([
    'Dashboard',
    'Content',
    'Media',
    'Featured',
    'Scheduled',
    'Comments',
    'Events',
    'Categories',
    'Sliders',
    'Team',
  ]);
  // A screen outside the role: back to the dashboard, told why; the server refuses its data too.
  await them.goto('/admin/manage-users');
  await expect(them).toHaveURL(/\/admin-dashboard\/?$/);
  await expect(them.getByText('That screen is not part of your role; here is your dashboard.')).toBeVisible();
  const editorToken = await them.evaluate(() => localStorage.getItem('token'));
  const refused = await request.get('/api/admin/users', { headers: { Authorization: `Bearer ${editorToken ?? ''}` } });
  expect(refused.status()).toBe(403);

  // The link worked once.
  const later = await invited.newPage();
  await later.goto(`/accept-invitation#${token}`);
  await expect(
    later.getByText('This invitation has expired or has already been used.', { exact: false }),
  ).toBeVisible();
  await invited.close();

  // The admin's list no longer waits for this address.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Invite staff' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Withdraw the invitation of ${EDITOR.email}` })).toHaveCount(0);
});
