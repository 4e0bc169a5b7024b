import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ApiError } from '../../src/lib/api/client.ts';
import { errorMessage } from '../../src/lib/api/auth.ts';
import { fetchCompany, companyEtag } from '../../src/lib/api/company.ts';
import { fetchRecommendations } from '../../src/lib/api/content.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe('the API client the pages and islands use', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    process.env['BUILD_API_URL'] = server.url;
  });
  afterAll(async () => {
    delete process.env['BUILD_API_URL'];
    await server?.stop(true);
  });

  it('reads JSON from the API base', async () => {
    const { results } = await api<{ results: Array<{ name: string }> }>('/api/products');
    expect(results.length).toBeGreaterThan(0);
  });

  it('sends query parameters', async () => {
    expect(await fetchRecommendations(2, 1)).toHaveLength(2);
  });

  it('posts JSON and turns an error answer into ApiError carrying the server message', async () => {
    const error = await api('/api/auth/login', { method: 'POST', body: { username: 'nobody', password: 'wrong password 123' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(errorMessage(error, 'fallback')).toBe(((error as ApiError).data as { message: string }).message);
    expect(errorMessage(new Error('network'), 'fallback')).toBe('fallback');
  });

  it('remembers the ETag of the company answer the pages are built with', async () => {
    const company = await fetchCompany();
    expect(company.name).not.toBe('');
    const etag = companyEtag();
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    const res = await fetch(`${server.url}/api/company`, { headers: { 'If-None-Match': etag } });
    expect(res.status).toBe(304);
  });
});
