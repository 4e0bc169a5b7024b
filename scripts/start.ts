/**
 * `npm start`: prepare DATA_DIR, serve the API and the last complete build of the site at once, build the site
 * against the data beside it and swap it in when complete (site-swap.ts). SIGTERM/SIGINT stop gracefully.
 */
import { fileURLToPath } from 'node:url';
import { parseEnv } from '../src/server/env.ts';
import { exitOnSignals } from '../src/server/graceful-shutdown.ts';
import { launchApi } from '../src/server/main.ts';
import { buildSite } from '../src/server/site/build-site.ts';
import { openSiteDir } from '../src/server/site/site-swap.ts';
import { createVariantQueue } from '../src/server/media/variant-queue.ts';
import { weighBuiltPages } from '../src/server/modules/publish-checks/publish-checks.service.ts';

const env = parseEnv();

let origin = '';
const site = await openSiteDir({
  // DIST_DIR lets parallel test runs build side by side; the default is the contract's dist/.
  distDir: process.env['DIST_DIR'] ?? fileURLToPath(new URL('../dist/', import.meta.url)),
  // Each build reuses the pages of the one before it whose data did not change (build-site.ts), from a cache beside
  // DIST_DIR; what it rendered is said here, and "site built" below once the new build is the one served.
  build: async (outDir, signal) => {
    const { rendered, reused, steps, ms } = await buildSite({
      apiUrl: origin,
      outDir,
      cacheDir: `${site.dir}.cache`,
      env: { SITE_URL: env.SITE_URL },
      signal,
      log: () => undefined,
    });
    console.log(`site build: ${rendered.length} pages rendered, ${reused} copied from the last build, in ${ms} ms`);
    for (const step of steps) console.log(`  ${step}`);
    // The publish checks' last one: each item's page against its budget, for the admin's report.
    await weighBuiltPages(db, outDir).catch((error: unknown) =>
      console.error('weighing the built pages failed:', error),
    );
  },
});
const { db, deps, server, variants } = await launchApi({
  env,
  site,
  // Admin changes rebuild the site through deps.rebuilds (debounced, one build at a time); SiteDir swaps each in whole.
  rebuildSite: () => site.rebuild(),
  // A first start's demo pictures get their variants once the site is served (variant-queue.ts).
  variants: (db) => createVariantQueue(db, env.DATA_DIR),
});
origin = `http://127.0.0.1:${server.port}`;

// Set by the signal handler during any await below: a property, as TypeScript takes a `let` to keep its first value.
const shutdown = { stopping: false };
exitOnSignals(async () => {
  shutdown.stopping = true;
  // The scheduler first, so that no build starts on a closed site; site.close() stops the build under way, which
  // the scheduler's close waits for. The build's own requests to the API end with it; everyone else's are let finish.
  const rebuildsClosed = deps.rebuilds.close();
  await Promise.all([rebuildsClosed, site.close(), server.close(), variants?.close()]);
  await db.destroy();
});

const address = `http://${env.HOST === '127.0.0.1' ? 'localhost' : env.HOST}:${server.port}`;
const previous = site.current();
if (previous && env.BUILD_ON_START === 'if-missing') {
  console.log(`API ready at ${origin}/api; serving the build in ${previous} at ${address} (BUILD_ON_START=if-missing)`);
} else {
  console.log(
    `API ready at ${origin}/api; ${previous ? `serving the previous build at ${address} while the site is rebuilt...` : 'building the site...'}`,
  );
  const started = Date.now();
  const firstBuild = site.rebuild();
  // The publish state shows this build, and admin changes during it make one build after it, not a second beside it.
  // With a build hook the state is the hook's, which this local build does not change.
  if (!env.REBUILD_WEBHOOK_URL) deps.rebuilds.track(firstBuild);
  try {
    await firstBuild;
    console.log(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s; serving ${address}`);
  } catch (error) {
    // A build stopped by SIGTERM is no failure; a failed rebuild leaves the previous build served.
    if (!shutdown.stopping) {
      if (!site.current()) throw error;
      console.error('site build failed; still serving the previous build:', error);
    }
  }
}
// After the first build, so it has both cores; a visitor asking for a variant before then has it encoded at once.
if (!shutdown.stopping && variants && variants.pending > 0) {
  const encoding = Date.now();
  console.log(`encoding the variants of ${variants.pending} demo pictures in the background...`);
  variants.start((count) =>
    console.log(`picture variants of ${count} pictures encoded in ${((Date.now() - encoding) / 1000).toFixed(1)} s`),
  );
}
