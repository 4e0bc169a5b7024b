import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateCompany, MAX_AGE_MS } from '../../src/server/modules/company/company.cache.ts';
import { decodedBody, raw, type Raw } from '../helpers/raw-http.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const decode = (res: Raw) => JSON.parse(decodedBody(res).toString('utf8'));

const SHARED_READS = ['/api/company', '/api/products', '/api/blogs', '/api/videos', '/api/audios', '/api/events', '/api/sliders', '/api/search?k=a'];
const PER_USER_READS = ['/api/photos', '/api/recommendations/personalized'];

describe('HTTP caching and compression of the API reads', () => {
  let server: TestServer;
  let adminToken: string;
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    const login = await fetch(url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'correct horse battery staple' }),
    });
    adminToken = (await login.json()).token;
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it.each(SHARED_READS)('%s carries an ETag and must be revalidated', async (path) => {
    const res = await raw(url(path));
    expect(res.status).toBe(200);
    expect(res.headers['etag']).toMatch(/^"[0-9a-f]{40}"$/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(PER_USER_READS)('%s varies with the bearer token and is never stored for a signed-in user', async (path) => {
    const anonymous = await raw(url(path));
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.headers['vary']).toMatch(/\bAuthorization\b/);
    expect(anonymous.headers['etag']).toBeDefined();
    const signedIn = await raw(url(path), { authorization: `Bearer ${adminToken}` });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.headers['vary']).toMatch(/\bAuthorization\b/);
  });

  it('sends a blog post with an ETag; each read counts a view, so the ETag changes', async () => {
    const { results } = decode(await raw(url('/api/blogs')));
    const first = await raw(url(`/api/blogs/${results[0].slug}`));
    expect(first.headers['cache-control']).toBe('no-cache');
    const second = await raw(url(`/api/blogs/${results[0].slug}`), { 'if-none-match': String(first.headers['etag']) });
    expect(second.status).toBe(200);
    expect(second.headers['etag']).not.toBe(first.headers['etag']);
  });

  it.each([...SHARED_READS, ...PER_USER_READS])('%s answers a matching If-None-Match with an empty 304', async (path) => {
    const first = await raw(url(path));
    const again = await raw(url(path), { 'if-none-match': String(first.headers['etag']) });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers['etag']).toBe(first.headers['etag']);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('revalidates a compressed copy by its weak ETag', async () => {
    for (const path of ['/api/products', '/api/company']) {
      const first = await raw(url(path), { 'accept-encoding': 'br' });
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers['etag']).toMatch(/^W\/"[0-9a-f]{40}"$/);
      const again = await raw(url(path), { 'accept-encoding': 'br', 'if-none-match': String(first.headers['etag']) });
      expect(again.status, path).toBe(304);
      expect(again.headers['etag']).toBe(first.headers['etag']);
      expect(again.headers['vary']).toMatch(/Accept-Encoding/);
    }
  });

  it('changes the ETag when the data changes', async () => {
    const before = await raw(url('/api/products'));
    const product = await server.db.selectFrom('products').select(['id', 'name']).executeTakeFirstOrThrow();
    await server.db.updateTable('products').set({ name: `${product.name} (new)` }).where('id', '=', product.id).execute();
    try {
      const after = await raw(url('/api/products'), { 'if-none-match': String(before.headers['etag']) });
      expect(after.status).toBe(200);
      expect(after.headers['etag']).not.toBe(before.headers['etag']);
    } finally {
      await server.db.updateTable('products').set({ name: product.name }).where('id', '=', product.id).execute();
    }
  });

  it('answers the company from memory until the row changes and invalidateCompany is called', async () => {
    const before = await raw(url('/api/company'));
    const row = await server.db.selectFrom('company_settings').select(['id', 'tagline']).executeTakeFirstOrThrow();
    await server.db.updateTable('company_settings').set({ tagline: 'Fresh tagline' }).where('id', '=', row.id).execute();
    try {
      invalidateCompany(server.db);
      const after = await raw(url('/api/company'), { 'if-none-match': String(before.headers['etag']) });
      expect(after.status).toBe(200);
      expect(after.headers['etag']).not.toBe(before.headers['etag']);
      expect(decode(after).tagline).toBe('Fresh tagline');
    } finally {
      await server.db.updateTable('company_settings').set({ tagline: row.tagline }).where('id', '=', row.id).execute();
      invalidateCompany(server.db);
    }
  });

  it('picks up within a millisecond a company change another process commits to the database', async () => {
    await raw(url('/api/company'));
    const other = new DatabaseSync(join(server.dataDir, 'site.db'), { timeout: 5000 });
    const { tagline } = other.prepare('SELECT tagline FROM company_settings WHERE id = 1').get() as { tagline: string | null };
    const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));
    try {
      other.prepare('UPDATE company_settings SET tagline = ? WHERE id = 1').run('Changed by another process');
      await nextMillisecond();
      expect(decode(await raw(url('/api/company'))).tagline).toBe('Changed by another process');
    } finally {
      other.prepare('UPDATE company_settings SET tagline = ? WHERE id = 1').run(tagline);
      other.close();
    }
    await nextMillisecond();
    expect(decode(await raw(url('/api/company'))).tagline).toBe(tagline ?? expect.any(String));
  });

  it('keeps serving the cached company while nothing was committed', async () => {
    const first = await raw(url('/api/company'));
    await new Promise((resolve) => setTimeout(resolve, MAX_AGE_MS + 100));
    const second = await raw(url('/api/company'));
    expect(second.headers['etag']).toBe(first.headers['etag']);
  });

  it('sends the same company headers from the in-memory fast path as through the middleware stack', async () => {
    const comparable = (res: Raw) => {
      const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = res.headers;
      return rest;
    };
    for (const encoding of [undefined, 'gzip', 'br']) {
      const accept: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const fast = await raw(url('/api/company'), accept);
      // Any If-None-Match sends the request through the full stack (hono/etag, compression, secureHeaders).
      const stack = await raw(url('/api/company'), { ...accept, 'if-none-match': '"not-this-one"' });
      expect(comparable(fast), String(encoding)).toEqual(comparable(stack));
      expect(decode(fast)).toEqual(decode(stack));
      expect(fast.headers['x-frame-options']).toBe('DENY');
    }
  });

  it.each(['/api/products', '/api/company', '/api/search?k=a'])('%s decodes from brotli and gzip to the same JSON', async (path) => {
    const plain = await raw(url(path));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/);
    const br = await raw(url(path), { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await raw(url(path), { 'accept-encoding': 'gzip, deflate' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const res of [br, gzip]) {
      expect(res.headers['vary']).toMatch(/Accept-Encoding/);
      expect(Number(res.headers['content-length'])).toBe(res.body.byteLength);
      expect(res.body.byteLength).toBeLessThan(plain.body.byteLength);
      expect(decode(res)).toEqual(JSON.parse(plain.body.toString('utf8')));
    }
  });

  it('honours q-values: gzip when brotli is refused', async () => {
    const res = await raw(url('/api/products'), { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(res.headers['content-encoding']).toBe('gzip');
    const none = await raw(url('/api/products'), { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers and errors uncompressed, keeping the { message } shape', async () => {
    const health = await raw(url('/api/health'), { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers['vary']).toBeUndefined();
    expect(decode(health)).toEqual({ ok: true });
    const missing = await raw(url('/api/nope'), { 'accept-encoding': 'br, gzip' });
    expect(missing.status).toBe(404);
    expect(decode(missing)).toEqual({ message: 'Not found' });
    const bad = await raw(url('/api/search'), { 'accept-encoding': 'br, gzip' });
    expect(bad.status).toBe(400);
    expect(decode(bad)).toHaveProperty('message');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const path of ['/api/products', '/api/company']) {
      const get = await raw(url(path), { 'accept-encoding': 'br' });
      const head = await raw(url(path), { 'accept-encoding': 'br' }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.byteLength).toBe(0);
      expect(head.headers['etag']).toBe(get.headers['etag']);
      expect(head.headers['cache-control']).toBe(get.headers['cache-control']);
    }
  });

  it('keeps auth answers no-store and uncompressed', async () => {
    const res = await fetch(url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      body: JSON.stringify({ username: 'admin', password: 'correct horse battery staple' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('etag')).toBeNull();
  });
});
