/**
 * The public static site follows admin changes: a company name change reaches the served HTML
 * after the scheduled rebuild, and a build that fails leaves the previous site live and says why.
 */
import { expect, test, type APIRequestContext } from './fixtures.ts';
import type { PublishStatus } from '../../src/shared/admin.ts';
import { adminToken } from './helpers/admin.ts';
import { settled } from './helpers/rebuild.ts';
import { readCompany, updateCompany } from './helpers/company-db.ts';

// A build of the demo site takes 30-60 s on a busy 2-core machine; each test waits for one or two.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const home = async (request: APIRequestContext) =>
  (await request.get('/', { headers: { 'Cache-Control': 'no-cache' } })).text();

test('a company name change reaches the static home page after the rebuild, and the publish state says so', async ({
  request,
}) => {
  const token = await adminToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const { name: original } = (await (await request.get('/api/company')).json()) as { name: string };
  const changed = `Rebuilt Co ${Date.now().toString(36)}`;
  expect(await home(request)).not.toContain(changed);

  const put = await request.put('/api/company', { headers: auth, data: { name: changed } });
  expect(put.status()).toBe(200);
  const asked = (await (await request.get('/api/admin/site-status', { headers: auth })).json()) as PublishStatus;
  expect(['scheduled', 'building']).toContain(asked.state);
  try {
    await expect.poll(() => home(request), { timeout: 180_000, intervals: [500] }).toContain(changed);
    const done = await settled(request, token);
    expect(done.state).toBe('up-to-date');
    expect(Date.parse(done.lastBuiltAt ?? '')).toBeGreaterThan(Date.parse(asked.since) - 1);
  } finally {
    expect((await request.put('/api/company', { headers: auth, data: { name: original } })).status()).toBe(200);
    await expect.poll(() => home(request), { timeout: 180_000, intervals: [500] }).not.toContain(changed);
  }
});

test('a build that fails leaves the previous site live, reports the reason, and Retry builds again', async ({
  request,
}) => {
  const token = await adminToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  await settled(request, token);
  const before = await home(request);
  // Data the API would refuse (R46), written behind its back: the build cannot turn it into a URL and fails.
  const { hero_image: heroImage } = readCompany(['hero_image']);
  updateCompany({ hero_image: 'http://[' });
  try {
    expect((await request.post('/api/admin/site-rebuild', { headers: auth, data: {} })).status()).toBe(202);
    const failed = await settled(request, token);
    expect(failed.state).toBe('failed');
    expect(failed.reason ?? '').not.toBe('');
    expect(failed.reason).not.toMatch(/\n\s+at /);
    expect(await home(request)).toBe(before);
    const notes = (await (await request.get('/api/admin/notifications', { headers: auth })).json()) as {
      results: { kind: string }[];
    };
    expect(notes.results.map((n) => n.kind)).toContain('rebuild-failed');
  } finally {
    updateCompany({ hero_image: heroImage as string | null });
  }
  expect((await request.post('/api/admin/site-rebuild', { headers: auth, data: {} })).status()).toBe(202);
  expect((await settled(request, token)).state).toBe('up-to-date');
});
