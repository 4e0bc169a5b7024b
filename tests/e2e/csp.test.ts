/**
 * A walk under the Content Security Policy (security.md R51-R53), which is also the walk of the route table (each
 * route answers 200 with a main heading, an unknown path 404): every route signed out, the admin and account routes
 * signed in as the admin,
 * every admin screen with its dialogs and editors open, the hero's YouTube slide, voice search, the photo lightbox
 * and a checkout to the order confirmation. On each: the served policy has no unsafe keyword, every
 * inline script and style the hydrated page holds is named by the policy's hashes, the served markup has no style=""
 * attribute, and the browser reports no violation.
 * The e2e server is shared: the hero and voice search are changed only in this browser (routed /api/sliders answers),
 * and the order, the checkout code and the stock the checkout takes are put back afterwards.
 */
import assert from 'node:assert/strict';
import { expect, test, type BrowserContext, type Page } from './fixtures.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { adminToken } from './helpers/admin.ts';
import {
  expectPageWithinPolicy,
  expectSettledPageWithinPolicy,
  hydrated,
  parsePolicy,
  siteRoutes,
  watchPolicy,
  type CspWatch,
} from './helpers/csp-audit.ts';
import { fakeSpeechRecognition } from './helpers/fake-speech.ts';
import { ROUTES } from './helpers/route-table.ts';
import { ACCOUNT_LINKS } from '../../src/components/layout/nav-links.ts';
import { e2eDataDir, withDb } from './helpers/e2e-db.ts';

test.describe.configure({ mode: 'default' });

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const GUEST = `csp.${RUN}@example.com`;
/** Admin screens (and analytics) show nothing to a visitor without an admin session. */
const ADMIN_ONLY = /^\/(admin|analytics)(\/|-|$)/;

const NOT_FOUND = '/definitely/not/here';
const TABLE: ReadonlySet<string> = new Set(ROUTES);

let token = '';
let routes: string[] = [];

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const first = async (list: string) =>
    ((await (await request.get(`/api/${list}`)).json()) as { results: { slug?: string }[] }).results.find((r) => r.slug)
      ?.slug;
  const [blog, product, event, page] = await Promise.all(['blogs', 'products', 'events', 'pages'].map(first));
  const audio = ((await (await request.get('/api/audios')).json()) as { results: { _id: string }[] }).results[0]?._id;
  // One page of each kind built per item, and the readers for items newer than the build.
  const dynamic = [
    blog && `/blogs/${blog}`,
    product && `/shop/${product}`,
    event && `/events/${event}`,
    audio && `/audio/${audio}`,
    page && `/pages/${page}`,
    blog && `/blog-view?slug=${blog}`,
    product && `/product-view?slug=${product}`,
  ].filter((r): r is string => Boolean(r));
  routes = [...siteRoutes(), ...dynamic];
});

/**
 * A browser context whose pages start with the admin's session (or none), its violations recorded, and the one tab
 * the walk goes through (a tab moving from page to page costs a third of a new tab's work per page here).
 */
async function contextFor(
  browser: import('@playwright/test').Browser,
  signedIn: boolean,
): Promise<{ context: BrowserContext; watch: CspWatch; page: Page }> {
  const context = await browser.newContext();
  if (signedIn) await context.addInitScript((t) => localStorage.setItem('token', t), token);
  // Whatever a page does: a dialog is answered no, so nothing is confirmed by accident; leaving a page is let through.
  context.on('page', (p) =>
    p.on('dialog', (d) => void (d.type() === 'beforeunload' ? d.accept() : d.dismiss()).catch(() => undefined)),
  );
  const watch = await watchPolicy(context);
  return { context, watch, page: await context.newPage() };
}

/**
 * Opens a route in the tab, waits for hydration (and an admin screen's gate) and checks it. A route of the route
 * table also answers 200 and has a main heading, the not-found path 404.
 */
async function openAndCheck(page: Page, watch: CspWatch, route: string, label: string): Promise<void> {
  const response = await page.goto(route, { waitUntil: 'load', timeout: 20_000 });
  const status = response?.status();
  if (route === NOT_FOUND) expect(status, `${label} ${route}`).toBe(404);
  else if (TABLE.has(route)) expect(status, `${label} ${route}`).toBe(200);
  else expect(status, `${label} ${route}`).toBeLessThan(400);
  // A page that moves a visitor on by itself (to /login) is checked where it lands.
  await expectSettledPageWithinPolicy(page, watch, `${label} ${route}`);
  if (TABLE.has(route))
    await expect(page.getByRole('heading', { level: 1 }).first(), `h1 of ${route}`).toHaveText(/\S/);
  if (await page.locator('[data-admin-frame]').count()) {
    await expect(page.locator('html[data-admin-gate="ready"]'), `${label}: admin gate on ${route}`).toHaveCount(1);
    await expectPageWithinPolicy(page, watch, `${label} ${route} with the admin gate open`);
  }
}

test('the watch sees what the policy refuses: an injected inline script and style', async ({ browser }) => {
  const { context, watch, page } = await contextFor(browser, false);
  await openAndCheck(page, watch, '/about', 'watch');
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { outline: 1px solid red }';
    document.head.append(style);
    const script = document.createElement('script');
    script.textContent = 'window.ranInline = true';
    document.body.append(script);
  });
  await expect
    .poll(() => watch.violations.length, { message: 'the two refusals are reported' })
    .toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => (window as unknown as { ranInline?: boolean }).ranInline)).toBeUndefined();
  await expect(expectPageWithinPolicy(page, { ...watch, violations: [] }, 'watch')).rejects.toThrow(
    /inline code outside the policy's hashes/,
  );
  await context.close();
});

test('only the screens that preview a chosen picture (admin screens, /settings) allow blob: images', async ({
  request,
}) => {
  const imgSrc = async (route: string) => {
    const res = await request.get(route);
    expect(res.status(), route).toBe(200);
    return parsePolicy(res.headers()['content-security-policy'] ?? '').get('img-src') ?? [];
  };
  for (const route of [
    '/admin-dashboard',
    '/admin/update-company',
    '/admin/manage-products',
    '/admin/team',
    '/settings',
  ])
    expect(await imgSrc(route), route).toContain('blob:');
  for (const route of ['/', '/shop', '/events', '/profile', '/login'])
    expect(await imgSrc(route), route).not.toContain('blob:');
});

test('every route signed out: the route table answers, policy sound, inline code hashed, no violation', async ({
  browser,
}) => {
  test.setTimeout(360_000); // about 45 routes, each hydrated (about 4 s each here): a bound for a hang, not a budget
  const { context, watch, page } = await contextFor(browser, false);
  for (const route of [...routes.filter((r) => !ADMIN_ONLY.test(r)), NOT_FOUND])
    await openAndCheck(page, watch, route, 'signed out');
  await context.close();
});

/**
 * Buttons on an admin screen that open a dialog or an editor without changing anything (submit buttons never count).
 * Deactivating asks first only on the users screen (elsewhere, as for a slider, it acts at once), so only there.
 */
const OPENERS = /^(New |Add |Upload document|Edit |Open order )/;
/** Screens whose tabs are kinds of item, each with its own New, Upload or Add button. */
const TABS_OF_KINDS: ReadonlySet<string> = new Set(['/admin/content', '/admin/categories']);
const ASKS_FIRST: Record<string, RegExp> = { '/admin/manage-users': /^(Deactivate |Reactivate )/ };

/** Opens each kind of dialog the screen has (the first of each name's kind), checks the page, and closes it again. */
async function openDialogs(page: Page, watch: CspWatch, where: string, route: string): Promise<string[]> {
  const opened: string[] = [];
  const names = await page
    .getByRole('main')
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons
        .filter(
          (b) =>
            !(b as HTMLButtonElement).disabled &&
            (b as HTMLButtonElement).type !== 'submit' &&
            (b as HTMLElement).checkVisibility(),
        )
        .map((b) => (b.getAttribute('aria-label') ?? b.textContent).trim()),
    );
  const kinds = new Map<string, string>();
  for (const name of names) {
    const kind = (OPENERS.exec(name) ?? ASKS_FIRST[route]?.exec(name))?.[1];
    if (kind && !kinds.has(kind)) kinds.set(kind, name);
  }
  const dialog = page.locator('dialog[open], [role="dialog"]:visible, [role="alertdialog"]:visible');
  for (const name of kinds.values()) {
    await page.getByRole('main').getByRole('button', { name, exact: true }).first().click();
    const shown = await dialog
      .first()
      .waitFor({ state: 'visible', timeout: 3000 })
      .then(
        () => true,
        () => false,
      );
    // A rich-text editor or a preview sets its styles once mounted.
    await page.waitForTimeout(200);
    // An editor that opens in the page (the hero's slider editor, a new menu row, a new price band) is looked at where
    // it opened.
    if (!shown) expect(name, `${where}: "${name}" opened no dialog`).toMatch(/^(Edit |Add link$|Add amount to )/);
    opened.push(shown ? name : `${name} (in the page)`);
    await expectPageWithinPolicy(page, watch, `${where}: "${name}" open`);
    if (!shown) continue;
    await page.keyboard.press('Escape');
    if (await dialog.count()) {
      const close = dialog.first().getByRole('button', { name: /^(Cancel|Close)\b/ });
      if (await close.count()) await close.first().click();
    }
    await expect(dialog, `${where}: dialog "${name}" closes`).toHaveCount(0);
  }
  return opened;
}

/**
 * What a signed-in admin opens that the signed-out walk has not already checked: the admin screens, the account
 * pages, and the home page with the header's admin links (every public page has the same header, and the signed-out
 * walk has checked each page's own code).
 */
const signedInRoutes = () =>
  routes.filter(
    (route) =>
      route === '/' ||
      ADMIN_ONLY.test(route) ||
      ACCOUNT_LINKS.some(({ href }) => route === href || route.startsWith(`${href}/`)),
  );

test('every admin and account route signed in as the admin, and every admin screen with its dialogs and editors open', async ({
  browser,
}) => {
  test.setTimeout(600_000); // about 30 routes and 30 dialogs (4 min here): a bound for a hang, not a budget
  const { context, watch, page } = await contextFor(browser, true);
  const dialogs: string[] = [];
  for (const route of signedInRoutes()) {
    await openAndCheck(page, watch, route, 'admin');
    if (ADMIN_ONLY.test(route)) {
      dialogs.push(...(await openDialogs(page, watch, route, route)).map((d) => `${route} ${d}`));
      // Content Management and Categories: every tab, with its editor.
      const tabs = await page.getByRole('tab').allTextContents();
      for (const tab of tabs.slice(1)) {
        await page.getByRole('tab', { name: tab.trim(), exact: true }).click();
        await expect(page.getByRole('tab', { name: tab.trim(), exact: true })).toHaveAttribute('aria-selected', 'true');
        // The tab's panel (its own code) has loaded, with its New, Upload or Add button where its tabs are kinds of
        // item (a queue's tabs are filters of one list), and its list has loaded.
        await expect(page.getByRole('tabpanel').first(), `${route} tab ${tab}`).toBeVisible();
        if (TABS_OF_KINDS.has(route)) {
          await expect(
            page
              .getByRole('main')
              .getByRole('button', { name: /^(New |Upload |Add$)/ })
              .first(),
            `${route} tab ${tab}`,
          ).toBeVisible();
        }
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await expectPageWithinPolicy(page, watch, `${route} tab ${tab}`);
        dialogs.push(
          ...(await openDialogs(page, watch, `${route} tab ${tab}`, route)).map((d) => `${route} ${tab}: ${d}`),
        );
      }
      // Conversations open in a thread beside the list.
      const conversation = page.getByRole('list', { name: 'Conversations' }).getByRole('button');
      if (await conversation.count()) {
        await conversation.first().click();
        await page.waitForTimeout(500);
        await expectPageWithinPolicy(page, watch, `${route}: a conversation`);
      }
    }
  }
  // The walk really opened editors: products, team, sliders, content of every kind, orders.
  for (const expected of [
    '/admin/manage-products Add ',
    '/admin/edit-hero Edit ',
    '/admin/content Blogs: New ',
    '/admin/content Events: Edit ',
    '/admin/orders Open order ',
    '/admin/team Edit ',
  ]) {
    expect(
      dialogs.some((d) => d.startsWith(expected)),
      `opened a dialog starting "${expected}" (opened: ${dialogs.join(', ')})`,
    ).toBe(true);
  }
  await context.close();
});

interface SlideDto {
  type?: string;
  link?: string;
  searchButton?: Record<string, unknown>;
}

test('the hero: a YouTube slide playing, and voice search to the results', async ({ browser }) => {
  test.setTimeout(45_000);
  const { context, watch, page } = await contextFor(browser, false);
  await context.grantPermissions(['microphone']);
  await fakeSpeechRecognition(context, 'merino sweater');
  // No network here: YouTube's embed and thumbnails answer empty, after the policy has allowed (or refused) them.
  await context.route(/^https:\/\/([a-z0-9-]+\.)?(youtube(-nocookie)?\.com|ytimg\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>embed</title>' }),
  );
  // This browser's hero: slide 1 offers voice search, and the last one is a YouTube slide (the demo has one; one is
  // added when it does not), without touching the shared server's sliders.
  await context.route('**/api/sliders', async (route) => {
    const response = await route.fetch();
    const { results } = (await response.json()) as { results: SlideDto[] };
    const slides = results.map((s, i) =>
      i === 0 ? { ...s, searchButton: { ...s.searchButton, enabled: true, voiceSearch: { enabled: true } } } : s,
    );
    if (!slides.some((s) => s.type === 'video'))
      slides.push({
        ...results[0],
        type: 'video',
        link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        searchButton: { enabled: false },
      });
    await route.fulfill({ response, json: { results: slides } });
  });
  await openAndCheck(page, watch, '/', 'hero');
  await expect(page.locator('[data-hero-ready]')).toBeAttached();
  const hero = page.getByRole('region', { name: 'Highlights' });
  const dots = hero.getByRole('button', { name: /^Go to slide \d+$/ });
  const slides = (await (await page.request.get('/api/sliders')).json()) as { results: SlideDto[] };
  const video = slides.results.findIndex((s) => s.type === 'video');
  await dots.nth(video >= 0 ? video : (await dots.count()) - 1).click();
  await expect(hero.locator('iframe')).toHaveCount(1);
  await page.waitForTimeout(300);
  await expectPageWithinPolicy(page, watch, 'hero with the YouTube slide playing');

  await dots.first().click();
  await hero.getByRole('button', { name: 'Search by voice' }).click();
  await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/search');
  expect(new URL(page.url()).searchParams.get('q')).toBe('merino sweater');
  await hydrated(page, 'search after voice search');
  await expectPageWithinPolicy(page, watch, 'search results after voice search');
  await context.close();
});

test('the photo lightbox: opened, moved through and closed', async ({ browser }) => {
  test.setTimeout(30_000);
  const { context, watch, page } = await contextFor(browser, false);
  await openAndCheck(page, watch, '/photos', 'photos');
  await page
    .getByRole('link', { name: /^View .+ full size$/ })
    .first()
    .click();
  const lightbox = page.getByRole('dialog');
  await expect(lightbox).toBeVisible();
  await expect
    .poll(() =>
      lightbox
        .getByRole('img')
        .first()
        .evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0),
    )
    .toBe(true);
  await expectPageWithinPolicy(page, watch, 'lightbox open');
  await page.keyboard.press('ArrowRight');
  await expect(lightbox).toContainText('2 of');
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);
  await expectPageWithinPolicy(page, watch, 'lightbox closed');
  await context.close();
});

test.describe('checkout', () => {
  let productId = '';
  let stockBefore: number | null = null;

  test.afterAll(() => {
    withDb((db) => {
      const ids = (db.prepare('SELECT id FROM orders WHERE customer_email = ?').all(GUEST) as { id: string }[]).map(
        (r) => r.id,
      );
      for (const id of ids) {
        for (const table of ['order_status_history', 'order_items', 'payment_events'])
          db.prepare(`DELETE FROM ${table} WHERE order_id = ?`).run(id);
        db.prepare('DELETE FROM audit_log WHERE target_id = ?').run(id);
        db.prepare('DELETE FROM orders WHERE id = ?').run(id);
      }
      db.prepare('DELETE FROM checkout_verifications WHERE email = ?').run(GUEST);
      if (stockBefore !== null) db.prepare('UPDATE products SET stock = ? WHERE id = ?').run(stockBefore, productId);
    });
  });

  test('a guest adds to the cart and checks out with manual payment to the confirmation', async ({
    browser,
    request,
  }) => {
    test.setTimeout(45_000);
    const { results } = (await (await request.get('/api/products')).json()) as {
      results: { _id: string; slug: string; name: string; stock: number }[];
    };
    const product = results.find((p) => p.slug && p.stock >= 5);
    expect(product, 'a product in stock').toBeTruthy();
    assert(product);
    productId = product._id;
    stockBefore = withDb(
      (db) => (db.prepare('SELECT stock FROM products WHERE id = ?').get(productId) as { stock: number }).stock,
    );

    const { context, watch, page } = await contextFor(browser, false);
    await openAndCheck(page, watch, `/shop/${product.slug}`, 'checkout');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Add to cart' }).first().click();
    await expect(
      main
        .getByRole('status')
        .filter({ hasText: /in your cart|Added/ })
        .first(),
    ).toBeVisible();
    await expectPageWithinPolicy(page, watch, 'product page after Add to cart');

    await page.goto('/cart');
    await hydrated(page, 'cart');
    await expectPageWithinPolicy(page, watch, 'cart with a product');
    await page.getByRole('link', { name: 'Checkout', exact: true }).click();
    await expect(page).toHaveURL(/\/checkout\/?$/);
    await hydrated(page, 'checkout');
    const address = {
      'Full name': 'Ada Lovelace',
      'Address line 1': '12 St James Square',
      City: 'London',
      'Postal code': 'SW1Y 4JH',
      Country: 'United Kingdom',
    };
    for (const [label, value] of Object.entries(address)) await page.getByLabel(label, { exact: true }).fill(value);
    const before = mailFiles(e2eDataDir());
    await page.getByLabel('Email', { exact: true }).fill(GUEST);
    await page.getByRole('button', { name: 'Send code' }).click();
    const mail = await waitForMail(e2eDataDir(), { to: GUEST, after: before });
    await page.getByLabel('Code from the email').fill(codeFrom(mail));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('status').filter({ hasText: GUEST })).toContainText('verified');
    await expect(page.getByRole('radio', { name: /Bank transfer or pay on delivery/ })).toBeChecked();
    await expectPageWithinPolicy(page, watch, 'checkout at the payment step');

    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect(page).toHaveURL(/\/orders\/view\?id=[^&]+&placed=1&token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    await hydrated(page, 'order confirmation');
    await expectPageWithinPolicy(page, watch, 'order confirmation');
    await context.close();
  });
});
