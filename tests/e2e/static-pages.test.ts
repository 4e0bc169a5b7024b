import { expect, test, type Locator } from './fixtures.ts';
import { createHash } from 'node:crypto';
import { E2E_ADMIN_PASSWORD } from '../playwright.config.ts';
import type { Company } from '../../src/shared/types.ts';
import { firstGroups } from './helpers/matches.ts';

const ROUTES = [
  '/',
  '/login',
  '/register',
  '/reset-password',
  '/profile',
  '/shop',
  '/blogs',
  '/photos',
  '/videos',
  '/audio',
  '/events',
  '/messages',
  '/settings',
  '/analytics',
  '/orders',
  '/search',
  '/admin/update-company',
  '/admin-dashboard',
  '/admin/add-slider',
  '/admin/edit-hero',
  '/admin/upload',
  '/admin/theme-settings',
  '/admin/content',
  '/about',
  '/contact',
  '/pricing',
  '/documents',
  '/admin/manage-products',
  '/admin/orders',
  '/admin/team',
  '/cart',
  '/checkout',
  '/admin/store',
  '/admin/messages',
  '/admin/backup',
] as const;

/** Routes that move a signed-out visitor on to another page by themselves. */
const MOVES_ON: ReadonlySet<string> = new Set(['/reset-password', '/profile', '/orders', '/messages', '/settings']);

const isInvalid = (field: Locator) => field.evaluate((el) => el.matches(':invalid'));

test.describe('About', () => {
  // The About page is rendered at build time, so it shows the seeded values (its defaults are covered by unit tests).
  test('shows the company name, tagline and description, the three story sections and the team', async ({
    page,
    request,
  }) => {
    const company = (await (await request.get('/api/company')).json()) as Company;
    const team = ((await (await request.get('/api/team')).json()) as { results: { name: string }[] }).results;
    await page.goto('/about');
    const main = page.getByRole('main');

    await expect(main.getByRole('heading', { level: 1 })).toHaveText(company.name);
    await expect(main.getByText(company.tagline, { exact: true })).toBeVisible();
    await expect(main.getByText(company.description, { exact: true })).toBeVisible();
    for (const title of ['Our Story', 'Our Mission', 'Our Vision']) {
      await expect(main.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    // The company's team when one is set (contact-and-team.test.ts looks closer), the spec's placeholders otherwise.
    const names = team.length > 0 ? team.map((m) => m.name) : [1, 2, 3].map((n) => `Team Member ${n}`);
    for (const name of names) await expect(main.getByRole('heading', { name, exact: true })).toBeVisible();
    if (team.length === 0) {
      for (const name of names) await expect(main.getByRole('img', { name, exact: true })).toBeAttached();
      await expect(main.getByText('Position', { exact: true })).toHaveCount(3);
    }
  });
});

test.describe('Contact', () => {
  test('shows the company email, phone, address and website with the right kinds of link', async ({
    page,
    request,
  }) => {
    const company = (await (await request.get('/api/company')).json()) as Company;
    await page.goto('/contact');
    const main = page.getByRole('main');

    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByRole('link', { name: company.email, exact: true })).toHaveAttribute(
      'href',
      `mailto:${company.email}`,
    );
    await expect(main.getByRole('link', { name: company.phone, exact: true })).toHaveAttribute(
      'href',
      `tel:${company.phone.replace(/[^\d+]/g, '')}`,
    );
    await expect(main.getByText(company.address, { exact: true })).toBeVisible();
    const website = main.getByRole('link', { name: 'northwind.example', exact: true });
    await expect(website).toBeVisible();
    await expect(website).toHaveAttribute('href', /^https:\/\/northwind\.example\/?$/);
    await expect(website).toHaveAttribute('target', '_blank');
  });

  test('the form has four required fields of the right types and a Send Message button', async ({ page }) => {
    await page.goto('/contact');
    const name = page.getByLabel('Name', { exact: true });
    const email = page.getByLabel('Email', { exact: true });
    const subject = page.getByLabel('Subject', { exact: true });
    const message = page.getByLabel('Message', { exact: true });

    for (const field of [name, email, subject, message]) {
      await expect(field).toBeVisible();
      await expect(field).toHaveAttribute('required', '');
    }
    await expect(email).toHaveAttribute('type', 'email');
    expect(await message.evaluate((el) => el.tagName)).toBe('TEXTAREA');
    await expect(message).toHaveAttribute('rows', '4');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('submitting the empty form is stopped by the browser and shows no success', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();

    expect(await isInvalid(page.getByLabel('Name', { exact: true }))).toBe(true);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(page.getByRole('status')).toHaveText('');
    await expect(page.getByText('Message sent successfully!')).toHaveCount(0);
  });

  test('an email address of the wrong shape is rejected', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Subject', { exact: true }).fill('Hello');
    await page.getByLabel('Message', { exact: true }).fill('A question about the shop.');
    await page.getByRole('button', { name: 'Send Message' }).click();

    expect(await isInvalid(page.getByLabel('Email', { exact: true }))).toBe(true);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(page.getByText('Message sent successfully!')).toHaveCount(0);
  });

  test('a valid message shows Sending... then success, and the form is cleared', async ({ page }) => {
    await page.goto('/contact');
    const fields = {
      Name: 'Ada Lovelace',
      Email: 'ada@example.com',
      Subject: 'Hello',
      Message: 'A question about the shop.',
    };
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
    // The server answers quickly: the request is held until the busy state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();

    const busy = page.getByRole('button', { name: 'Sending...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    await expect(page.getByRole('status')).toHaveText('');
    release();

    await expect(page.getByRole('status')).toHaveText('Message sent successfully!');
    const button = page.getByRole('button', { name: 'Send Message' });
    await expect(button).toBeVisible();
    await expect(button).toBeEnabled();
    for (const label of Object.keys(fields)) await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  });
});

test.describe('Not found and the route table', () => {
  test('an unknown path answers 404 with the not-found page', async ({ page, request }) => {
    expect((await request.get('/definitely/not/here')).status()).toBe(404);
    const response = await page.goto('/definitely/not/here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
    await expect(page.getByText("Sorry, we couldn't find the page you were looking for.")).toBeVisible();
  });

  test('every route of the route table answers 200 with a non-empty main heading', async ({ context, request }) => {
    test.setTimeout(300_000); // 34 routes, each in its own tab, while the other worker may be building
    for (const route of ROUTES) {
      const response = await request.get(route);
      expect(response.status(), `status of ${route}`).toBe(200);
      // A tab per route: a page that moves on by itself once hydrated (/reset-password without a token goes to /login)
      // must not cut the next route's navigation short.
      const page = await context.newPage();
      // Its own time limit, so that a route that never answers is named rather than the whole test timing out.
      await page.goto(route, { waitUntil: 'domcontentloaded', timeout: 20_000 });
      const heading = page.getByRole('heading', { level: 1 }).first();
      await expect(heading, `h1 of ${route}`).toHaveText(/\S/);
      await page.close();
    }
  });

  // Each page carries only the CSS it uses (src/integrations/page-css.ts), so its inline styles differ from what Astro
  // hashed: the policy must name the styles the page really has, and nothing on it may be refused.
  test('every inline style of every route is allowed by its policy, and no page reports a policy violation', async ({
    context,
    request,
  }) => {
    test.setTimeout(300_000); // 34 routes, each hydrated, while the other worker may be building
    // Admin pages send a visitor without a session to /login: they are looked at signed in as the admin, screens shown.
    const login = await request.post('/api/auth/login', {
      data: { username: process.env['ADMIN_EMAIL'] ?? 'admin@example.com', password: E2E_ADMIN_PASSWORD },
    });
    const { token } = (await login.json()) as { token: string };
    await context.addInitScript((t) => {
      if (/^\/(admin|analytics)/.test(location.pathname)) localStorage.setItem('token', t);
    }, token);
    await context.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    for (const route of [...ROUTES, '/definitely/not/here']) {
      const response = await request.get(route);
      const policy = response.headers()['content-security-policy'] ?? '';
      const html = await response.text();
      const styles = firstGroups(html, /<style>([\s\S]*?)<\/style>/g);
      expect(styles.length, `inline styles of ${route}`).toBeGreaterThan(0);
      for (const css of styles)
        expect(policy, `hash of a style of ${route}`).toContain(
          `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
        );

      // A page that sends a visitor on by itself (/reset-password without a token, /profile, /orders, /messages and
      // /settings signed out, all to /login) is looked at where it lands, which the list covers itself.
      if (MOVES_ON.has(route)) continue;
      const page = await context.newPage();
      await page.goto(route, { waitUntil: 'load' });
      // Every island that hydrates on load has hydrated (one that waits to be seen, client:visible, is not waited for).
      await expect
        .poll(
          () =>
            page
              .locator('astro-island[ssr]:not([client="visible"])')
              .evaluateAll((els) =>
                els.map((el) => `${el.getAttribute('client')} ${el.getAttribute('component-url')}`),
              ),
          { message: `islands not hydrated on ${route}`, timeout: 15_000 },
        )
        .toEqual([]);
      // An admin screen (AdminLayout) is looked at once the gate has let the admin in.
      if (html.includes('data-admin-frame'))
        await expect(page.locator('html[data-admin-gate="ready"]'), `admin gate on ${route}`).toHaveCount(1);
      expect(
        await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
        `violations on ${route}`,
      ).toEqual([]);
      await page.close();
    }
  });
});
