/** Static site build time at demo size and with many extra blog posts (one page each). */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite } from '../../src/server/site/build-site.ts';
import { addBlogs } from './generate-items.ts';
import { startProduct } from './product.ts';

export interface BuildRun {
  /** Blog posts the API served to the build. */
  blogs: number;
  seconds: number;
  /** index.html files in the output: one per page route. */
  pages: number;
  htmlFiles: number;
  outputBytes: number;
  /** Seconds for the API (and, the first time, the demo seed) to be ready; not part of `seconds`. */
  apiReadySeconds: number;
}

export interface BuildTimesResult {
  demo: BuildRun;
  manyBlogs: BuildRun & { addedBlogs: number; addSeconds: number };
}

async function walk(dir: string): Promise<{ pages: number; htmlFiles: number; bytes: number }> {
  const totals = { pages: 0, htmlFiles: 0, bytes: 0 };
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    totals.bytes += (await stat(path)).size;
    if (entry.name.endsWith('.html')) totals.htmlFiles++;
    if (entry.name === 'index.html') totals.pages++;
  }
  return totals;
}

/** Serves the API over dataDir (seeding the demo when empty) and times one `astro build` into a temp dir. */
async function timeBuild(dataDir: string): Promise<BuildRun> {
  const product = await startProduct({ mode: 'api', seed: 'demo', dataDir });
  const outDir = await mkdtemp(join(tmpdir(), 'bench-build-'));
  try {
    const blogs = ((await (await fetch(`${product.origin}/api/blogs`)).json()) as { results: unknown[] }).results
      .length;
    const started = performance.now();
    await buildSite({ apiUrl: product.origin, outDir, env: { SITE_URL: product.origin }, log: () => undefined });
    const seconds = (performance.now() - started) / 1000;
    const { pages, htmlFiles, bytes } = await walk(outDir);
    return {
      blogs,
      seconds: Math.round(seconds * 100) / 100,
      pages,
      htmlFiles,
      outputBytes: bytes,
      apiReadySeconds: product.readySeconds,
    };
  } finally {
    await product.stop();
    await rm(outDir, { recursive: true, force: true });
  }
}

/** (a) the demo site's build; (b) the same after adding `extraBlogs` generated posts (default 1,000). */
export async function measureBuildTimes(opts: { extraBlogs?: number } = {}): Promise<BuildTimesResult> {
  const extraBlogs = opts.extraBlogs ?? 1000;
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-build-data-'));
  try {
    const demo = await timeBuild(dataDir);
    // The API is stopped here, so the generator is the only writer.
    const added = await addBlogs(dataDir, extraBlogs);
    const many = await timeBuild(dataDir);
    return {
      demo,
      manyBlogs: { ...many, addedBlogs: added.inserted.blogs, addSeconds: Math.round(added.seconds * 100) / 100 },
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const extraBlogs = process.argv[2] ? Number(process.argv[2]) : undefined;
  console.log(JSON.stringify(await measureBuildTimes(extraBlogs === undefined ? {} : { extraBlogs }), null, 2));
}
