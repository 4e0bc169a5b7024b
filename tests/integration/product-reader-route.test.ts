import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteHandler } from '../../src/server/site/site-routes.ts';

describe('a product newer than the build', () => {
  let root: string;
  const page = (dir: string, html: string) => {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, 'index.html'), html);
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'site-dist-'));
    page('shop/built-lamp', '<h1>built lamp</h1>');
    page('product-view', '<h1>product reader</h1>');
    page('blog-view', '<h1>blog reader</h1>');
    writeFileSync(join(root, '404.html'), '<h1>404 - Page Not Found</h1>');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const appWith = (products: string[], blogs: string[] = []) => {
    const app = new Hono();
    app.get(
      '*',
      siteHandler({
        current: () => root,
        productExists: (slug) => Promise.resolve(products.includes(slug)),
        blogExists: (slug) => Promise.resolve(blogs.includes(slug)),
      }),
    );
    return app;
  };

  it('opens in the product reader page, uncached, while the API knows it', async () => {
    const app = appWith(['fresh-lantern']);
    for (const path of ['/shop/fresh-lantern', '/shop/fresh-lantern/']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe('<h1>product reader</h1>');
    }
  });

  it('serves a product the build knows from its own page, and an unknown one as not found', async () => {
    const app = appWith(['fresh-lantern', 'built-lamp']);
    expect(await (await app.request('/shop/built-lamp')).text()).toBe('<h1>built lamp</h1>');
    const missing = await app.request('/shop/no-such-thing');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('<h1>404 - Page Not Found</h1>');
    // A product slug is no blog slug, and the other way round.
    const crossed = appWith([], ['fresh-lantern']);
    expect((await crossed.request('/shop/fresh-lantern')).status).toBe(404);
    expect(await (await crossed.request('/blogs/fresh-lantern')).text()).toBe('<h1>blog reader</h1>');
    expect((await app.request('/shop/fresh-lantern/extra')).status).toBe(404);
  });

  it('is not found without a way to ask whether the product exists', async () => {
    const app = new Hono();
    app.get('*', siteHandler({ current: () => root }));
    expect((await app.request('/shop/fresh-lantern')).status).toBe(404);
  });
});
