import { expect, test, type Page } from './fixtures.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';

const NAV = [
  { name: 'Home', href: '/' },
  { name: 'Shop', href: '/shop' },
  { name: 'Blogs', href: '/blogs' },
  { name: 'Photos', href: '/photos' },
  { name: 'Videos', href: '/videos' },
  { name: 'Audio', href: '/audio' },
  { name: 'Events', href: '/events' },
] as const;

/** A plausible opaque session token (the site only checks its shape). */
const TOKEN = 'a'.repeat(43);

function authControls(page: Page) {
  const header = page.getByRole('banner');
  return {
    login: header.getByRole('link', { name: 'Login', exact: true }),
    register: header.getByRole('link', { name: 'Register', exact: true }),
    dashboard: header.getByRole('link', { name: 'Dashboard', exact: true }),
    account: header.getByRole('link', { name: 'Account', exact: true }),
    logout: header.getByRole('button', { name: 'Logout', exact: true }),
  };
}

/** A stored session; `role` is the hint remembered at sign-in (none: a session from before roles were remembered). */
function storeToken(page: Page, role?: 'admin' | 'customer') {
  return page.addInitScript(
    ([token, role]) => {
      // Only before the first page of the test: Logout must be able to clear it for good.
      if (!sessionStorage.getItem('e2e-token-set')) {
        localStorage.setItem('token', token);
        if (role) localStorage.setItem('role', role);
        sessionStorage.setItem('e2e-token-set', '1');
      }
    },
    [TOKEN, role] as const,
  );
}

test.describe('on a desktop screen', () => {
  test('a logged-out visitor sees the section links with Login and Register but no Dashboard or Logout', async ({
    page,
  }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    for (const link of NAV) {
      const anchor = nav.getByRole('link', { name: link.name, exact: true });
      await expect(anchor).toBeVisible();
      await expect(anchor).toHaveAttribute('href', link.href);
    }
    await expect(nav.getByRole('link')).toHaveCount(NAV.length);

    const auth = authControls(page);
    // Signing in from here comes back here.
    await expect(auth.login).toBeVisible();
    await expect(auth.login).toHaveAttribute('href', '/login?next=%2Fabout');
    await expect(auth.register).toBeVisible();
    await expect(auth.register).toHaveAttribute('href', '/register?next=%2Fabout');
    await expect(auth.dashboard).toBeHidden();
    await expect(auth.account).toBeHidden();
    await expect(auth.logout).toBeHidden();
  });

  test('the Login link carries the query of the page too, and the home page needs none', async ({ page }) => {
    await page.goto('/search?q=design');
    await expect(authControls(page).login).toHaveAttribute('href', '/login?next=%2Fsearch%3Fq%3Ddesign');
    await page.goto('/');
    await expect(authControls(page).login).toHaveAttribute('href', '/login');
  });

  test('a signed-in customer sees Account (their profile) and Logout, never the admin Dashboard', async ({ page }) => {
    await storeToken(page, 'customer');
    await page.goto('/about');
    const auth = authControls(page);
    await expect(auth.account).toBeVisible();
    await expect(auth.account).toHaveAttribute('href', '/profile');
    await expect(auth.logout).toBeVisible();
    await expect(auth.dashboard).toBeHidden();
    await expect(auth.login).toBeHidden();
    await expect(auth.register).toBeHidden();
  });

  test('a signed-in admin sees the Dashboard (to /admin/update-company) and Logout', async ({ page, request }) => {
    // A real admin session with no remembered role: the page asks the API once and switches to the Dashboard.
    await signedInAs(page, await adminToken(request));
    await page.goto('/about');
    const auth = authControls(page);
    await expect(auth.dashboard).toBeVisible();
    await expect(auth.dashboard).toHaveAttribute('href', '/admin/update-company');
    await expect(auth.logout).toBeVisible();
    await expect(auth.account).toBeHidden();
    await expect(auth.login).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('admin');
  });

  test('the logged-in header is decided before any page module runs, so Login never flashes', async ({ page }) => {
    await storeToken(page);
    // Record the auth state when the parser inserts the Login link, i.e. before module scripts can run.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const login = document.querySelector('header a[href^="/login"]');
        if (!login) return;
        (window as unknown as { authAtLogin: string | null }).authAtLogin =
          document.documentElement.getAttribute('data-auth');
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    // With the bundled scripts blocked only the inline head script and the CSS can decide what shows.
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto('/about');

    expect(await page.evaluate(() => (window as unknown as { authAtLogin?: string | null }).authAtLogin)).toBe('in');
    const auth = authControls(page);
    await expect(auth.account).toBeVisible();
    await expect(auth.logout).toBeVisible();
    await expect(auth.login).toBeHidden();
    await expect(auth.register).toBeHidden();
  });

  test('Logout clears the stored token and lands on the home page logged out', async ({ page }) => {
    await storeToken(page, 'admin');
    await page.goto('/about');
    const auth = authControls(page);
    await auth.logout.click();

    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(auth.login).toBeVisible();
    await expect(auth.register).toBeVisible();
    await expect(auth.dashboard).toBeHidden();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('role')])).toEqual([
      null,
      null,
    ]);
  });

  test('the hamburger button is hidden on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });
});

test.describe('on a phone screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the side menu opens from the hamburger and closes on a link, the overlay and Escape', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const hamburger = page.getByRole('button', { name: 'Open menu' });
    await expect(hamburger).toBeVisible();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    const menu = page.getByRole('dialog', { name: 'Mobile' });
    await expect(menu).toBeHidden();

    // Open, then follow a link: the menu closes and the browser navigates.
    await hamburger.click();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    for (const link of NAV) {
      await expect(menu.getByRole('link', { name: link.name, exact: true })).toHaveAttribute('href', link.href);
      await expect(menu.getByRole('link', { name: link.name, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Blogs', exact: true }).click();
    await expect(page).toHaveURL(/\/blogs\/?$/);
    await expect(menu).toBeHidden();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');

    // Reopen, click the dimmed overlay beside the panel.
    await hamburger.click();
    await expect(menu).toBeVisible();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    const viewport = page.viewportSize() ?? { width: 375, height: 740 };
    await page.mouse.click(viewport.width - 15, viewport.height / 2);
    await expect(menu).toBeHidden();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    await expect(page).toHaveURL(/\/blogs\/?$/);

    // Reopen, press Escape: closed and focus back on the hamburger.
    await hamburger.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    await expect(hamburger).toBeFocused();
  });
});

test.describe('the account on a phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('signed out: Login stays in the header, Register moves into the side menu', async ({ page }) => {
    await page.goto('/about');
    const auth = authControls(page);
    await expect(auth.login).toBeVisible();
    await expect(auth.register).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const account = page.getByRole('dialog', { name: 'Mobile' }).getByRole('group', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute(
      'href',
      '/login?next=%2Fabout',
    );
    await expect(account.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute(
      'href',
      '/register?next=%2Fabout',
    );
    await expect(account.getByRole('button', { name: 'Logout' })).toBeHidden();
    await expect(account.getByRole('link', { name: 'Orders' })).toBeHidden();
  });

  test('a customer keeps Account in the header; Logout is in the side menu and signs out', async ({ page }) => {
    await storeToken(page, 'customer');
    await page.goto('/about');
    const auth = authControls(page);
    await expect(auth.account).toBeVisible();
    await expect(auth.logout).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const account = page.getByRole('dialog', { name: 'Mobile' }).getByRole('group', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Dashboard' })).toBeHidden();
    await expect(account.getByRole('link', { name: 'Account', exact: true })).toHaveAttribute('href', '/profile');
    await expect(account.getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute('href', '/orders');
    // Tab order wraps over what shows only: from Logout, the last item, back to Close menu.
    await account.getByRole('button', { name: 'Logout' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await account.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(auth.login).toBeVisible();
  });
});

test.describe('the page script is part of the page', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a page without an island requests no script file, and the hamburger opens the menu at once', async ({
    page,
  }) => {
    await page.goto('/about', { waitUntil: 'load' });
    // Astro inlines the layout script (it imports nothing an island shares), so nothing competes with the first screen.
    // What it loads later (the toggle's corner, branding changed since the build) starts after the load event.
    const beforeLoad = await page.evaluate(async () => {
      const loaded = () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
      while (loaded() === 0) await new Promise((done) => setTimeout(done, 20));
      return performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.startTime < loaded())
        .map((entry) => entry.name);
    });
    expect(beforeLoad).toEqual([]);
    const hamburger = page.getByRole('button', { name: 'Open menu' });
    await hamburger.click();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('dialog', { name: 'Mobile' })).toBeVisible();
  });

  test('the web font is switched on after the first page, and from the start on the next one', async ({ page }) => {
    await page.goto('/about');
    // Part by part: the header, the main content and the footer each get it in their own frame.
    for (const part of ['header', 'main', 'footer']) {
      await expect
        .poll(() =>
          page
            .locator(part)
            .first()
            .evaluate((el) => getComputedStyle(el).fontFamily),
        )
        .toMatch(/^"?Inter Variable/);
    }
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('wf'))).toBe('1');
    // Next page: the theme script switches it on before anything paints (the font is cached by now).
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('wf'))).toBe(true);
  });
});
