/**
 * DIST_DIR swaps (site-swap.ts) through the real server: which directory is served, when, and that no answer mixes
 * two builds. The builder here writes files directly; restart-serves-previous-build.test.ts runs the real build.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, assert, beforeAll, describe, expect, it } from 'vitest';
import { prepareTestData, type TestData } from '../helpers/test-app.ts';
import { startServer, type RunningServer } from '../../src/server/main.ts';
import { BUILD_MARKER } from '../../src/server/site/build-site.ts';
import { openSiteDir, type SiteDir } from '../../src/server/site/site-swap.ts';

/** A page big enough that serving it takes more than one read. */
const page = (version: string) =>
  `<!doctype html><meta http-equiv="content-security-policy" content="default-src 'self' 'sha256-${version}=';"><h1>${version}</h1>${`<p>${version} `.repeat(40_000)}</html>`;

function writeBuild(dir: string, version: string, complete = true): void {
  mkdirSync(join(dir, 'about'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), page(version));
  writeFileSync(join(dir, 'about', 'index.html'), `<h1>about ${version}</h1>`);
  writeFileSync(join(dir, '404.html'), `<h1>404 ${version}</h1>`);
  if (complete) writeFileSync(join(dir, BUILD_MARKER), '{}\n');
}

/** A builder the test finishes by hand: `release()` lets the pending build write its files and complete. */
function manualBuilder() {
  const builds: { outDir: string; version: string; release: () => void }[] = [];
  let version = 0;
  let onStart: () => void = () => undefined;
  const next = () => new Promise<void>((r) => (onStart = r));
  let started = next();
  return {
    builds,
    /** Resolves when the next build starts. */
    waitForStart: () => started,
    /** Lets the n-th build (from 0) write its files and complete. */
    release: (n: number) => {
      const build = builds[n];
      assert(build, `build ${n} has started`);
      build.release();
    },
    build: (outDir: string, signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        const v = `v${++version}`;
        mkdirSync(outDir, { recursive: true });
        writeFileSync(join(outDir, 'index.html'), '<h1>half-written'); // what a build killed now would leave
        signal.addEventListener(
          'abort',
          () => {
            reject(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
          },
          { once: true },
        );
        builds.push({
          outDir,
          version: v,
          release: () => {
            writeBuild(outDir, v);
            resolve();
          },
        });
        const notify = onStart;
        started = next();
        notify();
      }),
  };
}

describe('DIST_DIR swaps', () => {
  let data: TestData;
  let root: string;
  let distDir: string;
  let server: RunningServer | undefined;
  let site: SiteDir | undefined;
  const running = () => {
    assert(server, 'the server runs');
    return server;
  };
  const get = (path: string) => fetch(`http://127.0.0.1:${running().port}${path}`);
  /** Counts a reader of the served build until the returned function is called. */
  const useOf = (siteDir: SiteDir) => {
    assert(siteDir.use !== undefined, 'the site dir counts its readers');
    return siteDir.use();
  };

  beforeAll(async () => {
    data = await prepareTestData();
  });
  afterAll(async () => {
    await data.db.destroy();
    rmSync(data.dataDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await site?.close();
    await server?.close();
    server = site = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  async function start(build: (outDir: string, signal: AbortSignal) => Promise<void>, drainMs?: number) {
    const opened = await openSiteDir({ distDir, build, ...(drainMs ? { drainMs } : {}) });
    site = opened;
    server = await startServer({ db: data.db, env: data.env, deps: data.deps, site: opened });
    return opened;
  }

  function setup() {
    root = mkdtempSync(join(tmpdir(), 'site-swap-'));
    distDir = join(root, 'dist');
  }

  it('serves a complete previous build at once, and never a directory without the completion marker', async () => {
    setup();
    writeBuild(distDir, 'half', false);
    const builder = manualBuilder();
    const siteDir = await start(builder.build);
    expect(siteDir.current()).toBeNull();
    expect((await get('/')).status).toBe(503);

    const rebuilt = siteDir.rebuild();
    await builder.waitForStart();
    // The half-written .next is not served either.
    expect((await get('/')).status).toBe(503);
    builder.release(0);
    await rebuilt;
    expect(await (await get('/')).text()).toBe(page('v1'));
  });

  it('serves the old build during a rebuild and the new one after, with DIST_DIR a plain directory and nothing left beside it', async () => {
    setup();
    writeBuild(distDir, 'old');
    const builder = manualBuilder();
    const siteDir = await start(builder.build);
    expect(await (await get('/')).text()).toBe(page('old'));

    const rebuilt = siteDir.rebuild();
    await builder.waitForStart();
    expect(builder.builds[0]?.outDir).toBe(`${distDir}.next`);
    expect(await (await get('/')).text()).toBe(page('old'));
    expect(await (await get('/about')).text()).toBe('<h1>about old</h1>');
    builder.release(0);
    await rebuilt;

    const res = await get('/');
    expect(await res.text()).toBe(page('v1'));
    // The page CSP header follows the swapped-in file, not a cached one for the same path.
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self' 'sha256-v1='; frame-ancestors 'none'");
    expect(await (await get('/nope')).text()).toBe('<h1>404 v1</h1>');
    expect(lstatSync(distDir).isDirectory()).toBe(true);
    expect(readFileSync(join(distDir, 'index.html'), 'utf8')).toBe(page('v1'));
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('moves no file while a request reads the old build, and holds requests arriving meanwhile for the new one', async () => {
    setup();
    writeBuild(distDir, 'old');
    const builder = manualBuilder();
    const siteDir = await start(builder.build, 60_000);
    // Answered requests stop counting as readers (else the swap below would wait its whole minute).
    for (const path of ['/', '/about', '/nope']) await (await get(path)).arrayBuffer();
    const head = await fetch(`http://127.0.0.1:${running().port}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const rebuilt = siteDir.rebuild();
    await builder.waitForStart();
    const reading = await useOf(siteDir);
    builder.release(0);
    await new Promise((r) => setImmediate(r));

    let answered = false;
    const during = get('/').then(async (res) => ((answered = true), await res.text()));
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    expect(readFileSync(join(distDir, 'index.html'), 'utf8')).toBe(page('old'));

    reading();
    expect(await during).toBe(page('v1'));
    await rebuilt;
  });

  it('waits at most its bound for a reader that never finishes', async () => {
    setup();
    writeBuild(distDir, 'old');
    const builder = manualBuilder();
    const siteDir = await start(builder.build, 200);
    const rebuilt = siteDir.rebuild();
    await builder.waitForStart();
    await useOf(siteDir);
    builder.release(0);
    await rebuilt;
    expect(await (await get('/')).text()).toBe(page('v1'));
  });

  it('answers every request during a swap in full from one build or the other', async () => {
    setup();
    writeBuild(distDir, 'old');
    const builder = manualBuilder();
    const siteDir = await start(builder.build);
    const rebuilt = siteDir.rebuild();
    await builder.waitForStart();

    let swapped = false;
    let answered = 0;
    const failures: string[] = [];
    const seen = new Set<string>();
    const client = async () => {
      // Keeps going a little after the swap, so requests straddle it.
      for (let after = 0; after < 5; after += swapped ? 1 : 0) {
        const res = await get('/');
        const body = await res.text();
        if (res.status !== 200 || (body !== page('old') && body !== page('v1')))
          failures.push(`${res.status} ${body.slice(0, 80)} (${body.length} chars)`);
        seen.add(body === page('old') ? 'old' : 'v1');
        answered++;
      }
    };
    const clients = Array.from({ length: 8 }, client);
    while (answered < 16) await new Promise((r) => setTimeout(r, 5));
    builder.release(0);
    await rebuilt;
    swapped = true;
    await Promise.all(clients);
    expect(failures).toEqual([]);
    expect(seen).toEqual(new Set(['old', 'v1']));
  });

  it('runs one more build when asked during a build, and stops a build on close without serving what it left', async () => {
    setup();
    writeBuild(distDir, 'old');
    const builder = manualBuilder();
    const siteDir = await start(builder.build);
    const first = siteDir.rebuild();
    await builder.waitForStart();
    const second = siteDir.rebuild();
    expect(siteDir.rebuild()).toBe(second);
    const secondStarted = builder.waitForStart();
    builder.release(0);
    await first;
    await secondStarted;
    expect(await (await get('/')).text()).toBe(page('v1'));

    // Stopping mid-build: the build is aborted, the served build stays, and a reopen discards the leftover.
    await siteDir.close();
    await expect(second).rejects.toThrow(/stopping/);
    expect(existsSync(`${distDir}.next`)).toBe(true);
    await running().close();
    await start(manualBuilder().build);
    expect(await (await get('/')).text()).toBe(page('v1'));
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('recovers a swap cut between its two renames', async () => {
    setup();
    writeBuild(`${distDir}.old`, 'old');
    writeBuild(`${distDir}.next`, 'new');
    await start(manualBuilder().build);
    expect(await (await get('/')).text()).toBe(page('new'));
    expect(readdirSync(root)).toEqual(['dist']);
  });
});
