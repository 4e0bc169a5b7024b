/**
 * Accessibility: axe-core on every page of src/pages (public pages signed out, the account pages
 * signed in as a customer, the admin screens signed in as the admin), light and dark, at 375 and 1280 px, with the
 * WCAG 2.0/2.1/2.2 A and AA rules: no serious or critical violation. The routes come from the page files themselves, so
 * a new page is checked without touching this file. One context per role and one page load per route: the theme and
 * the width are switched on the loaded page (the head script only turns the html class on from storage).
 *
 * One check per route, the routes taking turns between light at 1280 px and dark at 375 px, so that each theme and
 * each width is checked on half the routes of each role: what differs between the themes is colour, shared by every
 * page (the layout's and the components' variables), and what differs between the widths is layout (the menu, the
 * stacking), shared the same way. A full axe pass costs seconds a route on this machine.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from './fixtures.ts';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ACCOUNT_LINKS } from '../../src/components/layout/nav-links.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { adminToken } from './helpers/admin.ts';
import { e2eDataDir, withDb } from './helpers/e2e-db.ts';
import { waitForIslands } from './helpers/hydration.ts';

type Theme = 'light' | 'dark';
type Role = 'visitor' | 'customer' | 'admin';
/** The two views the routes take turns in (see above). */
const VIEWS: readonly { theme: Theme; width: number }[] = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 375 },
];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

const RUN = Date.now().toString(36);
const CUSTOMER = { email: `axe.${RUN}@example.com`, username: `axe_${RUN}`, password: 'amber lighthouse quiet meadow' };
const PAGES_DIR = fileURLToPath(new URL('../../src/pages/', import.meta.url));

/** The list each dynamic folder of src/pages shows one item of; a new dynamic folder must be named here. */
const DYNAMIC_LISTS: Record<string, string> = {
  audio: '/api/audios',
  blogs: '/api/blogs',
  events: '/api/events',
  pages: '/api/pages',
  shop: '/api/products',
};

/** Every page file of src/pages as the path it answers on (the not-found page on a path nothing answers). */
function pageFiles(): string[] {
  return (readdirSync(PAGES_DIR, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.astro'))
    .map((file) => file.replaceAll('\\', '/').replace(/\.astro$/, ''))
    .sort();
}

async function firstSlug(request: APIRequestContext, list: string, key: 'slug' | '_id'): Promise<string | null> {
  const res = await request.get(list);
  if (!res.ok()) return null;
  const body = (await res.json()) as { results?: Record<string, unknown>[] };
  const slug = (body.results ?? []).find((item) => typeof item[key] === 'string' && item[key] !== '')?.[key];
  return typeof slug === 'string' ? slug : null;
}

/** The URL of each page file: index files on their folder, [slug] and [id] pages on the first item of their list. */
async function routes(request: APIRequestContext): Promise<string[]> {
  const urls: string[] = [];
  for (const file of pageFiles()) {
    if (file === '404') {
      urls.push('/no-such-page-for-axe');
      continue;
    }
    const dynamic = /^(.*)\/\[(slug|id)\]$/.exec(file);
    if (dynamic) {
      const [, folder, key] = dynamic;
      assert(folder !== undefined, 'the pattern has one group');
      const list = DYNAMIC_LISTS[folder];
      expect(list, `src/pages/${file}.astro: name its list in DYNAMIC_LISTS`).toBeDefined();
      assert(list !== undefined);
      const slug = await firstSlug(request, list, key === 'id' ? '_id' : 'slug');
      // The demo may have none of a kind (events once they are past): nothing of it is shown then.
      if (slug) urls.push(`/${folder}/${slug}`);
      continue;
    }
    urls.push(`/${file.replace(/(^|\/)index$/, '')}`.replace(/(.)\/$/, '$1'));
  }
  return urls;
}

/** Who looks at a route: admin screens (AdminLayout) the admin, the account pages a customer, the rest a visitor. */
async function roleOf(request: APIRequestContext, route: string): Promise<Role> {
  const html = await (await request.get(route)).text();
  if (html.includes('data-admin-frame')) return 'admin';
  return ACCOUNT_LINKS.some(({ href }) => route === href || route.startsWith(`${href}/`)) ? 'customer' : 'visitor';
}

async function registerCustomer(api: APIRequestContext): Promise<string> {
  const dataDir = e2eDataDir();
  const before = mailFiles(dataDir);
  const res = await api.post('/api/auth/register', {
    data: {
      first_name: 'Axe',
      last_name: 'Checker',
      email: CUSTOMER.email,
      username: CUSTOMER.username,
      password: CUSTOMER.password,
      role: 'customer',
    },
  });
  expect(res.status()).toBeLessThan(300);
  expect((await api.post('/api/auth/request-otp', { data: { email: CUSTOMER.email } })).status()).toBeLessThan(300);
  const mail = await waitForMail(dataDir, { to: CUSTOMER.email, after: before });
  const verified = await api.post('/api/auth/verify-otp', { data: { email: CUSTOMER.email, otp: codeFrom(mail) } });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

async function roleContext(
  browser: Browser,
  session: { token: string; role: 'admin' | 'customer' } | null,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((s) => {
    localStorage.setItem('theme', 'light');
    if (s) {
      localStorage.setItem('token', s.token);
      localStorage.setItem('role', s.role);
    }
  }, session);
  return context;
}

/** The theme as the toggle sets it: the stored choice and the html class. */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((t) => {
    localStorage.setItem('theme', t);
    document.documentElement.classList.toggle('dark', t === 'dark');
  }, theme);
  // Colour transitions finish before colours are measured.
  await page.waitForTimeout(200);
}

/** Serious and critical violations on the page as it is now, one line per element. */
async function violations(page: Page, where: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself; the default opens a blank page per check to merge the frames' results,
  // which doubled the time of each check here. It leaves cross-origin frames out (a video player's), not ours to fix.
  const { violations: found } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  return found
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${where} ${v.impact} ${v.id}: ${node.target.join(' ')} (${(node.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 220)})`,
      ),
    );
}

/** Opens each route once and checks it in its turn's view of VIEWS. */
async function audit(context: BrowserContext, list: string[], role: Role): Promise<string[]> {
  const problems: string[] = [];
  const page = await context.newPage();
  for (const [index, route] of list.entries()) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(route, { waitUntil: 'networkidle' });
    // A page that moves a visitor on by itself (/reset-password without a link) is checked where it lands, on its own.
    const movedOn = () => new URL(page.url()).pathname !== new URL(route, page.url()).pathname;
    if (movedOn()) continue;
    await waitForIslands(page).catch(async (error: unknown) => {
      // A navigation under way destroys the page's context before the address changes: wait for the new address.
      await page.waitForURL(() => movedOn(), { timeout: 5000 }).catch(() => undefined);
      if (!movedOn()) throw error;
    });
    if (movedOn()) continue;
    if (role === 'admin')
      await expect(page.locator('html[data-admin-gate="ready"]'), `admin gate on ${route}`).toHaveCount(1);
    const { theme, width } = VIEWS[index % VIEWS.length] ?? { theme: 'light', width: 1280 };
    await useTheme(page, theme);
    await page.setViewportSize({ width, height: 800 });
    problems.push(...(await violations(page, `${route} [${role}, ${theme}, ${width} px]`)));
  }
  await page.close();
  return problems;
}

// The three walks are the suite's longest tests and need nothing of each other: each worker may take one (beforeAll
// then runs in each worker that does, against its own server).
test.describe.configure({ mode: 'parallel' });

let api: APIRequestContext;
const sessions: Partial<Record<'admin' | 'customer', string>> = {};
const byRole: Record<Role, string[]> = { visitor: [], customer: [], admin: [] };

/** The session beforeAll signed in for a role. */
function sessionOf(role: 'admin' | 'customer'): { token: string; role: 'admin' | 'customer' } {
  const token = sessions[role];
  assert(token, `beforeAll signs the ${role} in`);
  return { token, role };
}

test.beforeAll(async ({ playwright }) => {
  api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env['E2E_PORT']}` });
  for (const route of await routes(api)) byRole[await roleOf(api, route)].push(route);
  sessions.admin = await adminToken(api);
  sessions.customer = await registerCustomer(api);
});

test.afterAll(async () => {
  withDb((db) => {
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(CUSTOMER.email) as { id: string } | undefined;
    if (!user) return;
    for (const table of ['sessions', 'one_time_codes', 'password_reset_tokens', 'user_views'])
      db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(user.id);
    db.prepare('DELETE FROM users WHERE id = ?').run(user.id);
  });
  await api.dispose();
});

test('the route list covers the public, account and admin pages', () => {
  expect(byRole.visitor).toEqual(
    expect.arrayContaining(['/', '/shop', '/contact', '/register', '/no-such-page-for-axe']),
  );
  expect(byRole.customer).toEqual(expect.arrayContaining(ACCOUNT_LINKS.map(({ href }) => href)));
  expect(byRole.admin).toEqual(
    expect.arrayContaining(['/admin-dashboard', '/admin/edit-hero', '/admin/theme-settings']),
  );
});

for (const role of ['visitor', 'customer', 'admin'] as const) {
  test(`every ${role === 'visitor' ? 'public' : role} page has no serious or critical axe violation, in turns light at 1280 px and dark at 375 px`, async ({
    browser,
  }) => {
    // Two axe checks and a load per route: about 3 s on an idle 2-core machine. A bound for a hang, not a budget.
    test.setTimeout(60_000 + byRole[role].length * 15_000);
    const context = await roleContext(browser, role === 'visitor' ? null : sessionOf(role));
    const problems = await audit(context, byRole[role], role);
    await context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
