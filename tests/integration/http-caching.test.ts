import { Hono } from 'hono';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { completeAnswer } from '../../src/server/http/complete-answer.ts';
import { compressJson } from '../../src/server/http/compress.ts';
import { securityHeaders, securityHeaderValues } from '../../src/server/http/security-headers.ts';
import { invalidateCompany, MAX_AGE_MS } from '../../src/server/modules/company/company.cache.ts';
import type { BlogSummary, Company, ListResponse } from '../../src/shared/types.ts';
import { decodedBody, raw } from '../helpers/raw-http.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { anotherConnection, onPostgres } from '../helpers/test-database.ts';
import { startTestServer } from '../helpers/test-server.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The body as the app produced it (app.request decodes nothing). */
  body: Buffer;
}

const decode = (res: Answer): unknown => JSON.parse(decodedBody(res).toString('utf8'));
const companyOf = (res: Answer) => decode(res) as Company;

const SHARED_READS = [
  '/api/company',
  '/api/products',
  '/api/blogs',
  '/api/videos',
  '/api/audios',
  '/api/events',
  '/api/sliders',
  '/api/search?k=a',
];
const PER_USER_READS = ['/api/photos', '/api/recommendations/personalized'];

describe('HTTP caching and compression of the API reads', () => {
  let t: TestApp;
  let adminToken: string;
  const get = async (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> => {
    const res = await t.request(path, { method, headers });
    return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
    adminToken = await t.login('admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(SHARED_READS)('%s carries an ETag and must be revalidated', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers['etag']).toMatch(/^"[0-9a-f]{40}"$/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('application/json');
  });

  it.each(PER_USER_READS)('%s varies with the bearer token and is never stored for a signed-in user', async (path) => {
    const anonymous = await get(path);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.headers['vary']).toMatch(/\bAuthorization\b/);
    expect(anonymous.headers['etag']).toBeDefined();
    const signedIn = await get(path, { authorization: `Bearer ${adminToken}` });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.headers['vary']).toMatch(/\bAuthorization\b/);
  });

  it('sends a blog post with an ETag and answers 304 while it is unchanged: reading it counts no view', async () => {
    const [blog] = (decode(await get('/api/blogs')) as ListResponse<BlogSummary>).results;
    assert(blog, 'a published blog post');
    const first = await get(`/api/blogs/${blog.slug}`);
    expect(first.headers['cache-control']).toBe('no-cache');
    const second = await get(`/api/blogs/${blog.slug}`, { 'if-none-match': String(first.headers['etag']) });
    expect(second.status).toBe(304);
    expect(second.headers['etag']).toBe(first.headers['etag']);
  });

  it.each([...SHARED_READS, ...PER_USER_READS])(
    '%s answers a matching If-None-Match with an empty 304',
    async (path) => {
      const first = await get(path);
      const again = await get(path, { 'if-none-match': String(first.headers['etag']) });
      expect(again.status).toBe(304);
      expect(again.body.byteLength).toBe(0);
      expect(again.headers['etag']).toBe(first.headers['etag']);
      expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.headers['content-type']).toBeUndefined();
    },
  );

  it('revalidates a compressed copy by its weak ETag', async () => {
    for (const path of ['/api/products', '/api/company']) {
      const first = await get(path, { 'accept-encoding': 'br' });
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers['etag']).toMatch(/^W\/"[0-9a-f]{40}"$/);
      const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': String(first.headers['etag']) });
      expect(again.status, path).toBe(304);
      expect(again.headers['etag']).toBe(first.headers['etag']);
      expect(again.headers['vary']).toMatch(/Accept-Encoding/);
    }
  });

  it('answers the company 304 with the validator, caching and Vary of the 200 it stands for, and nothing of its body', async () => {
    const plain = await get('/api/company');
    const notModified = await get('/api/company', { 'if-none-match': `"other", ${plain.headers['etag']}` });
    expect(notModified.status).toBe(304);
    expect(notModified.body.byteLength).toBe(0);
    expect(notModified.headers['etag']).toBe(plain.headers['etag']);
    expect(notModified.headers['vary']).toBe('Accept-Encoding');
    expect(notModified.headers['cache-control']).toBe('no-cache');
    for (const name of ['content-length', 'content-type', 'content-encoding'])
      expect(notModified.headers[name], name).toBeUndefined();
    // A weak comparison (RFC 9110 13.1.2): the compressed copy's W/ tag and `*` match as well.
    expect((await get('/api/company', { 'if-none-match': `W/${plain.headers['etag']}` })).status).toBe(304);
    expect((await get('/api/company', { 'if-none-match': '*' })).status).toBe(304);
    expect((await get('/api/company', { 'if-none-match': '"not-this-one"' })).status).toBe(200);
  });

  it('sends the security headers on the company answer exactly as on every other answer', async () => {
    const expected = securityHeaderValues(t.env);
    const security = (res: Answer) =>
      Object.fromEntries(Object.keys(expected).map((name) => [name, res.headers[name]]));
    const company = await get('/api/company');
    const answers = [
      company,
      await get('/api/company', { 'accept-encoding': 'br' }),
      await get('/api/company', { 'if-none-match': String(company.headers['etag']) }),
      await get('/api/company', {}, 'HEAD'),
      await get('/api/products', { 'accept-encoding': 'gzip' }),
      await get('/api/health'),
      await get('/api/nope'),
      await get('/api/search'),
    ];
    for (const res of answers) {
      expect(security(res)).toEqual(expected);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    expect(expected['x-frame-options']).toBe('DENY');
    expect(expected['strict-transport-security']).toBeUndefined();
  });

  it('changes the ETag when the data changes', async () => {
    const before = await get('/api/products');
    const product = await t.db.selectFrom('products').select(['id', 'name']).executeTakeFirstOrThrow();
    await t.db
      .updateTable('products')
      .set({ name: `${product.name} (new)` })
      .where('id', '=', product.id)
      .execute();
    try {
      const after = await get('/api/products', { 'if-none-match': String(before.headers['etag']) });
      expect(after.status).toBe(200);
      expect(after.headers['etag']).not.toBe(before.headers['etag']);
    } finally {
      await t.db.updateTable('products').set({ name: product.name }).where('id', '=', product.id).execute();
    }
  });

  it('answers the company from memory until the row changes and invalidateCompany is called', async () => {
    const before = await get('/api/company');
    const row = await t.db.selectFrom('company_settings').select(['id', 'tagline']).executeTakeFirstOrThrow();
    await t.db.updateTable('company_settings').set({ tagline: 'Fresh tagline' }).where('id', '=', row.id).execute();
    try {
      // SQLite's data_version ignores this connection's own writes; PostgreSQL's notification announces every
      // writer, this process included, so there the cache may already have given way (harmless: it only reloads).
      if (!onPostgres)
        expect((await get('/api/company')).headers['etag'], 'still the cached answer').toBe(before.headers['etag']);
      invalidateCompany(t.db);
      const after = await get('/api/company', { 'if-none-match': String(before.headers['etag']) });
      expect(after.status).toBe(200);
      expect(after.headers['etag']).not.toBe(before.headers['etag']);
      expect(companyOf(after).tagline).toBe('Fresh tagline');
    } finally {
      await t.db.updateTable('company_settings').set({ tagline: row.tagline }).where('id', '=', row.id).execute();
      invalidateCompany(t.db);
    }
  });

  it('picks up a company change another process commits to the database: within a millisecond on SQLite, on its notification on PostgreSQL', async () => {
    await get('/api/company');
    const other = await anotherConnection(t.dataDir);
    const [row] = await other.query('SELECT tagline FROM company_settings WHERE id = 1');
    assert(row, 'the company row');
    const tagline = row['tagline'] as string | null;
    const setTagline = (value: string | null) =>
      other.query(`UPDATE company_settings SET tagline = ${other.param(1)} WHERE id = 1`, [value]);
    // SQLite's data_version is read on the request; PostgreSQL's notification arrives on its own connection.
    const settle = () => new Promise((resolve) => setTimeout(resolve, onPostgres ? 100 : 2));
    try {
      await setTagline('Changed by another process');
      await settle();
      expect(companyOf(await get('/api/company')).tagline).toBe('Changed by another process');
    } finally {
      await setTagline(tagline);
    }
    await settle();
    expect(companyOf(await get('/api/company')).tagline).toBe(tagline ?? expect.any(String));
    await other.close();
  });

  it('keeps serving the cached company while nothing was committed', async () => {
    const first = await get('/api/company');
    await new Promise((resolve) => setTimeout(resolve, MAX_AGE_MS + 100));
    const second = await get('/api/company');
    expect(second.headers['etag']).toBe(first.headers['etag']);
  });

  it.each(['/api/products', '/api/company', '/api/search?k=a'])(
    '%s decodes from brotli and gzip to the same JSON',
    async (path) => {
      const plain = await get(path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['vary']).toMatch(/Accept-Encoding/);
      const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await get(path, { 'accept-encoding': 'gzip, deflate' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      for (const res of [br, gzip]) {
        expect(res.headers['vary']).toMatch(/Accept-Encoding/);
        expect(Number(res.headers['content-length'])).toBe(res.body.byteLength);
        expect(res.body.byteLength).toBeLessThan(plain.body.byteLength);
        expect(decode(res)).toEqual(JSON.parse(plain.body.toString('utf8')));
      }
    },
  );

  it.each(['/api/products', '/api/company'])(
    '%s honours q-values: gzip when brotli is refused, nothing for identity',
    async (path) => {
      const res = await get(path, { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
      expect(res.headers['content-encoding']).toBe('gzip');
      const none = await get(path, { 'accept-encoding': 'identity' });
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.headers['vary']).toBe('Accept-Encoding');
    },
  );

  it('leaves small answers and errors uncompressed, keeping the { message } shape', async () => {
    const health = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers['vary']).toBeUndefined();
    expect(decode(health)).toEqual({ ok: true });
    const missing = await get('/api/nope', { 'accept-encoding': 'br, gzip' });
    expect(missing.status).toBe(404);
    expect(decode(missing)).toEqual({ message: 'Not found' });
    const bad = await get('/api/search', { 'accept-encoding': 'br, gzip' });
    expect(bad.status).toBe(400);
    expect(decode(bad)).toHaveProperty('message');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const path of ['/api/products', '/api/company']) {
      const getAnswer = await get(path, { 'accept-encoding': 'br' });
      const head = await get(path, { 'accept-encoding': 'br' }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.byteLength).toBe(0);
      expect(head.headers).toEqual(getAnswer.headers);
    }
  });

  it('answers other methods on /api/company with 405 and Allow', async () => {
    const res = await t.request('/api/company', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ message: 'Method not allowed' });
    expect(res.headers.get('allow')).toBe('GET, HEAD, PUT');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps auth answers no-store and uncompressed', async () => {
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('etag')).toBeNull();
  });
});

describe('the company answer over a socket', () => {
  it('goes out with the headers the app built, a Content-Length that matches each copy and no body for HEAD', async () => {
    const server = await startTestServer({ seed: 'none' });
    const t = await createTestApp({ dataDir: server.dataDir });
    try {
      for (const encoding of ['identity', 'gzip', 'br']) {
        const wire = await raw(`${server.url}/api/company`, { 'accept-encoding': encoding });
        const inProcess = await t.request('/api/company', { headers: { 'accept-encoding': encoding } });
        const sent = Object.fromEntries(
          Object.entries(wire.headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
        );
        expect(sent, encoding).toEqual(Object.fromEntries(inProcess.headers));
        expect(Number(sent['content-length'])).toBe(wire.body.byteLength);
        expect(wire.body.equals(Buffer.from(await inProcess.arrayBuffer())), encoding).toBe(true);
        expect(JSON.parse(decodedBody(wire).toString('utf8'))).toHaveProperty('name');
      }
      const head = await raw(`${server.url}/api/company`, {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.byteLength).toBe(0);
      expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    } finally {
      await t.close(true);
      await server.stop(true);
    }
  });
});

describe('complete answers', () => {
  it('pass the security headers and compression untouched, while a middleware that does not know them still applies', async () => {
    const app = new Hono();
    app.use(async (c, next) => {
      await next();
      c.res.headers.set('x-added-later', 'yes');
    });
    app.use(securityHeaders({ 'x-frame-options': 'DENY' }));
    app.use(compressJson({ threshold: 1 }));
    const body = JSON.stringify({ padding: 'x'.repeat(2000) });
    app.get('/complete', () =>
      completeAnswer(body, 200, { 'content-type': 'application/json', 'x-frame-options': 'SAMEORIGIN' }),
    );
    app.get('/plain', (c) => c.body(body, 200, { 'content-type': 'application/json' }));
    const complete = await app.request('/complete', { headers: { 'accept-encoding': 'br' } });
    expect(complete.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(complete.headers.get('content-encoding')).toBeNull();
    expect(complete.headers.get('x-added-later')).toBe('yes');
    expect(await complete.text()).toBe(body);
    const plain = await app.request('/plain', { headers: { 'accept-encoding': 'br' } });
    expect(plain.headers.get('x-frame-options')).toBe('DENY');
    expect(plain.headers.get('content-encoding')).toBe('br');
    expect(plain.headers.get('x-added-later')).toBe('yes');
  });
});
