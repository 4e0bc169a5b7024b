/**
 * The floating theme toggle never covers a control or a line of text: every public page at 320 and 768 px, the
 * narrowest phone and the tablet between the layouts, scrolled to the top and to the bottom, with the toggle's box
 * meeting no visible button, link, input or line of text but its own (layout-fit.test.ts checks text under it at
 * 320, 375 and 1280 px, at the bottom). One browser context per width; nothing is changed on the server.
 */
import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { waitForIslands } from './helpers/hydration.ts';

const WIDTHS = [320, 768] as const;
const heightFor = (width: number) => (width < 700 ? 720 : width < 1000 ? 1024 : 800);

interface ListItem {
  _id?: unknown;
  slug?: unknown;
}

/** The first item a public list answers, or null when it is empty. */
async function firstItem(request: APIRequestContext, path: string): Promise<ListItem | null> {
  const res = await request.get(path);
  if (!res.ok()) return null;
  const body = (await res.json()) as { results?: ListItem[] };
  return body.results?.find((item) => typeof item.slug === 'string' && item.slug !== '') ?? null;
}

/** The public pages, with one product, one post and one event of the demo content. */
async function publicPages(request: APIRequestContext): Promise<{ pages: string[]; productId: string }> {
  const [product, blog, event] = await Promise.all(
    ['/api/products', '/api/blogs', '/api/events'].map((list) => firstItem(request, list)),
  );
  expect(product && blog && event, 'the demo has a product, a post and an event').toBeTruthy();
  const pages = [
    '/',
    '/shop',
    `/shop/${String(product?.slug)}`,
    '/blogs',
    `/blogs/${String(blog?.slug)}`,
    '/photos',
    '/videos',
    '/audio',
    '/events',
    `/events/${String(event?.slug)}`,
    '/about',
    '/contact',
    '/pricing',
    '/search?q=design',
    '/cart',
    '/checkout',
    '/login',
    '/register',
  ];
  return { pages, productId: String(product?._id) };
}

/** Waits until the toggle has placed itself for where the page is scrolled now, with no placement pending. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const toggle = document.querySelector<HTMLElement>('[data-theme-toggle]');
    return (
      !!toggle &&
      toggle.dataset['placing'] === undefined &&
      toggle.dataset['placedFor'] === `${Math.round(window.scrollY)}:${window.innerWidth}`
    );
  });
}

async function scrollTo(page: Page, where: 'top' | 'bottom'): Promise<void> {
  await page.evaluate(async (where) => {
    window.scrollTo(0, where === 'top' ? 0 : document.documentElement.scrollHeight);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }, where);
  await settled(page);
}

/**
 * What the toggle covers: each visible control or line of text whose box meets the toggle's, described. What lies
 * under something else (checked with the toggle out of the way) is not visible there and does not count. A toggle out
 * of sight covers nothing.
 */
async function covered(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toggle = document.querySelector<HTMLElement>('[data-theme-toggle]');
    if (!toggle) return ['no theme toggle on the page'];
    if (!toggle.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return [];
    const t = toggle.getBoundingClientRect();
    const overlap = (r: DOMRect) => {
      const left = Math.max(r.left, t.left);
      const right = Math.min(r.right, t.right);
      const top = Math.max(r.top, t.top);
      const bottom = Math.min(r.bottom, t.bottom);
      return right - left >= 1 && bottom - top >= 1 ? { x: (left + right) / 2, y: (top + bottom) / 2 } : null;
    };
    const seenAt = (el: Element, point: { x: number; y: number }) => {
      const hit = document.elementFromPoint(point.x, point.y);
      return !!hit && (hit === el || el.contains(hit) || hit.contains(el));
    };
    const text = (s: string | null | undefined) => (s ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
    const found: string[] = [];
    const previous = toggle.style.visibility;
    toggle.style.visibility = 'hidden';
    try {
      const controls = 'a[href], button, input, select, textarea, summary, [role="button"], [role="link"]';
      for (const el of document.body.querySelectorAll(controls)) {
        if (toggle.contains(el) || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        for (const r of el.getClientRects()) {
          const point = overlap(r);
          if (point && seenAt(el, point)) {
            found.push(`<${el.tagName.toLowerCase()}> "${text(el.textContent) || el.getAttribute('aria-label')}"`);
            break;
          }
        }
      }
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.trim() || toggle.contains(node)) continue;
        if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          const point = overlap(r);
          if (point && seenAt(parent, point)) {
            found.push(`text "${text(node.textContent)}"`);
            break;
          }
        }
      }
    } finally {
      toggle.style.visibility = previous;
    }
    return found;
  });
}

/**
 * What the toggle covers once the page has stopped changing: an island that renders late (the checkout's form after
 * the cart has loaded) moves text under the toggle, and the toggle's next placement is due 80 ms later. Asked again
 * for up to two seconds; what is still covered then is a fault.
 */
async function coveredOnceSettled(page: Page): Promise<string[]> {
  let found = await covered(page);
  for (let attempt = 0; found.length > 0 && attempt < 8; attempt += 1) {
    await page.waitForTimeout(250);
    await settled(page);
    found = await covered(page);
  }
  return found;
}

for (const width of WIDTHS) {
  test(`at ${width} px the theme toggle covers no control or text on any public page, at the top or the bottom`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000); // a bound for a hang, not a budget
    const { pages, productId } = await publicPages(request);
    const context = await browser.newContext({ viewport: { width, height: heightFor(width) } });
    // Something in the cart, so /cart and /checkout show their full forms.
    await context.addInitScript((id) => {
      if (!localStorage.getItem('cart')) localStorage.setItem('cart', JSON.stringify([{ productId: id, quantity: 1 }]));
    }, productId);
    const page = await context.newPage();
    const problems: string[] = [];
    try {
      for (const path of pages) {
        const response = await page.goto(path, { waitUntil: 'load' });
        expect(response?.status(), path).toBe(200);
        await waitForIslands(page, path);
        for (const where of ['top', 'bottom'] as const) {
          await scrollTo(page, where);
          for (const what of await coveredOnceSettled(page)) {
            problems.push(`${path} at ${width}px, ${where}: covers ${what}`);
          }
        }
      }
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  });
}
