/**
 * `npm start` wires the site rebuild: the first build at start is the publish state's build, an
 * admin's change during it makes one more build after it (not one beside it), and the change reaches the served
 * static HTML; a stop during all this ends cleanly. Real builds, so run it alone (`flock /tmp/build.lock`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type { PublishStatus } from '../../src/shared/admin.ts';
import { startProductProcess, type ProductProcess } from '../helpers/product-process.ts';
import { prepareTestData, TEST_ADMIN_PASSWORD } from '../helpers/test-app.ts';

const BUILD_TIMEOUT_MS = 180_000;
const NEW_NAME = 'Rebuilt Rockets Company';

describe('npm start and the site rebuild', () => {
  let root: string;
  let product: ProductProcess | undefined;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'start-rebuild-'));
  });
  afterAll(() => {
    product?.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it(
    'tracks the first build, coalesces a change made during it into one more build, and serves the change',
    async () => {
      const dataDir = join(root, 'data');
      const data = await prepareTestData({ dataDir });
      await data.db.destroy();
      product = await startProductProcess({
        DATA_DIR: dataDir,
        DIST_DIR: join(root, 'dist'),
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      });
      const api = `${product.origin}/api`;

      const login = await fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
      const status = async () =>
        (await (await fetch(`${api}/admin/site-status`, { headers: auth })).json()) as PublishStatus;

      // The first build is under way and is what the publish state shows, with when it should be done.
      expect(product.output()).not.toMatch(/site built in/);
      const first = await status();
      expect(first.state).toBe('building');
      assert.isDefined(first.expectedLiveAt);

      const saved = await fetch(`${api}/company`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: NEW_NAME }),
      });
      expect(saved.status).toBe(200);
      // During the first build the change waits for it: still 'building', no second build beside it.
      expect((await status()).state).toBe('building');

      await product.waitFor(/site built in/, BUILD_TIMEOUT_MS);
      const afterFirst = await status();
      expect(afterFirst.lastBuiltAt).toBeDefined();
      // The change asks for one more build, which starts after the first (its debounce has long passed).
      expect(['scheduled', 'building']).toContain(afterFirst.state);
      // Its estimate is the first build's own duration from now, not the assumed one.
      assert.isDefined(afterFirst.expectedLiveAt);
      const firstTook = Date.parse(afterFirst.lastBuiltAt ?? '') - Date.parse(first.since);
      expect(Date.parse(afterFirst.expectedLiveAt) - Date.now()).toBeLessThanOrEqual(firstTook + 5000);

      const deadline = Date.now() + BUILD_TIMEOUT_MS;
      let current = afterFirst;
      while (current.state !== 'up-to-date' && current.state !== 'failed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 500));
        current = await status();
      }
      expect(current.state).toBe('up-to-date');
      expect(current.expectedLiveAt).toBeUndefined();
      assert.isDefined(current.lastBuiltAt);
      assert.isDefined(afterFirst.lastBuiltAt);
      expect(current.lastBuiltAt > afterFirst.lastBuiltAt).toBe(true);
      expect(await (await fetch(`${product.origin}/`)).text()).toContain(NEW_NAME);

      // A change, then a stop while its build is scheduled or running: a clean exit, no build left behind.
      const again = await fetch(`${api}/company`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Stopped Company' }),
      });
      expect(again.status).toBe(200);
      product.child.kill('SIGTERM');
      expect(await product.exited).toBe(0);
    },
    3 * BUILD_TIMEOUT_MS,
  );
});
