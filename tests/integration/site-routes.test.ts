import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
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
    writeFileSync(join(root, 'login', 'index.html'), `<meta http-equiv="content-security-policy" content="default-src 'self';script-src 'self' 'sha256-abc=';"><h1>login</h1>`);
    writeFileSync(join(root, '404.html'), '<h1>404 - Page Not Found</h1>');
    writeFileSync(join(root, '_astro', 'island.Ab12Cd.js'), 'export {}');
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
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self';script-src 'self' 'sha256-abc='; frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const about = await get('/about');
    expect(about.headers.get('content-security-policy')).toBeNull();
    expect(about.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('caches hashed assets for a year', async () => {
    const res = await get('/_astro/island.Ab12Cd.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
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
