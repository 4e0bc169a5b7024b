/**
 * The Content Security Policy as a browser sees it (security.md R51-R53): the policy a page is served
 * with, every inline script and style the page holds once hydrated (or after an interaction) checked against that
 * policy's hashes, and every policy violation the browser reports.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type BrowserContext, type Page, type Response } from '@playwright/test';
import { waitForIslands } from './hydration.ts';
import { ROUTES } from './route-table.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Script types the browser runs (and CSP governs); data blocks such as JSON-LD are never run and need no hash. */
const RUN_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'importmap', 'speculationrules']);

export type Directives = Map<string, string[]>;

/** `default-src 'self'; img-src …` as directive name → its sources. */
export function parsePolicy(policy: string): Directives {
  const directives: Directives = new Map();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The sources a fetch directive falls back to (CSP3: script-src-elem → script-src → default-src). */
function sourcesFor(directives: Directives, chain: readonly string[]): string[] {
  for (const name of chain) {
    const sources = directives.get(name);
    if (sources) return sources;
  }
  return [];
}

export const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** What is wrong with the policy itself: a missing header, an unsafe keyword, a baseline directive not as R52 says. */
export function policyProblems(policy: string | undefined): string[] {
  if (!policy) return ['no Content-Security-Policy header'];
  const problems: string[] = [];
  const directives = parsePolicy(policy);
  for (const keyword of [
    "'unsafe-inline'",
    "'unsafe-eval'",
    "'unsafe-hashes'",
    "'strict-dynamic'",
    '*',
    'data:',
    'http:',
    'https:',
  ]) {
    for (const name of ['script-src', 'style-src', 'default-src']) {
      if (directives.get(name)?.includes(keyword)) problems.push(`${name} allows ${keyword}`);
    }
  }
  const expectExactly = (name: string, value: string) => {
    if (directives.get(name)?.join(' ') !== value)
      problems.push(`${name} is "${directives.get(name)?.join(' ') ?? '(missing)'}", not "${value}"`);
  };
  expectExactly('default-src', "'self'");
  expectExactly('object-src', "'none'");
  expectExactly('base-uri', "'none'");
  expectExactly('frame-ancestors', "'none'");
  expectExactly('form-action', "'self'");
  for (const name of ['script-src', 'style-src']) {
    const odd = (directives.get(name) ?? []).filter(
      (s) => s !== "'self'" && !/^'sha(256|384|512)-[A-Za-z0-9+/]+=*'$/.test(s),
    );
    if (!directives.has(name)) problems.push(`no ${name}`);
    if (odd.length > 0) problems.push(`${name} allows ${odd.join(' ')} (only 'self' and hashes)`);
  }
  return problems;
}

/** Inline code the page holds now: scripts without src that the browser runs, <style> elements, style="" attributes. */
interface InlineCode {
  scripts: string[];
  styles: string[];
  styleAttributes: string[];
}

async function inlineCode(page: Page): Promise<InlineCode> {
  return page.evaluate(
    (runTypes) => {
      const scripts = [...document.querySelectorAll('script:not([src])')]
        .filter((s) => runTypes.includes((s.getAttribute('type') ?? '').trim().toLowerCase()))
        .map((s) => s.textContent);
      const styles = [...document.querySelectorAll('style')].map((s) => s.textContent);
      const styleAttributes = [...document.querySelectorAll('[style]')].map(
        (el) => `<${el.localName}> style="${el.getAttribute('style')}"`,
      );
      return { scripts, styles, styleAttributes };
    },
    [...RUN_TYPES],
  );
}

/** style="" attributes in markup as served: the parser applies none of them under this policy (R53 forbids them). */
export function servedStyleAttributes(html: string): string[] {
  // Attribute names inside tags only: text and scripts that merely mention `style=` are left out.
  const tags =
    html
      .replace(/<script\b[\s\S]*?<\/script>/gi, '')
      .replace(/<style\b[\s\S]*?<\/style>/gi, '')
      .match(/<[a-z][^>]*>/gi) ?? [];
  return tags.filter((tag) => /\sstyle\s*=/i.test(tag)).map((tag) => tag.slice(0, 160));
}

/**
 * The policy the page's current document was served with, from the response the browser itself got (a rebuild of the
 * shared e2e server may swap in other files between the browser's load and a second request), and that document's
 * markup; the page's <meta> policy must be the header's minus frame-ancestors (R51: the server repeats it).
 */
async function documentPolicy(
  page: Page,
  watch: CspWatch,
): Promise<{ policy: string | undefined; meta: string | null; html: string }> {
  const response = watch.documents.get(page);
  if (!response) throw new Error(`no document response recorded for ${page.url()}`);
  // The page is between documents (moving on by itself): the caller waits and looks again.
  if (new URL(response.url()).pathname !== new URL(page.url()).pathname) throw new MovingOn(page.url());
  let policy = (await response.allHeaders())['content-security-policy'];
  let html = await response.text().catch(() => '');
  // A page revalidated from the browser's cache (304) carries no policy header itself: the browser applies the one it
  // cached with the page, which is the one the server sends for the file now.
  if (policy === undefined || html === '') {
    const fresh = await page.request.get(page.url(), { headers: { 'Cache-Control': 'no-cache' } });
    policy = fresh.headers()['content-security-policy'];
    html = await fresh.text();
  }
  const meta = await page
    .locator('meta[http-equiv="content-security-policy" i]')
    .first()
    .getAttribute('content')
    .catch(() => null);
  return { policy, meta, html };
}

/** The page navigated while it was being looked at. */
class MovingOn extends Error {}

export interface CspWatch {
  /** Violations the browser reported, as `<page path>: <directive> blocked <what>`. */
  violations: string[];
  /** Each page's current document as the browser received it. */
  documents: WeakMap<Page, Response>;
}

/**
 * Records every securitypolicyviolation event of every page of the context (in the page and its same-origin frames),
 * and every console line the browser writes about the policy, for the context's whole life.
 */
export async function watchPolicy(context: BrowserContext): Promise<CspWatch> {
  const watch: CspWatch = { violations: [], documents: new WeakMap() };
  context.on('response', (response) => {
    if (!response.request().isNavigationRequest()) return;
    const frame = response.request().frame();
    if (frame === frame.page().mainFrame()) watch.documents.set(frame.page(), response);
  });
  await context.exposeBinding('__cspViolation', ({ page }, line: string) => {
    watch.violations.push(`${new URL(page.url()).pathname}: ${line}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation?: (line: string) => void }).__cspViolation;
      report?.(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile || '?'}:${e.lineNumber} ${JSON.stringify(e.sample)}`,
      );
    });
  });
  context.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text()))
      watch.violations.push(
        `${new URL(message.page()?.url() ?? 'about:blank').pathname}: console: ${message.text().slice(0, 300)}`,
      );
  });
  return watch;
}

/**
 * Checks the page as it is now: its served policy is sound, every inline script and <style> it holds is named by that
 * policy's hashes, its served markup has no style="" attribute, and no violation has been reported so far.
 * Answers how much inline code was checked.
 */
export async function expectPageWithinPolicy(
  page: Page,
  watch: CspWatch,
  what: string,
): Promise<{ scripts: number; styles: number }> {
  const { policy, meta, html } = await documentPolicy(page, watch);
  expect(policyProblems(policy), `${what}: the policy`).toEqual([]);
  expect(
    `${meta?.replace(/;\s*$/, '')}; frame-ancestors 'none'`,
    `${what}: the header repeats the page's <meta> policy`,
  ).toBe(policy);
  // The expectation above holds only for a policy that is there.
  assert(policy !== undefined);
  const directives = parsePolicy(policy);
  const scriptHashes = new Set(sourcesFor(directives, ['script-src-elem', 'script-src', 'default-src']));
  const styleHashes = new Set(sourcesFor(directives, ['style-src-elem', 'style-src', 'default-src']));
  const code = await inlineCode(page);
  // The hashes of the document the page holds (its <meta>; the header was just checked to repeat it).
  const applied = parsePolicy(meta ?? '');
  for (const [name, sources] of applied) directives.set(name, sources);
  const unhashed = [
    ...code.scripts
      .filter((s) => !scriptHashes.has(sha256(s)))
      .map((s) => `script ${sha256(s)} ${JSON.stringify(s.slice(0, 80))}`),
    ...code.styles
      .filter((s) => !styleHashes.has(sha256(s)))
      .map((s) => `style ${sha256(s)} ${JSON.stringify(s.slice(0, 80))}`),
  ];
  expect(unhashed, `${what}: inline code outside the policy's hashes`).toEqual([]);
  expect(servedStyleAttributes(html), `${what}: style="" attributes in the served markup`).toEqual([]);
  expect(watch.violations, `${what}: policy violations`).toEqual([]);
  return { scripts: code.scripts.length, styles: code.styles.length };
}

/**
 * Waits until the page has hydrated and checks it (expectPageWithinPolicy); a page that moves on by itself while
 * being looked at (to /login, signed out) is waited for and checked where it lands.
 */
export async function expectSettledPageWithinPolicy(page: Page, watch: CspWatch, what: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const url = page.url();
    try {
      await hydrated(page, what);
      await expectPageWithinPolicy(page, watch, `${what} (at ${new URL(page.url()).pathname})`);
      if (page.url() === url) return;
    } catch (error) {
      const navigated =
        error instanceof MovingOn ||
        page.url() !== url ||
        /Execution context was destroyed|navigat/i.test(String(error));
      if (!navigated || attempt >= 3) throw error;
    }
    // Between documents (the next one answered, not yet shown): wait for it to be committed, then loaded. On a busy
    // machine that gap outlasted three immediate looks.
    if (page.url() === url)
      await page.waitForURL((next) => next.href !== url, { timeout: 10_000 }).catch(() => undefined);
    await page.waitForLoadState('load');
  }
}

/** Every island the page shows has hydrated (a client:visible one further down is scrolled to first). */
export async function hydrated(page: Page, what: string): Promise<void> {
  for (let round = 0; round < 3; round++) {
    const pending = await page.locator('astro-island[ssr]').count();
    if (pending === 0) return;
    // Islands that wait to be seen: scroll through the page so each one hydrates.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
      }
      window.scrollTo(0, document.body.scrollHeight);
    });
    await page.waitForTimeout(150);
  }
  await waitForIslands(page, what);
}

/**
 * The site's routes: the route table (helpers/route-table.ts) and every page file under src/pages without a
 * parameter, so that a page added to either is walked too. Dynamic pages are added by the caller.
 */
export function siteRoutes(): string[] {
  const fromPages: string[] = [];
  const pagesDir = join(ROOT, 'src/pages');
  const visit = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) visit(join(dir, entry.name), `${prefix}/${entry.name}`);
      else if (entry.name.endsWith('.astro') && !entry.name.includes('[') && entry.name !== '404.astro') {
        const name = entry.name.replace(/\.astro$/, '');
        fromPages.push(name === 'index' ? prefix || '/' : `${prefix}/${name}`);
      }
    }
  };
  visit(pagesDir, '');
  return [...new Set([...ROUTES, ...fromPages])];
}
