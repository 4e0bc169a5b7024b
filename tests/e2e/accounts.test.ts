import { expect, test, type Page } from './fixtures.ts';
import { codeFrom, mailFiles, resetTokenFrom, waitForMail } from '../helpers/outbox.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { e2eDataDir } from './helpers/e2e-db.ts';

const PASSWORD = 'lantern harbour morning tide';
// A fresh account per attempt: a retry of this serial group starts again from registration.
const attempt = Date.now().toString(36);
const user = { first: 'Grace', last: 'Hopper', email: `grace.${attempt}@example.com`, username: `grace_${attempt}` };

async function loginWithPassword(page: Page, username: string, password: string) {
  await page.goto('/login');
  await waitForIslands(page);
  await page.getByLabel('Username or Email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Logout revokes the session, then moves to the home page: wait for that move, or the next goto races it. */
async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
}

/** The header of a signed-in customer: their Account, never the admin Dashboard. */
async function expectCustomerHeader(page: Page) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Account', exact: true })).toHaveAttribute('href', '/profile');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeHidden();
  await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
}

/** Password sign-in that must succeed: it lands on the home page. */
async function signIn(page: Page, username: string, password: string) {
  await loginWithPassword(page, username, password);
  await expect(page).toHaveURL(/\/$/);
  await expectCustomerHeader(page);
}

test.describe.serial('accounts', () => {
  test('a visitor registers, corrects a mistyped address from the code step, verifies the emailed code and is signed in', async ({
    page,
  }) => {
    const mistyped = user.email.replace('@example.com', '@exmaple.com');
    await page.goto('/register');
    await waitForIslands(page);
    await page.getByLabel('First name').fill(user.first);
    await page.getByLabel('Last name').fill(user.last);
    await page.getByLabel('Email').fill(mistyped);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText(`We have emailed a 6-digit code to ${mistyped}.`)).toBeVisible();
    // Back to the form with the same username: the account this browser just made takes the corrected address.
    await page.getByRole('button', { name: 'Use a different email' }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Email').fill(user.email);
    const before = mailFiles(e2eDataDir());
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText(`We have emailed a 6-digit code to ${user.email}.`)).toBeVisible();
    const mail = await waitForMail(e2eDataDir(), { to: user.email, after: before });
    await page.getByLabel('Enter 6-digit OTP').fill(codeFrom(mail));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectCustomerHeader(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    await page.goto('/profile');
    await expect(page.getByText(user.email).first()).toBeVisible();
    await expect(page.getByText(`${user.first} ${user.last}`)).toBeVisible();
  });

  test('a common password is refused in a plain sentence, without the API field name', async ({ page }) => {
    await page.goto('/register');
    await waitForIslands(page);
    await page.getByLabel('First name').fill('Other');
    await page.getByLabel('Last name').fill('Person');
    await page.getByLabel('Email').fill(`other.${attempt}@example.com`);
    await page.getByLabel('Username').fill(`other_${attempt}`);
    await page.getByLabel('Password', { exact: true }).fill('qwerty123456');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Password is too common; choose another');
  });

  test('a taken email is refused with the server message', async ({ page }) => {
    await page.goto('/register');
    await waitForIslands(page);
    await page.getByLabel('First name').fill('Other');
    await page.getByLabel('Last name').fill('Person');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Username').fill('someone_else_e2e');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(/already|taken|registered/i);
  });

  test('logout revokes the session and password login signs in again', async ({ page, request }) => {
    await signIn(page, user.username, PASSWORD);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.goto('/about');
    await logOut(page);
    await expect
      .poll(async () => (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status())
      .toBe(401);
  });

  test('a wrong password shows the server message and the password can be shown', async ({ page }) => {
    await loginWithPassword(page, user.email, 'not the right password');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeHidden();
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('Forgot Password? needs an identity, then signs in with the emailed code', async ({ page }) => {
    await page.goto('/login');
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter your email/username first');
    // A mistyped identity: back from the code step to the field, kept and focused, without a reload.
    const identity = page.getByLabel('Username or Email');
    await identity.fill(`${user.username}-typo`);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByRole('button', { name: 'Use a different email or username' }).click();
    await expect(identity).toBeFocused();
    await expect(identity).toHaveValue(`${user.username}-typo`);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await identity.fill(user.username);
    const before = mailFiles(e2eDataDir());
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    const code = page.getByLabel('Enter 6-digit OTP');
    await expect(code).toBeVisible();
    await expect(code).toHaveAttribute('maxlength', '6');
    const mail = await waitForMail(e2eDataDir(), { to: user.email, after: before });
    await code.fill('000000' === codeFrom(mail) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await code.fill(codeFrom(mail));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectCustomerHeader(page);
  });

  test('the emailed reset link sets a new password and returns to login after 3 s', async ({ page, request }) => {
    const before = mailFiles(e2eDataDir());
    expect((await request.post('/api/auth/request-otp', { data: { email: user.email } })).status()).toBe(200);
    const mail = await waitForMail(e2eDataDir(), { to: user.email, after: before });
    await page.goto(`/reset-password?token=${resetTokenFrom(mail)}`);
    await waitForIslands(page);
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel('New password').fill('a brand new passphrase');
    await page.getByLabel('Confirm password').fill('a different passphrase');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await page.getByLabel('Confirm password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password reset successful! Redirecting to login...')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
    await signIn(page, user.username, 'a brand new passphrase');
  });

  test('a signed-in user changes the password on the profile page', async ({ page }) => {
    await signIn(page, user.username, 'a brand new passphrase');
    await page.goto('/profile');
    await waitForIslands(page);
    await page.getByLabel('Current password').fill('a brand new passphrase');
    await page.getByLabel('New password').fill('another fine passphrase');
    await page.getByLabel('Confirm password').fill('not the same one at all');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await page.getByLabel('Confirm password').fill('another fine passphrase');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();
    await logOut(page);
    await signIn(page, user.username, 'another fine passphrase');
  });

  test('reset-password without a token goes to login', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the login page reads the Google sign-in errors from the query and removes them', async ({ page }) => {
    await page.goto('/login?error=auth_cancelled');
    await expect(page.getByRole('alert')).toHaveText('Google sign in was cancelled');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/login?error=auth_failed');
    await expect(page.getByRole('alert')).toHaveText('Google sign in failed. Please try again');
  });

  test('a signed-out visitor opening /profile signs in and comes back to the profile', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await waitForIslands(page);
    await page.getByLabel('Username or Email').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill('another fine passphrase');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/profile');
    await expect(page.getByText(user.email).first()).toBeVisible();
    await expectCustomerHeader(page);
  });

  test('signing in from the header comes back to the page it was clicked on, query included', async ({ page }) => {
    await page.goto('/search?q=design');
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await waitForIslands(page);
    await page.getByLabel('Username or Email').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill('another fine passphrase');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'design');
    await expectCustomerHeader(page);
  });

  test('a ?next= that leads to another site is ignored: sign-in lands on the home page', async ({ page }) => {
    await page.goto(`/login?next=${encodeURIComponent('//evil.example/steal')}`);
    await waitForIslands(page);
    await page.getByLabel('Username or Email').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill('another fine passphrase');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL((url) => url.host.startsWith('127.0.0.1') && url.pathname === '/');
  });
});
