import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage, fetchMe, loginRequest } from '../../src/lib/api/auth.ts';
import { api, ApiError, onApiWrite } from '../../src/lib/api/client.ts';
import { companyEtag, fetchCompany } from '../../src/lib/api/company.ts';
import { fetchRecommendations } from '../../src/lib/api/content.ts';
import { $token } from '../../src/lib/stores/session.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the stand-in API does with the n-th request (0-based); 'drop' closes the connection without an answer, 'hang' never answers. */
type Answer = (seen: Seen, n: number, res: ServerResponse) => 'drop' | 'hang' | undefined;

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): undefined => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
};

describe('the API client against a stand-in API', () => {
  let server: Server;
  let answer: Answer;
  let seen: Seen[];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        };
        seen.push(request);
        const outcome = answer(request, seen.length - 1, res);
        if (outcome === 'drop') req.socket.destroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env['BUILD_API_URL'] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    delete process.env['BUILD_API_URL'];
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen = [];
    answer = (_, __, res) => json(res, 200, { results: [] });
  });
  afterEach(() => {
    $token.set(null);
  });

  it('reads JSON from the API base and sends query parameters', async () => {
    answer = (_, __, res) => json(res, 200, { results: [{ id: 1 }, { id: 2 }] });
    expect(await fetchRecommendations(2, 1)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/recommendations/personalized?limit=2&offset=1' });
    expect(seen[0]?.headers.accept).toBe('application/json');
  });

  it('posts the body as JSON and resolves to the parsed answer', async () => {
    answer = (_, __, res) => json(res, 200, { token: 'abc' });
    expect(await loginRequest('ada', 'a long password')).toEqual({ token: 'abc' });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ username: 'ada', password: 'a long password' });
  });

  it('tells the write listeners about each accepted write, by path with its answer, and about nothing else', async () => {
    const writes: string[] = [];
    const answers: unknown[] = [];
    const off = onApiWrite((path, body) => {
      writes.push(path);
      answers.push(body);
    });
    try {
      answer = (_, __, res) => json(res, 200, { blog: { slug: 'spring', published: true } });
      await api('/api/admin/blogs/7?draft=1', { method: 'PUT', body: {} });
      await api('/api/admin/blogs');
      answer = (_, __, res) => json(res, 400, { message: 'no' });
      await expect(api('/api/admin/plans', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
      expect(writes).toEqual(['/api/admin/blogs/7']);
      expect(answers).toEqual([{ blog: { slug: 'spring', published: true } }]);
    } finally {
      off();
    }
    answer = (_, __, res) => json(res, 200, {});
    await api('/api/company', { method: 'PUT', body: {} });
    expect(writes).toHaveLength(1);
  });

  it('sends the bearer token from the session store', async () => {
    const token = 'tok_0123456789abcdefXYZ';
    $token.set(token);
    answer = (_, __, res) => json(res, 200, { id: 1, username: 'ada' });
    expect(await fetchMe()).toEqual({ id: 1, username: 'ada' });
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('sends no Authorization header when logged out', async () => {
    await api('/api/products');
    expect(seen[0]?.headers).not.toHaveProperty('authorization');
  });

  it('retries a GET once, half a second later, after a 503', async () => {
    answer = (_, n, res) => (n === 0 ? json(res, 503, { message: 'busy' }) : json(res, 200, { results: [{ id: 7 }] }));
    const started = Date.now();
    expect(await api('/api/products')).toEqual({ results: [{ id: 7 }] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(seen.map((s) => s.url)).toEqual(['/api/products', '/api/products']);
  });

  it('retries a GET once after the connection dropped without an answer', async () => {
    answer = (_, n, res) => (n === 0 ? 'drop' : json(res, 200, { results: [] }));
    expect(await api('/api/products')).toEqual({ results: [] });
    expect(seen).toHaveLength(2);
  });

  it('gives up after one retry and reports the last status', async () => {
    answer = (_, __, res) => json(res, 502, { message: 'upstream down' });
    const error = await api<unknown>('/api/products').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect(seen).toHaveLength(2);
  });

  it('does not retry a GET answered 429 or 404', async () => {
    for (const status of [429, 404]) {
      seen = [];
      answer = (_, __, res) => json(res, status, { message: 'no' });
      await expect(api('/api/products')).rejects.toMatchObject({ status });
      expect(seen).toHaveLength(1);
    }
  });

  it('never retries POST, PUT, PATCH or DELETE, even when a caller asks for retries', async () => {
    answer = (_, __, res) => json(res, 503, { message: 'busy' });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      seen = [];
      await expect(api('/api/thing', { method, body: { a: 1 }, retry: 3 })).rejects.toMatchObject({ status: 503 });
      expect(seen).toHaveLength(1);
    }
    seen = [];
    answer = () => 'drop';
    await expect(loginRequest('ada', 'a long password')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });

  it('gives up when the API does not answer in time, without retrying', async () => {
    answer = () => 'hang';
    const started = Date.now();
    const error = await api<unknown>('/api/products', { timeout: 300 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeUndefined();
    expect(((error as ApiError).cause as Error).name).toBe('TimeoutError');
    expect(errorMessage(error, 'Could not reach the server')).toBe('Could not reach the server');
    expect(seen).toHaveLength(1);
  });

  // Guards the workaround in client.ts: ofetch's own timeout leaves the retry without one (unjs/ofetch#621).
  it('keeps the time budget across the retry', async () => {
    answer = (_, n, res) => (n === 0 ? json(res, 503, { message: 'busy' }) : 'hang');
    const started = Date.now();
    const error = await api<unknown>('/api/products', { timeout: 1_000 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(((error as ApiError).cause as Error).name).toBe('TimeoutError');
    expect(seen).toHaveLength(2);
  });

  it('does not retry a request its caller aborted', async () => {
    answer = () => 'hang';
    const controller = new AbortController();
    const pending = api<unknown>('/api/products', { signal: controller.signal }).catch((e: unknown) => e);
    await expect.poll(() => seen.length).toBe(1);
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(((error as ApiError).cause as Error).name).toBe('AbortError');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(seen).toHaveLength(1);
  });

  it('rejects a non-2xx answer with its status and the server message', async () => {
    answer = (_, __, res) => json(res, 401, { message: 'Invalid username or password' });
    const error = await loginRequest('ada', 'wrong password').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, statusCode: 401, data: { message: 'Invalid username or password' } });
    expect(errorMessage(error, 'fallback')).toBe('Invalid username or password');
  });

  it('falls back to the fixed text when the error answer carries no message', async () => {
    answer = (_, __, res) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
    };
    const error = await loginRequest('ada', 'pw').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, data: 'Internal Server Error' });
    expect(errorMessage(error, 'fallback')).toBe('fallback');
    expect(errorMessage(new Error('network'), 'fallback')).toBe('fallback');
  });

  it('remembers the ETag of the company answer, and forgets it when the read fails', async () => {
    answer = (_, __, res) => json(res, 200, { name: 'Acme' }, { ETag: '"v1"' });
    expect((await fetchCompany()).name).toBe('Acme');
    expect(companyEtag()).toBe('"v1"');
    answer = (_, __, res) => json(res, 404, { message: 'none' });
    const company = await fetchCompany().catch(() => null);
    expect(company).not.toBeNull();
    expect(companyEtag()).toBe('');
  });
});

describe('the API client against the real API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    process.env['BUILD_API_URL'] = server.url;
    return () => server.stop(true);
  });
  afterAll(() => {
    delete process.env['BUILD_API_URL'];
  });

  it('reads a list endpoint with its query parameters', async () => {
    expect(await fetchRecommendations(2, 1)).toEqual([]);
  });

  it('carries the message of a refused login', async () => {
    const error = await loginRequest('nobody', 'wrong password 123').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(errorMessage(error, 'fallback')).toBe(((error as ApiError).data as { message: string }).message);
  });

  it('remembers an ETag the API accepts for revalidation', async () => {
    await fetchCompany();
    expect(companyEtag()).toMatch(/^(W\/)?"[^"]+"$/);
    const res = await fetch(`${server.url}/api/company`, { headers: { 'If-None-Match': companyEtag() } });
    expect(res.status).toBe(304);
  });
});
