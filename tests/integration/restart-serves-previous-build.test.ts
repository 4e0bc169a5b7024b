/**
 * Restart: `npm start` on a DIST_DIR that holds a complete build serves it at once while the new build runs, then
 * swaps the new one in (two real builds: the first run's and the restart's); with BUILD_ON_START=if-missing it serves
 * that build as it is and builds only when there is none.
 */
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductProcess, type ProductProcess } from '../helpers/product-process.ts';
import { prepareTestData, TEST_ADMIN_PASSWORD } from '../helpers/test-app.ts';
import { databaseEnv, withDataDirDb } from '../helpers/test-database.ts';

const BUILD_TIMEOUT_MS = 180_000;
const BEFORE = 'Before Restart Company';
const AFTER = 'After Restart Company';

function setCompanyName(dataDir: string, name: string): Promise<void> {
  return withDataDirDb(dataDir, async (db) => {
    await db
      .insertInto('company_settings')
      .values({ id: 1, public_id: 'company', name })
      .onConflict((oc) => oc.column('id').doUpdateSet({ name }))
      .execute();
  });
}

function cspOfMeta(html: string): string | undefined {
  return /<meta http-equiv="content-security-policy" content="([^"]*)"/i
    .exec(html)?.[1]
    ?.replace(/&#39;/g, "'")
    .replace(/;\s*$/, '');
}

describe('a restart', () => {
  let root: string;
  let product: ProductProcess | undefined;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'restart-'));
  });
  afterAll(() => {
    product?.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it(
    'serves the previous complete build at once while the new one builds, then the new one',
    async () => {
      const dataDir = join(root, 'data');
      const distDir = join(root, 'dist');
      const data = await prepareTestData({ dataDir });
      await data.db.destroy();
      const env = {
        DATA_DIR: dataDir,
        DIST_DIR: distDir,
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        ...databaseEnv(data.databaseUrl),
      };
      await setCompanyName(dataDir, BEFORE);

      // The previous run: a real build, then a clean stop.
      product = await startProductProcess(env);
      await product.waitFor(/site built in/, BUILD_TIMEOUT_MS);
      expect(await (await fetch(`${product.origin}/`)).text()).toContain(BEFORE);
      product.child.kill('SIGTERM');
      expect(await product.exited).toBe(0);

      await setCompanyName(dataDir, AFTER);
      product = await startProductProcess(env);
      const listening = Date.now();
      const first = await fetch(`${product.origin}/`);
      const firstBody = await first.text();
      expect(first.status).toBe(200);
      expect(Date.now() - listening).toBeLessThan(2000);
      expect(firstBody).toContain(BEFORE);
      // Still the old build's page: the new one was not done when it was answered.
      expect(product.output()).not.toMatch(/site built in/);
      // The old page's own assets come from the same (old) build.
      const asset = /(?:src|href)="(\/_astro\/[^"]+)"/.exec(firstBody)?.[1];
      if (asset) expect((await fetch(`${product.origin}${asset}`)).status).toBe(200);

      // Every page answered while the new build runs is whole: the old one or, after the swap, the new one.
      const seen = new Set<string>();
      while (!product.output().includes('site built in')) {
        const res = await fetch(`${product.origin}/`);
        const body = await res.text();
        expect(res.status).toBe(200);
        const which = body.includes(AFTER) ? AFTER : body.includes(BEFORE) ? BEFORE : 'neither';
        expect(which).not.toBe('neither');
        seen.add(which);
        if (product.child.exitCode !== null) throw new Error(`the product exited:\n${product.output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen.has(BEFORE)).toBe(true);

      const after = await fetch(`${product.origin}/`);
      const afterBody = await after.text();
      expect(afterBody).toContain(AFTER);
      expect(afterBody).not.toContain(BEFORE);
      // The header CSP is the new page's own, not one cached from the old file at the same path.
      const meta = cspOfMeta(afterBody);
      if (meta) expect(after.headers.get('content-security-policy')).toBe(`${meta}; frame-ancestors 'none'`);

      // DIST_DIR is the new build as plain files (deployable on its own), marked complete; beside it only the builds'
      // cache (what the next build reuses), no half build.
      expect(lstatSync(distDir).isDirectory()).toBe(true);
      expect(readFileSync(join(distDir, 'index.html'), 'utf8')).toContain(AFTER);
      expect(existsSync(join(distDir, '.build-complete'))).toBe(true);
      expect(readdirSync(root).sort()).toEqual(['data', 'dist', 'dist.cache']);

      product.child.kill('SIGTERM');
      expect(await product.exited).toBe(0);

      // BUILD_ON_START=if-missing serves the complete build as it is and builds nothing, even with the data changed.
      await setCompanyName(dataDir, BEFORE);
      const marker = lstatSync(join(distDir, '.build-complete')).mtimeMs;
      product = await startProductProcess({ ...env, BUILD_ON_START: 'if-missing' });
      expect(product.output()).toContain(`serving the build in ${distDir}`);
      expect(await (await fetch(`${product.origin}/`)).text()).toContain(AFTER);
      await new Promise((r) => setTimeout(r, 1500));
      expect(product.output()).not.toMatch(/site built in|building the site|rebuilt/);
      expect(readdirSync(root).sort()).toEqual(['data', 'dist', 'dist.cache']);
      expect(lstatSync(join(distDir, '.build-complete')).mtimeMs).toBe(marker);
      product.child.kill('SIGTERM');
      expect(await product.exited).toBe(0);

      // With no build to serve it builds, as `always` does.
      rmSync(distDir, { recursive: true, force: true });
      product = await startProductProcess({ ...env, BUILD_ON_START: 'if-missing' });
      expect(product.output()).toContain('building the site...');
      product.child.kill('SIGTERM');
      expect(await product.exited).toBe(0);
    },
    2 * BUILD_TIMEOUT_MS,
  );
});
