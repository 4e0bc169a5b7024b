/**
 * Two site builds from the same install at once (two instances on one machine, or two test servers) both complete:
 * each runs from a working directory of its own (build-site.ts), so Astro's intermediate server chunks are not in
 * the install's shared .astro/.prerender, which each build removes when it ends. Found when the e2e groups first ran
 * side by side. The build does not depend on the database: SQLite's run only (tests/vitest.config.ts, BUILD_ONLY).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, isCompleteBuild } from '../../src/server/site/build-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const INSTALL_PRERENDER = fileURLToPath(new URL('../../.astro/.prerender', import.meta.url));
const BUILDS_DIR = fileURLToPath(new URL('../../.astro/builds', import.meta.url));

describe('two builds at once from one install', () => {
  let server: TestServer;
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'concurrent-builds-'));
    return () => {
      rmSync(root, { recursive: true, force: true });
    };
  });
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    return () => server.stop(true);
  });

  it('both complete, each with its own pages and no intermediate chunks left behind', async () => {
    const before = new Set(existsSync(BUILDS_DIR) ? readdirSync(BUILDS_DIR) : []);
    const outDirs = [join(root, 'one', 'dist'), join(root, 'two', 'dist')];
    const results = await Promise.allSettled(
      outDirs.map((outDir) => buildSite({ apiUrl: server.url, outDir, log: () => undefined })),
    );
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason).slice(0, 600) : 'built'))).toEqual([
      'built',
      'built',
    ]);
    for (const outDir of outDirs) {
      expect(isCompleteBuild(outDir), outDir).toBe(true);
      expect(existsSync(join(outDir, 'index.html')), outDir).toBe(true);
      expect(existsSync(join(outDir, '.prerender')), `${outDir}/.prerender`).toBe(false);
    }
    expect(existsSync(INSTALL_PRERENDER), INSTALL_PRERENDER).toBe(false);
    // Each build's working directory goes with it.
    expect(readdirSync(BUILDS_DIR).filter((name) => name.startsWith('build-') && !before.has(name))).toEqual([]);
  }, 240_000);
});
