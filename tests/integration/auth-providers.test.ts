import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe('GET /api/auth/providers without Google configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A client id alone is not enough: both halves must be set for the sign-in to work.
    server = await startTestServer({
      env: { GOOGLE_CLIENT_ID: 'only-the-id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: '' },
    });
  });
  afterAll(() => server.stop(true));

  it('says Google sign-in is off, uncached, so the build leaves the Google buttons out', async () => {
    const res = await fetch(`${server.url}/api/auth/providers`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ google: false });
  });
});
