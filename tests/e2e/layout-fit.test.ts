/**
 * Every public page at 320, 375 and 1280 px, light and dark: nothing wider than the screen, no visible text under the
 * floating theme toggle once scrolled to the bottom, the toggle clear of the hero's slide dots, and with
 * E2E_SCREENSHOTS=1 a full-page screenshot of each kept as a test artifact. The header signed out, as a customer and
 * as an admin at 320, 360, 375 and 1280 px, the themes taking turns (every width in both with screenshots). One
 * browser context per theme and one page load per page and theme.
 */
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
  type TestInfo,
} from './fixtures.ts';
import { adminToken } from './helpers/admin.ts';
import { keepScreenshot, SCREENSHOTS } from './helpers/screenshots.ts';

type Theme = 'light' | 'dark';
const THEMES: Theme[] = ['light', 'dark'];
const WIDTHS = [320, 375, 1280] as const;
/**
 * The widths each theme's walk checks: all of them when screenshots are kept to look at; else they take turns (a theme
 * changes colours, not layout; helpers/screenshots.ts inBothThemes), so both walks together check each width once.
 */
const widthsOf = (theme: Theme): readonly number[] =>
  SCREENSHOTS ? WIDTHS : WIDTHS.filter((_, i) => (i % 2 === 0) === (theme === 'dark'));
const PHONE_WIDTHS = [320, 360, 375];

/** The first slug a public list answers, or null when it is empty or absent. */
async function firstSlug(request: APIRequestContext, path: string): Promise<string | null> {
  const res = await request.get(path);
  if (!res.ok()) return null;
  const body = (await res.json()) as { results?: { slug?: unknown }[] } | { slug?: unknown }[];
  const list = Array.isArray(body) ? body : (body.results ?? []);
  const slug = list.find((item) => typeof item.slug === 'string' && item.slug !== '')?.slug;
  return typeof slug === 'string' ? slug : null;
}

/** The public pages; a detail page is included when the demo has one (an event page only once the site builds them). */
async function publicPages(request: APIRequestContext): Promise<string[]> {
  const [blog, event, page, product] = await Promise.all(
    ['/api/blogs', '/api/events', '/api/pages', '/api/products'].map((list) => firstSlug(request, list)),
  );
  const pages = [
    '/',
    '/shop',
    '/cart',
    '/checkout',
    '/blogs',
    '/photos',
    '/videos',
    '/audio',
    '/events',
    '/search?q=design',
    '/about',
    '/contact',
    '/pricing',
    '/documents',
    '/login',
    '/register',
    '/no-such-page-here',
  ];
  if (product) pages.splice(2, 0, `/shop/${product}`);
  if (blog) pages.splice(pages.indexOf('/blogs') + 1, 0, `/blogs/${blog}`);
  if (event) {
    const eventPage = `/events/${event}`;
    if ((await request.get(eventPage)).status() !== 404) pages.splice(pages.indexOf('/events') + 1, 0, eventPage);
  }
  if (page) pages.push(`/pages/${page}`);
  return pages;
}

/** One context per theme: the stored choice is applied by the head script before the first paint. */
async function themedContext(
  browser: Browser,
  theme: Theme,
  session?: { token: string; role: 'admin' | 'customer' },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ([theme, session]) => {
      localStorage.setItem('theme', theme);
      if (session) {
        localStorage.setItem('token', session.token);
        localStorage.setItem('role', session.role);
      }
    },
    [theme, session ?? null] as const,
  );
  return context;
}

/** The outermost elements that stick out past the right or left edge, described for the report (only when it overflows). */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const wide = (el: Element) => {
      const box = el.getBoundingClientRect();
      // Only the right edge: what sticks out on the left (the closed side menu) cannot be scrolled to.
      return box.width > 0 && box.right > width + 0.5;
    };
    const describe = (el: Element) => {
      const box = el.getBoundingClientRect();
      const cls =
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}`
          : '';
      const text = el.textContent.trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls}> ${Math.round(box.left)}..${Math.round(box.right)}px${text ? ` "${text}"` : ''}`;
    };
    const offenders = [...document.body.querySelectorAll('*')].filter(
      (el) => wide(el) && !(el.parentElement && wide(el.parentElement)),
    );
    return `scrollWidth ${document.documentElement.scrollWidth} > ${width}: ${offenders.slice(0, 8).map(describe).join('; ')}`;
  });
}

/**
 * Visible text under the theme toggle: with the toggle hidden for a moment, each text line whose box meets the
 * toggle's box is checked with elementFromPoint at the overlap, so text hidden by something else (the closed side
 * menu, the header) does not count.
 */
async function textUnderToggle(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toggle = document.querySelector<HTMLElement>('[data-theme-toggle]');
    if (!toggle) return ['no theme toggle on the page'];
    const t = toggle.getBoundingClientRect();
    const covered: string[] = [];
    toggle.style.visibility = 'hidden';
    try {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || toggle.contains(node)) continue;
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          const left = Math.max(r.left, t.left);
          const right = Math.min(r.right, t.right);
          const top = Math.max(r.top, t.top);
          const bottom = Math.min(r.bottom, t.bottom);
          if (right - left < 1 || bottom - top < 1) continue;
          const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
          if (
            hit &&
            node.parentElement &&
            (hit === node.parentElement || node.parentElement.contains(hit) || hit.contains(node.parentElement))
          ) {
            covered.push(
              `"${node.textContent.trim().replace(/\s+/g, ' ').slice(0, 50)}" at ${Math.round(r.left)},${Math.round(r.top)}`,
            );
            break;
          }
        }
      }
    } finally {
      toggle.style.visibility = '';
    }
    return covered;
  });
}

/** On the home page, before scrolling: the toggle's box and the hero's slide dots do not meet. */
async function toggleOverDots(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const toggle = document.querySelector('[data-theme-toggle]')?.getBoundingClientRect();
    if (!toggle) return null;
    for (const dot of document.querySelectorAll('[role="group"][aria-label="Slides"] button')) {
      const d = dot.getBoundingClientRect();
      if (d.width && d.left < toggle.right && d.right > toggle.left && d.top < toggle.bottom && d.bottom > toggle.top)
        return `toggle over ${dot.getAttribute('aria-label')}`;
    }
    return null;
  });
}

async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(async () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

const artifactName = (path: string, width: number, theme: Theme) =>
  `${path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'home'}-${width}-${theme}.png`;

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const file = testInfo.outputPath(name);
  // From the top, so the fixed header sits over the top of the page and not halfway down the picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, { path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

for (const theme of THEMES) {
  test(`every public page fits ${widthsOf(theme).join(', ')} px in the ${theme} theme, with no text under the theme toggle`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(240_000); // a bound for a hang, not a budget
    const pages = await publicPages(request);
    const context = await themedContext(browser, theme);
    const page = await context.newPage();
    const problems: string[] = [];
    try {
      for (const path of pages) {
        // Loaded once at the narrowest width, then widened, as a phone turned and a window resized see it.
        await page.setViewportSize({ width: widthsOf(theme)[0] ?? WIDTHS[0], height: 720 });
        const response = await page.goto(path, { waitUntil: 'load' });
        expect(response?.status(), path).toBe(path.startsWith('/no-such') ? 404 : 200);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), path).toBe(
          theme === 'dark',
        );
        for (const width of widthsOf(theme)) {
          const where = `${path} at ${width}px (${theme})`;
          await page.setViewportSize({ width, height: width < 800 ? 720 : 800 });
          await page.evaluate(async () => {
            window.scrollTo(0, 0);
            await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          });
          if (path === '/') {
            const dots = await toggleOverDots(page);
            if (dots) problems.push(`${where}: ${dots}`);
          }
          const wide = await overflow(page);
          if (wide) problems.push(`${where}: ${wide}`);
          await scrollToBottom(page);
          for (const text of await textUnderToggle(page)) problems.push(`${where}: theme toggle covers ${text}`);
          await attachScreenshot(page, testInfo, artifactName(path, width, theme));
        }
      }
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  });
}

test('the header fits 320, 360 and 375 px signed out, as a customer and as an admin, the themes in turns', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  // The header reads only the stored token and role; the admin's session is real so the admin's profile loads too.
  const sessions = [
    { who: 'signed-out', session: undefined, button: 'Login', absent: ['Account', 'Dashboard'], paths: ['/about'] },
    {
      who: 'customer',
      session: { token: 'c'.repeat(43), role: 'customer' as const },
      button: 'Account',
      absent: ['Dashboard', 'Login'],
      paths: ['/about'],
    },
    {
      who: 'admin',
      session: { token: await adminToken(request), role: 'admin' as const },
      button: 'Dashboard',
      absent: ['Account', 'Login'],
      paths: ['/about', '/profile'],
    },
  ];
  const problems: string[] = [];
  for (const theme of THEMES) {
    for (const { who, session, button, absent, paths } of sessions) {
      const context = await themedContext(browser, theme, session);
      const page = await context.newPage();
      try {
        // 1280 too, for the screenshots of the desktop header beside the phone ones; the themes take turns.
        const widths = SCREENSHOTS
          ? [...PHONE_WIDTHS, 1280]
          : [...PHONE_WIDTHS, 1280].filter((_, i) => (i % 2 === 0) === (theme === 'dark'));
        for (const width of widths) {
          await page.setViewportSize({ width, height: 720 });
          for (const path of paths) {
            const where = `${path} ${who} at ${width}px (${theme})`;
            await page.goto(path, { waitUntil: 'load' });
            const header = page.getByRole('banner');
            await expect(header.getByRole('link', { name: button, exact: true }), where).toBeVisible();
            for (const name of absent)
              await expect(header.getByRole('link', { name, exact: true }), where).toBeHidden();
            const clipped = await header.evaluate((el) =>
              [...el.querySelectorAll('a, button')]
                .filter((c) => c.getClientRects().length > 0)
                .filter((c) => {
                  const box = c.getBoundingClientRect();
                  return box.left < 0 || box.right > window.innerWidth || c.scrollWidth > c.clientWidth + 1;
                })
                .map(
                  (c) =>
                    `${c.tagName.toLowerCase()} "${(c.textContent || (c.getAttribute('aria-label') ?? '')).trim()}"`,
                ),
            );
            if (clipped.length) problems.push(`${where}: clipped ${clipped.join(', ')}`);
            const wide = await overflow(page);
            if (wide) problems.push(`${where}: ${wide}`);
            await keepScreenshot(page, {
              path: testInfo.outputPath(`header-${who}${path.replace(/\//g, '-')}-${width}-${theme}.png`),
            });
            if (width === widths[0] && path === '/about') {
              // The side menu with this account's items, as a phone shows it.
              await page.getByRole('button', { name: 'Open menu' }).click();
              await expect(page.getByRole('dialog', { name: 'Mobile' })).toBeVisible();
              await keepScreenshot(page, {
                path: testInfo.outputPath(`side-menu-${who}-320-${theme}.png`),
                animations: 'disabled',
              });
              await page.keyboard.press('Escape');
            }
          }
        }
      } finally {
        await context.close();
      }
    }
  }
  expect(problems).toEqual([]);
});
