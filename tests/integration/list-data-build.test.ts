/**
 * The lists' data files as the site build writes them: one /data/<list>.<hash>.json per list, named by the hash of
 * its content, holding what the list endpoint answers cut to the fields the list's filters and cards read, in the
 * same order; compressed like every text file, out of the sitemap, and named by the list pages. After an edit to one
 * product the next build writes a new products file and the other lists' files unchanged. The build does not depend
 * on the database: SQLite's run only (tests/vitest.config.ts, BUILD_ONLY).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { toBlogSummary } from '../../src/lib/filters/blogs.ts';
import { SHOP_LIST_FIELDS, toAudioListItem, toShopListItem } from '../../src/lib/lists/list-data.ts';
import { LIST_ROUTES } from '../../src/lib/lists/list-routes.ts';
import { buildSite } from '../../src/server/site/build-site.ts';
import { LIST_DATA_HASH_LENGTH } from '../../src/shared/list-data-path.ts';
import type { Audio, Blog, Product } from '../../src/shared/types.ts';
import { TEST_ADMIN_PASSWORD } from '../helpers/test-app.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** What each list's data file holds of one item the API lists. */
const PROJECTIONS: Record<string, (item: never) => unknown> = {
  products: (p: Product) => toShopListItem(p),
  blogs: (b: Blog) => toBlogSummary(b),
  photos: (p: unknown) => p,
  videos: (v: unknown) => v,
  audios: (a: Audio) => toAudioListItem(a),
  events: (e: unknown) => e,
};

/** The data files in a built site, by list name. */
function dataFiles(outDir: string): Map<string, string> {
  const names = readdirSync(join(outDir, 'data')).filter((name) => name.endsWith('.json'));
  return new Map(names.map((name) => [name.split('.')[0] ?? '', name]));
}

describe("the lists' data files in a built site", () => {
  let server: TestServer;
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'list-data-build-'));
    return () => {
      rmSync(root, { recursive: true, force: true });
    };
  });
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    await buildSite({ apiUrl: server.url, outDir: join(root, 'first'), log: () => undefined });
    return () => server.stop(true);
  }, 240_000);

  it('holds each list as its endpoint answers it, cut to the list fields, named by its hash', async () => {
    const outDir = join(root, 'first');
    const files = dataFiles(outDir);
    expect([...files.keys()].sort()).toEqual(Object.values(LIST_ROUTES).sort());
    for (const [list, name] of files) {
      const body = readFileSync(join(outDir, 'data', name), 'utf8');
      const hash = createHash('sha256').update(body).digest('hex').slice(0, LIST_DATA_HASH_LENGTH);
      expect(name).toBe(`${list}.${hash}.json`);
      const listed = ((await (await fetch(`${server.url}/api/${list}`)).json()) as { results: never[] }).results;
      expect(listed.length, list).toBeGreaterThan(0);
      const project = PROJECTIONS[list] ?? (() => undefined);
      expect(JSON.parse(body), list).toEqual(listed.map(project));
      expect(brotliDecompressSync(readFileSync(join(outDir, 'data', `${name}.br`))).toString()).toBe(body);
    }
    const products = JSON.parse(readFileSync(join(outDir, 'data', files.get('products') ?? ''), 'utf8')) as object[];
    for (const item of products) expect(Object.keys(item)).toEqual([...SHOP_LIST_FIELDS]);
  });

  it('is named by each list page, and left out of the sitemap', () => {
    const outDir = join(root, 'first');
    const files = dataFiles(outDir);
    for (const [route, list] of Object.entries(LIST_ROUTES)) {
      const html = readFileSync(join(outDir, route, 'index.html'), 'utf8');
      expect(html, route).toContain(`/data/${files.get(list) ?? ''}`);
    }
    const sitemaps = readdirSync(outDir).filter((name) => /^sitemap-\d+\.xml$/.test(name));
    expect(sitemaps.length).toBeGreaterThan(0);
    for (const sitemap of sitemaps) {
      const xml = readFileSync(join(outDir, sitemap), 'utf8');
      expect(xml).toContain('/shop/');
      expect(xml).not.toContain('/data/');
    }
    expect(existsSync(join(outDir, 'shop', 'index.html'))).toBe(true);
  });

  it('after a product is deleted, the next build writes a new products file and keeps the other lists’ files', async () => {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const [gone] = ((await (await fetch(`${server.url}/api/products`)).json()) as { results: Product[] }).results;
    const removed = await fetch(`${server.url}/api/admin/products/${gone?._id ?? ''}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.status).toBe(200);

    await buildSite({ apiUrl: server.url, outDir: join(root, 'second'), log: () => undefined });
    const before = dataFiles(join(root, 'first'));
    const after = dataFiles(join(root, 'second'));
    for (const list of Object.values(LIST_ROUTES)) {
      if (list === 'products') expect(after.get(list)).not.toBe(before.get(list));
      else expect(after.get(list), list).toBe(before.get(list));
    }
    const products = JSON.parse(
      readFileSync(join(root, 'second', 'data', after.get('products') ?? ''), 'utf8'),
    ) as Product[];
    expect(products.map((p) => p._id)).not.toContain(gone?._id);
    expect(readFileSync(join(root, 'second', 'shop', 'index.html'), 'utf8')).toContain(after.get('products'));
  }, 240_000);
});
