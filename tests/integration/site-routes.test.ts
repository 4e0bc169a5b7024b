import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw } from '../helpers/raw-http.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { precompressDir } from '../../src/server/site/precompress.ts';
import { siteHandler } from '../../src/server/site/site-routes.ts';

describe('serving the built site', () => {
  let root: string;
  let server: TestServer;
  const get = (path: string) => fetch(`${server.url}${path}`);

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'site-dist-'));
    mkdirSync(join(root, '_astro'));
    mkdirSync(join(root, 'about'));
    writeFileSync(join(root, 'index.html'), '<h1>home</h1>');
    writeFileSync(join(root, 'about', 'index.html'), '<h1>about</h1>');
    mkdirSync(join(root, 'login'));
    writeFileSync(
      join(root, 'login', 'index.html'),
      `<meta http-equiv="content-security-policy" content="default-src 'self';script-src 'self' 'sha256-abc=';"><h1>login</h1>`,
    );
    mkdirSync(join(root, 'newsletter', 'confirm'), { recursive: true });
    writeFileSync(join(root, 'newsletter', 'confirm', 'index.html'), '<h1>confirm</h1>');
    mkdirSync(join(root, 'orders', 'view'), { recursive: true });
    writeFileSync(join(root, 'orders', 'view', 'index.html'), '<h1>order</h1>');
    mkdirSync(join(root, 'preview'));
    writeFileSync(join(root, 'preview', 'index.html'), '<h1>preview</h1>');
    writeFileSync(join(root, '404.html'), '<h1>404 - Page Not Found</h1>');
    writeFileSync(join(root, '_astro', 'island.Ab12Cd.js'), 'export {}');
    mkdirSync(join(root, 'data'));
    writeFileSync(join(root, 'data', 'products.0123456789ab.json'), '[]');
    writeFileSync(join(root, 'data', 'notes.json'), '[]');
    server = await startTestServer({ siteDir: root });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(root, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while the first build runs', async () => {
    const app = new Hono();
    app.get('*', siteHandler({ current: () => null }));
    const res = await app.request('/');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
  });

  it('serves pages from their directory index and revalidates them', async () => {
    for (const path of ['/', '/about', '/about/']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    }
    expect(await (await get('/about')).text()).toBe('<h1>about</h1>');
  });

  it('repeats the page CSP as a header with frame-ancestors, and sends no referrer from /login', async () => {
    const res = await get('/login');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'self';script-src 'self' 'sha256-abc='; frame-ancestors 'none'",
    );
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const about = await get('/about');
    expect(about.headers.get('content-security-policy')).toBeNull();
    expect(about.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it("sends no referrer from the newsletter link pages and a guest's order page, whose URL carries a token", async () => {
    for (const path of [
      '/newsletter/confirm?token=abc',
      '/newsletter/confirm/?token=abc',
      '/orders/view?id=x&token=abc',
      '/orders/view/?id=x&token=abc',
      '/preview?token=abc',
      '/preview/?token=abc',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it("never caches a draft's preview page, whose URL carries its link, nor lets it be indexed", async () => {
    for (const path of ['/preview?token=abc', '/preview/?token=abc']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
    }
    expect((await get('/about')).headers.get('x-robots-tag')).toBeNull();
  });

  it('caches hashed assets for a year', async () => {
    const res = await get('/_astro/island.Ab12Cd.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("caches a list's data file, named by its content's hash, for a year; other JSON is revalidated", async () => {
    const hashed = await get('/data/products.0123456789ab.json');
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('content-type')).toContain('application/json');
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const plain = await get('/data/notes.json');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('answers unknown paths and traversal attempts with the 404 page', async () => {
    for (const path of ['/nope', '/about/nope', '/..%2F..%2Fetc%2Fpasswd', '/_astro/../../secret']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('404 - Page Not Found');
      expect(res.headers.get('content-type')).toContain('text/html');
    }
  });
});

describe('serving the precompressed site', () => {
  let root: string;
  let server: TestServer;
  const paragraph = '<p>The quick brown fox jumps over the lazy dog.</p>\n';
  const home = `<!doctype html><meta http-equiv="content-security-policy" content="default-src 'self';"><h1>home</h1>${paragraph.repeat(60)}`;
  const notFound = `<!doctype html><h1>404 - Page Not Found</h1>${paragraph.repeat(40)}`;
  const reader = `<!doctype html><h1>blog reader</h1>${paragraph.repeat(40)}`;
  const script = `export const text = ${JSON.stringify(paragraph.repeat(80))};`;
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'site-dist-'));
    mkdirSync(join(root, '_astro'));
    mkdirSync(join(root, 'blog-view'));
    writeFileSync(join(root, 'index.html'), home);
    writeFileSync(join(root, '404.html'), notFound);
    writeFileSync(join(root, 'blog-view', 'index.html'), reader);
    writeFileSync(join(root, '_astro', 'page.Xy12.js'), script);
    await precompressDir(root);
    server = await startTestServer({ siteDir: root });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the brotli copy of a page to a client that accepts it', async () => {
    const res = await raw(url('/'), { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(res.headers['content-security-policy']).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(Number(res.headers['content-length'])).toBe(statSync(join(root, 'index.html.br')).size);
    expect(brotliDecompressSync(res.body).toString()).toBe(home);
  });

  it('sends the gzip copy without brotli, and the file itself without either', async () => {
    const gzip = await raw(url('/'), { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(home);
    const plain = await raw(url('/'));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/);
    expect(plain.body.toString()).toBe(home);
  });

  it('sends compressed hashed assets with their type and the year-long cache', async () => {
    const res = await raw(url('/_astro/page.Xy12.js'), { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('answers the 404 page compressed, with status 404', async () => {
    const res = await raw(url('/no/such/page'), { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toBe(notFound);
    const head = await raw(url('/no/such/page'), { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(404);
    expect(head.body.byteLength).toBe(0);
  });

  it('opens a post newer than the build in the compressed blog reader', async () => {
    const app = new Hono();
    app.get('*', siteHandler({ current: () => root, blogExists: (slug) => Promise.resolve(slug === 'fresh-post') }));
    const res = await app.request('/blogs/fresh-post', { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(reader);
    const missing = await app.request('/blogs/not-there');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(notFound);
  });

  it('answers a revalidation with a bodiless 304, by ETag or by date', async () => {
    for (const encoding of ['br', 'gzip', '']) {
      const first = await raw(url('/'), { 'accept-encoding': encoding });
      expect(first.headers['etag'], encoding).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
      expect(first.headers['last-modified']).toBeDefined();
      const byTag = await raw(url('/'), {
        'accept-encoding': encoding,
        'if-none-match': String(first.headers['etag']),
      });
      expect(byTag.status, encoding).toBe(304);
      expect(byTag.body.byteLength).toBe(0);
      expect(byTag.headers['etag']).toBe(first.headers['etag']);
      expect(byTag.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(byTag.headers['vary']).toMatch(/Accept-Encoding/);
      expect(byTag.headers['content-encoding']).toBeUndefined();
      const byDate = await raw(url('/'), {
        'accept-encoding': encoding,
        'if-modified-since': String(first.headers['last-modified']),
      });
      expect(byDate.status, encoding).toBe(304);
    }
    const changed = await raw(url('/'), { 'if-none-match': 'W/"0-0"' });
    expect(changed.status).toBe(200);
    expect(changed.body.toString()).toBe(home);
  });

  it('gives the same Last-Modified to every copy of a file', async () => {
    const dates = await Promise.all(
      ['br', 'gzip', ''].map(
        async (encoding) => (await raw(url('/'), { 'accept-encoding': encoding })).headers['last-modified'],
      ),
    );
    expect(new Set(dates).size).toBe(1);
  });

  it('answers HEAD with the headers of the compressed copy and no body', async () => {
    const res = await raw(url('/'), { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.body.byteLength).toBe(0);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(res.headers['content-length'])).toBe(readFileSync(join(root, 'index.html.br')).byteLength);
  });
});
