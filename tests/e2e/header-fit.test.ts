/**
 * The public header holds the demo's menu at every width (helpers/header-fit.ts: 768, 900, 1024 and 1280 px, signed
 * out and as the admin, in both themes). The links the admin changes are admin-navigation.test.ts's, checked the same
 * way after its rebuild. This file's server builds the site itself.
 */
import { expect, test, type APIRequestContext } from './fixtures.ts';
import type { PublicNavigation } from '../../src/shared/navigation.ts';
import { adminApi } from './helpers/admin.ts';
import { checkHeader } from './helpers/header-fit.ts';
import { settled } from './helpers/rebuild.ts';

test.use({ siteBuilds: true });
// A build of the demo site takes 30-60 s on a busy 2-core machine; the first one at start may still be running.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let api: APIRequestContext;
let token = '';

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
});

test.afterAll(async () => {
  await api.dispose();
});

test("the demo's menu fits at every width", async ({ browser }) => {
  expect((await settled(api, token)).state).toBe('up-to-date');
  const { header } = (await (await api.get('/api/navigation')).json()) as PublicNavigation;
  expect(header.length).toBeGreaterThanOrEqual(6);
  await checkHeader(browser, token, header, 'demo');
});
