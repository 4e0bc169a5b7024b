/**
 * Checks that text from the API never became markup or script on a page (security.md R46, R49, R53): no dialog, no
 * request a payload would make, no script the page does not ship, no element or attribute a payload would add, and
 * no link from data with a scheme other than http(s), mailto or tel.
 */
import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { waitForIslands } from './hydration.ts';

/** What a page did while it was watched: dialogs opened, requests a payload would have made, policy violations. */
export interface PageWatch {
  dialogs: string[];
  badRequests: string[];
  /** Content Security Policy violations: an injected inline script, style or handler the policy refused. */
  violations: string[];
}

/** URLs a payload would request: script schemes, the `<img src=x>` of the payloads, anything carrying an alert( call. */
function isPayloadRequest(raw: string): boolean {
  if (/^\s*(?:javascript|vbscript|data):/i.test(raw)) return true;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not percent-decodable: judged as it is.
  }
  if (/alert\(|msgbox\(|onerror=|onload=|<script|<svg|<img|<iframe/i.test(decoded)) return true;
  try {
    return new URL(raw).pathname.split('/').pop() === 'x';
  } catch {
    return true;
  }
}

/** Starts recording dialogs (dismissed at once), payload requests and policy violations on the page, for its whole life. */
export async function watchPage(page: Page): Promise<PageWatch> {
  const watch: PageWatch = { dialogs: [], badRequests: [], violations: [] };
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI} ${event.sample}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) watch.violations.push(`${page.url()}: ${message.text()}`);
  });
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${page.url()}: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('request', (request) => {
    if (isPayloadRequest(request.url())) watch.badRequests.push(`${page.url()}: ${request.url()}`);
  });
  page.on('popup', (popup) => watch.badRequests.push(`${page.url()}: popup ${popup.url()}`));
  return watch;
}

/** Opens the page and waits until its islands have hydrated and the runtime refreshes have had their answers. */
export async function openPage(page: Page, url: string): Promise<void> {
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  expect(response?.status(), url).toBe(200);
  await waitForIslands(page);
}

/** Every <script> on the page: external ones by path, inline ones by the start and a hash of their text. */
export async function scriptSignatures(page: Page): Promise<string[]> {
  const scripts = await page.locator('script').evaluateAll((list) =>
    list.map((s) => ({
      src: s.getAttribute('src') ? new URL((s as HTMLScriptElement).src).pathname : null,
      type: s.getAttribute('type') ?? '',
      text: s.textContent,
    })),
  );
  const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 12);
  // A JSON-LD block is data that differs with the item it describes: it is signed by whether it is whole JSON (a value
  // that broke out of it would leave it unparseable, and its element count would change), not by its text.
  const parses = (text: string) => {
    try {
      JSON.parse(text);
      return 'whole JSON';
    } catch {
      return 'broken JSON';
    }
  };
  return scripts
    .map(({ src, type, text }) =>
      src
        ? `src ${src}`
        : type === 'application/ld+json'
          ? `json-ld ${parses(text)}`
          : `inline ${JSON.stringify(text.slice(0, 40))}… ${digest(text)}`,
    )
    .sort();
}

/**
 * Everything on the page a payload could have produced, as readable problems: event-handler attributes, elements
 * that load or run content, URL attributes with script or document schemes, links outside the allowed schemes.
 */
export async function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (el: Element) =>
      `<${el.localName}${el.id ? `#${el.id}` : ''}> in ${el.parentElement?.localName ?? '?'}`;
    // What the URL parser ignores, removed before judging a scheme.
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern is for
    const squeeze = (value: string) => value.replace(/[\u0000-\u0020\u007f]+/g, '').toLowerCase();
    const URL_ATTRIBUTES = [
      'href',
      'src',
      'action',
      'formaction',
      'srcset',
      'poster',
      'data',
      'xlink:href',
      'background',
      'ping',
      'srcdoc',
    ];
    const ALLOWED_LINK = new Set(['http:', 'https:', 'mailto:', 'tel:']);
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        if (attr.name.startsWith('on')) problems.push(`${describe(el)} has ${attr.name}="${attr.value}"`);
        if (!URL_ATTRIBUTES.includes(attr.name)) continue;
        const value = squeeze(attr.value);
        // The page's own favicon is inlined as a PNG data URL; nothing else may use data:.
        const ownIcon =
          el.localName === 'link' &&
          el.getAttribute('rel') === 'icon' &&
          /^data:image\/(?:png|x-icon|vnd\.microsoft\.icon);base64,/.test(value);
        if (!ownIcon && /(?:^|[^a-z])(?:javascript|vbscript|livescript|data):/.test(value))
          problems.push(`${describe(el)} has ${attr.name}="${attr.value}"`);
      }
      if (['iframe', 'frame', 'object', 'embed', 'base', 'applet', 'portal'].includes(el.localName)) {
        const src = el.getAttribute('src') ?? '';
        if (!(el.localName === 'iframe' && /^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\//.test(src)))
          problems.push(`${describe(el)} src="${src}"`);
      }
      if (el.localName === 'img' && /(?:^|\/)x$/.test(el.getAttribute('src') ?? ''))
        problems.push(`${describe(el)} is a payload image`);
      if (el.localName === 'meta' && (el.getAttribute('http-equiv') ?? '').toLowerCase() === 'refresh')
        problems.push(`${describe(el)} refreshes`);
    }
    for (const a of document.querySelectorAll('a[href], area[href]')) {
      const href = a.getAttribute('href') ?? '';
      let protocol = '';
      try {
        protocol = new URL(href, location.href).protocol;
      } catch {
        problems.push(`${describe(a)} has an unparseable href "${href}"`);
        continue;
      }
      if (!ALLOWED_LINK.has(protocol)) problems.push(`${describe(a)} has href "${href}"`);
    }
    return problems;
  });
}

/** Runs every check on a page that has been opened and watched; `baseline` is a normal page's script list. */
export async function expectNoInjection(page: Page, watch: PageWatch, baseline?: string[]): Promise<void> {
  const where = new URL(page.url()).pathname;
  expect(await injectedMarkup(page), `${where}: markup from data`).toEqual([]);
  if (baseline) expect(await scriptSignatures(page), `${where}: the page's scripts`).toEqual(baseline);
  expect(watch.dialogs, `${where}: dialogs`).toEqual([]);
  expect(watch.badRequests, `${where}: requests a payload would make`).toEqual([]);
  expect(watch.violations, `${where}: policy violations`).toEqual([]);
}

/** The hostile value is on the page as text, in an element whose text is exactly it. */
export async function expectLiteralText(page: Page, text: string): Promise<void> {
  const where = new URL(page.url()).pathname;
  await expect(
    page.getByText(text, { exact: true }).first(),
    `${where}: ${JSON.stringify(text)} shown as text`,
  ).toBeAttached();
}

/** Nothing sticks out sideways: the page is no wider than `width` (the window's width at that moment). */
export async function expectNoSideScroll(page: Page, width: number, what = page.url()): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} at ${width} px`).toBeLessThanOrEqual(
    width,
  );
}
