/**
 * Edges of HTTP input (security.md R45, R57): JSON bodies must say application/json, cross-site
 * writes are refused, methods a path does not take answer 405 with Allow, and text that is not well-formed Unicode
 * is refused rather than stored changed.
 */
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { raw } from '../helpers/raw-http.ts';
import { TEST_ADMIN_PASSWORD } from '../helpers/test-app.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const SITE_URL = 'https://www.site.example';
const ADMIN = JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD });

describe('HTTP input edges on the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMITS: 'off', SITE_URL } });
  });
  afterAll(async () => {
    await server.stop(true);
  });

  const post = (path: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers, body });
  const json = { 'content-type': 'application/json' };
  const person = (username: string, over: Record<string, unknown> = {}) => ({
    first_name: 'Grace',
    last_name: 'Hopper',
    email: `${username}@example.com`,
    username,
    password: 'quiet harbour lantern 4821',
    ...over,
  });
  const userCount = async (username: string) =>
    (await server.db.selectFrom('users').select('id').where('username', '=', username).execute()).length;
  const message = async (res: Response) => {
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as { message?: unknown };
    expect(typeof body.message).toBe('string');
    return body.message as string;
  };

  describe('JSON bodies must say application/json', () => {
    it('answers 415 to a text/plain login body, which as application/json signs in', async () => {
      const res = await post('/api/auth/login', ADMIN, { 'content-type': 'text/plain' });
      expect(res.status).toBe(415);
      expect(await message(res)).toMatch(/application\/json/);
      const ok = await post('/api/auth/login', ADMIN, { 'content-type': 'application/json; charset=utf-8' });
      expect(ok.status).toBe(200);
    });

    it('answers 415 to a body with no Content-Type, and still signs out with no body at all', async () => {
      const res = await post('/api/auth/login', new TextEncoder().encode(ADMIN));
      expect(res.status).toBe(415);
      await message(res);
      // Sign-out takes no body, so it needs no Content-Type (layout.ts sends it so).
      const { token } = (await (await post('/api/auth/login', ADMIN, json)).json()) as { token: string };
      const out = await post('/api/auth/logout', null, { authorization: `Bearer ${token}` });
      expect(out.status).toBe(200);
    });

    it('answers 415 to a form-encoded registration and stores nothing', async () => {
      const form = new URLSearchParams(person('formposter'));
      const res = await post('/api/auth/register', form);
      expect(res.status).toBe(415);
      expect(await userCount('formposter')).toBe(0);
    });
  });

  describe('cross-site writes are refused', () => {
    it('answers 403 to Sec-Fetch-Site: cross-site and creates nothing; same-origin passes', async () => {
      const body = JSON.stringify(person('crosssite'));
      const res = await post('/api/auth/register', body, { ...json, 'sec-fetch-site': 'cross-site' });
      expect(res.status).toBe(403);
      await message(res);
      expect(await userCount('crosssite')).toBe(0);
      const same = await post('/api/auth/register', body, {
        ...json,
        'sec-fetch-site': 'same-origin',
        origin: server.url,
      });
      expect(same.status).toBe(201);
      expect(await userCount('crosssite')).toBe(1);
    });

    it('answers 403 to a foreign or null Origin even with application/json; its own origins and header-less clients pass', async () => {
      for (const origin of ['https://evil.example', 'null', `${SITE_URL}.evil.example`, 'http://www.site.example']) {
        const res = await post('/api/auth/login', ADMIN, { ...json, origin });
        expect(res.status, origin).toBe(403);
        await message(res);
      }
      for (const headers of [
        { origin: SITE_URL },
        { origin: server.url },
        { origin: SITE_URL, 'sec-fetch-site': 'cross-site' },
        {},
      ]) {
        const res = await post('/api/auth/login', ADMIN, { ...json, ...headers });
        expect(res.status, JSON.stringify(headers)).toBe(200);
      }
    });

    it('keeps the session when a cross-site page posts a sign-out', async () => {
      const { token } = (await (await post('/api/auth/login', ADMIN, json)).json()) as { token: string };
      const auth = { authorization: `Bearer ${token}` };
      const res = await post('/api/auth/logout', null, {
        ...auth,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      });
      expect(res.status).toBe(403);
      expect((await fetch(`${server.url}/api/auth/me`, { headers: auth })).status).toBe(200);
    });
  });

  describe('methods a path does not take answer 405 with Allow', () => {
    const allow = (res: { headers: Headers | Record<string, string | string[] | undefined> }) =>
      String(res.headers instanceof Headers ? res.headers.get('allow') : res.headers['allow']);

    it('answers TRACE on a site page with Allow: GET, HEAD', async () => {
      const res = await raw(`${server.url}/`, {}, 'TRACE');
      expect(res.status).toBe(405);
      expect(allow(res)).toBe('GET, HEAD');
      const page = await raw(`${server.url}/about/team`, {}, 'PROPFIND');
      expect(page.status).toBe(405);
      expect(allow(page)).toBe('GET, HEAD');
    });

    it('answers TRACE /api/company and POST /api/company with the methods it takes', async () => {
      const res = await raw(`${server.url}/api/company`, {}, 'TRACE');
      expect(res.status).toBe(405);
      expect(allow(res)).toBe('GET, HEAD, PUT');
      expect((JSON.parse(res.body.toString()) as { message?: unknown }).message).toEqual(expect.any(String));
      const write = await post('/api/company', '{}', json);
      expect(write.status).toBe(405);
      expect(allow(write)).toBe('GET, HEAD, PUT');
    });

    it('answers OPTIONS, PROPFIND and GET on the login route with Allow: POST', async () => {
      for (const method of ['OPTIONS', 'PROPFIND', 'GET']) {
        const res = await raw(`${server.url}/api/auth/login`, {}, method);
        expect(res.status, method).toBe(405);
        expect(allow(res), method).toBe('POST');
      }
    });

    it('answers a route with a parameter by its pattern, and an unknown API path with 404', async () => {
      const res = await raw(`${server.url}/api/blogs/some-post`, {}, 'DELETE');
      expect(res.status).toBe(405);
      expect(allow(res)).toBe('GET, HEAD');
      expect((await raw(`${server.url}/api/no-such-thing`, {}, 'DELETE')).status).toBe(404);
    });
  });

  describe('text must be well-formed Unicode', () => {
    it('refuses a lone surrogate in a registration with 400 naming the field, and stores nothing', async () => {
      // JSON.stringify escapes a lone surrogate as \ud800, which JSON.parse turns back into one.
      const body = JSON.stringify(person('surrogate', { first_name: 'Ada\ud800' }));
      expect(body).toContain('\\ud800');
      const res = await post('/api/auth/register', body, json);
      expect(res.status).toBe(400);
      expect(await message(res)).toBe('First name must be valid text (no unpaired surrogates).');
      expect(await userCount('surrogate')).toBe(0);
    });

    it('refuses a lone low surrogate in an object key too', async () => {
      const res = await post(
        '/api/auth/login',
        `{"username":"admin","password":${JSON.stringify(TEST_ADMIN_PASSWORD)},"\\udc00":1}`,
        json,
      );
      expect(res.status).toBe(400);
      await message(res);
    });

    it('refuses a body that is not UTF-8 (a surrogate encoded as bytes) instead of storing U+FFFD', async () => {
      const text = JSON.stringify(person('badbytes', { last_name: 'XSURX' }));
      const [before, after] = text.split('SUR');
      assert(before !== undefined && after !== undefined, 'the marker splits the text in two');
      const bytes = Buffer.concat([Buffer.from(before), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(after)]);
      const res = await post('/api/auth/register', bytes, json);
      expect(res.status).toBe(400);
      await message(res);
      expect(await userCount('badbytes')).toBe(0);
    });

    it('answers 400, not 500 or a search, to a query string that does not decode', async () => {
      for (const query of ['k=%ED%A0%80', 'k=%ED%B0%80x', 'k=%E0%A4%A', 'k=100%', 'k=%FF', 'type=blogs&%ZZ=x']) {
        const res = await fetch(`${server.url}/api/search?${query}`);
        expect(res.status, query).toBe(400);
        await message(res);
      }
      const fine = await fetch(`${server.url}/api/search?k=caf%C3%A9+cr%C3%A8me`);
      expect(fine.status).toBe(200);
    });
  });
});

describe('HTTP input edges in-process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a made-up method with 405 and Allow (Node itself answers 400 to one on the wire)', async () => {
    for (const path of ['/api/auth/login', '/api/company']) {
      const res = await t.request(path, { method: 'FOO' });
      expect(res.status, path).toBe(405);
      expect(res.headers.get('allow'), path).toBe(path === '/api/company' ? 'GET, HEAD, PUT' : 'POST');
    }
  });

  it('answers 415 to a body with no Content-Type even without a Content-Length', async () => {
    const res = await t.request('/api/auth/login', { method: 'POST', body: new TextEncoder().encode(ADMIN) });
    expect(res.status).toBe(415);
  });
});
