/**
 * Publishing in proportion to the change: a site build with a cache renders again only the pages whose data changed
 * (their cache keys, lib/build/page-key.ts) and the pages without keys (home, lists, search, admin screens), copies
 * every other item page from the last build, and writes the same site, byte for byte, as a build that renders every
 * page from an empty cache; after a build that did not finish, the next starts from an empty cache. SQLite's run only (tests/vitest.config.ts, BUILD_ONLY).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { relatedProducts } from '../../src/lib/shop/product-page.ts';
import { BUILD_MARKER, buildSite, CACHE_IN_USE, type BuildReport } from '../../src/server/site/build-site.ts';
import type { Product } from '../../src/shared/types.ts';
import { TEST_ADMIN_PASSWORD } from '../helpers/test-app.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** The outputs of routes with getStaticPaths() (cache keys): item pages, calendars, data files, list pages after the first. */
const KEYED =
  /^\/(?:(?:shop|blogs|events|audio|pages)\/(?!cancel\/)[^/]+\/index\.html|events\/[^/]+\.ics|data\/.+\.json|[a-z]+\/page\/\d+\/index\.html)$/;

const keyed = (report: BuildReport) => report.rendered.filter((path) => KEYED.test(path)).sort();

/** Every file of a built site by its path inside it, with the build's own marker left out. */
function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === BUILD_MARKER) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), readFileSync(path));
  }
  return files;
}

/** An event's calendar file names the time it was written (DTSTAMP), the one thing two builds may not share. */
const comparable = (path: string, body: Buffer) =>
  path.endsWith('.ics') ? body.toString().replace(/^DTSTAMP:.*$/m, 'DTSTAMP:') : body.toString('base64');

describe('a build with a cache', () => {
  let server: TestServer;
  let root: string;
  const build = (name: string, options: { cache?: string; force?: boolean } = {}) =>
    buildSite({
      apiUrl: server.url,
      outDir: join(root, name),
      cacheDir: join(root, options.cache ?? 'cache'),
      force: options.force ?? false,
      log: () => undefined,
    });
  let first: BuildReport;
  let unchanged: BuildReport;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'incremental-build-'));
    server = await startTestServer({ seed: 'demo' });
    first = await build('first');
    unchanged = await build('unchanged');
    return async () => {
      await server.stop(true);
      rmSync(root, { recursive: true, force: true });
    };
  }, 240_000);

  it('renders every page the first time, then copies every item page when nothing changed, and its steps reuse their work', () => {
    expect(first.reused).toBe(0);
    const items = keyed(first);
    expect(items.filter((path) => path.startsWith('/shop/')).length).toBeGreaterThan(5);
    expect(items.filter((path) => path.startsWith('/blogs/')).length).toBeGreaterThan(2);
    expect(keyed(unchanged)).toEqual([]);
    expect(unchanged.reused).toBe(items.length);
    expect(unchanged.rendered.length).toBe(first.rendered.length - items.length);
    expect(unchanged.rendered).toContain('/index.html');
    expect(unchanged.rendered).toContain('/shop/index.html');
    // The steps after Astro's find every page as the last build left it, the rendered ones included.
    expect(unchanged.steps.join('\n')).toMatch(
      /CSS trimmed to each page's use in (\d+) pages, \1 as in the last build/,
    );
    expect(unchanged.steps.join('\n')).toMatch(/(\d+) compressed copies of \d+ files, \1 as in the last build/);
  });

  it("after one product's price changes, renders that product's page, the pages listing it and its list's file only, and writes what a full build writes", async () => {
    const products = ((await (await fetch(`${server.url}/api/products`)).json()) as { results: Product[] }).results;
    const edited = products[1];
    if (!edited) throw new Error('the demo has products');
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const saved = await fetch(`${server.url}/api/admin/products/${edited._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ price: edited.price + 7 }),
    });
    expect(saved.status).toBe(200);

    const after = await build('after-edit');
    const showing = products.filter(
      (product) => product._id === edited._id || relatedProducts(product, products).some((p) => p._id === edited._id),
    );
    const rendered = keyed(after);
    const pages = rendered.filter((path) => !path.startsWith('/data/'));
    expect(pages).toEqual(showing.map((product) => `/shop/${product.slug}/index.html`).sort());
    expect(rendered.filter((path) => path.startsWith('/data/'))).toEqual([
      expect.stringMatching(/^\/data\/products\.\w+\.json$/),
    ]);
    expect(readFileSync(join(root, 'after-edit', 'shop', edited.slug, 'index.html'), 'utf8')).toContain(
      (edited.price + 7).toFixed(2),
    );

    await build('full', { cache: 'empty-cache', force: true });
    const incremental = filesOf(join(root, 'after-edit'));
    const full = filesOf(join(root, 'full'));
    expect([...incremental.keys()].sort()).toEqual([...full.keys()].sort());
    const differing = [...incremental].filter(
      ([path, body]) => comparable(path, body) !== comparable(path, full.get(path) ?? Buffer.alloc(0)),
    );
    expect(differing.map(([path]) => path)).toEqual([]);
  }, 240_000);

  it('starts from an empty cache after a build that did not finish', async () => {
    // What a build killed half-way leaves: its mark, and entries its manifest may not describe.
    writeFileSync(join(root, 'cache', CACHE_IN_USE), '');
    const after = await build('after-unfinished');
    expect(after.reused).toBe(0);
    expect(keyed(after).length).toBe(keyed(first).length);
    expect(existsSync(join(root, 'cache', CACHE_IN_USE))).toBe(false);
  }, 240_000);
});
