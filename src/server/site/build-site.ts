/**
 * Runs `astro build` in a child process against a running API, so build memory never stays in the server. What ships
 * is what Astro writes plus what the integrations in astro.config.mjs add on their public hooks (compressed copies),
 * and, written last, a marker saying the build is complete.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sitemapHiddenRoutes, type PublicNavigation } from '../../shared/navigation.ts';
import { abortReason } from '../abort-reason.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** astro's package exports hide its bin, so it is found where npm installs it. */
export const ASTRO_BIN = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
/** Preloaded into the build so it ends with the server that started it, even one killed outright. */
const BUILD_WATCHDOG = new URL('./build-watchdog.ts', import.meta.url).href;
/** Written into the output directory after everything else: a directory without it is a build that did not finish. */
export const BUILD_MARKER = '.build-complete';
/** Where each build gets a working directory of its own (newWorkDir). */
const BUILDS_DIR = join(ROOT, '.astro', 'builds');
/** A build's working directory older than this is one a killed build left. */
const STALE_WORK_DIR_MS = 6 * 60 * 60 * 1000;
/** How long a stopped build gets to exit on SIGTERM before it is killed. */
const BUILD_STOP_GRACE_MS = 5000;

export interface BuildOptions {
  /** Base address the build fetches branding and content from (e.g. http://127.0.0.1:4321). */
  apiUrl: string;
  outDir: string;
  /**
   * Where this site's builds keep what the next build reuses (Astro's cacheDir): pages whose cache key is unchanged,
   * and the steps' results (lib/build/step-cache.ts). One site's builds only. Without it the build starts from an
   * empty cache of its own and keeps nothing (builds of different sites never share one).
   */
  cacheDir?: string;
  /** Renders every page, as if there were no cache (which is written afresh). */
  force?: boolean;
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  /** Aborting stops the astro process; the promise settles once it has exited. */
  signal?: AbortSignal;
}

/** What a build rendered and what it copied from the last one. */
export interface BuildReport {
  /** The pages and files Astro rendered, by output path (e.g. /shop/tee/index.html). */
  rendered: string[];
  /** How many it copied from the last build: their cache key and code were unchanged. */
  reused: number;
  /** What the site's own integrations said about their work (e.g. how long the CSS trim took). */
  steps: string[];
  ms: number;
}

/**
 * Written into the cache directory while a build uses it: a build that did not finish may have changed entries its
 * manifest does not describe yet, so the next build starts from an empty cache.
 */
export const CACHE_IN_USE = '.build-in-progress';

/** Marks the cache as in use, after emptying it if a build left it marked; resolves to the mark's path. */
async function claimCache(cacheDir: string): Promise<string> {
  const mark = join(cacheDir, CACHE_IN_USE);
  if (existsSync(mark)) await rm(cacheDir, { recursive: true, force: true });
  await mkdir(cacheDir, { recursive: true });
  await writeFile(mark, '');
  return mark;
}

/** Whether `dir` holds a build that ran to its end. */
export function isCompleteBuild(dir: string): boolean {
  return existsSync(join(dir, BUILD_MARKER));
}

export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const { apiUrl, outDir, cacheDir, env = {}, log = console.log, signal } = options;
  const started = Date.now();
  await rm(join(outDir, BUILD_MARKER), { force: true });
  const inUse = cacheDir ? await claimCache(cacheDir) : undefined;
  const workDir = await newWorkDir(cacheDir);
  let pages: Omit<BuildReport, 'ms'>;
  try {
    const sitemap = await sitemapHidden(apiUrl, log, signal);
    pages = await astroBuild({ ...options, env: { ...env, ...sitemap } }, workDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  if (inUse) await rm(inUse);
  await writeFile(join(outDir, BUILD_MARKER), `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);
  const ms = Date.now() - started;
  log(
    `site built into ${outDir} in ${(ms / 1000).toFixed(1)} s: ${pages.rendered.length} pages rendered, ${pages.reused} as in the last build`,
  );
  return { ...pages, ms };
}

/** A line Astro logs for each page: its output path, then '(cached)' or '(restored)' when copied, else its time. */
const PAGE_LINE = /[├└]─ (\S+) \((cached|restored|\+[\d.]+ ?m?s)\)/;
/** What the site's integrations log (astro.config.mjs): `[company-site:page-css] CSS trimmed ...`. */
const STEP_LINE = /\[company-site:[\w-]+\] .*/;

/** MEDIA_BASE_URL as the pages read it (import.meta.env.PUBLIC_MEDIA_BASE_URL, apiAsset): media from a CDN. */
function mediaBase(env: Record<string, string | undefined>): Record<string, string> {
  const base = env['MEDIA_BASE_URL'] ?? process.env['MEDIA_BASE_URL'];
  return base ? { PUBLIC_MEDIA_BASE_URL: base } : {};
}

/** How long the build waits for the menus before building with a full sitemap. */
const NAVIGATION_TIMEOUT_MS = 15_000;

/**
 * The routes the sitemap leaves out, as astro.config.mjs reads them (SITEMAP_HIDDEN_ROUTES, comma separated): the
 * sections GET /api/navigation leaves out for having nothing published. Always set, so that a value the server was
 * started with never stands in; empty (a full sitemap) when the menus cannot be read.
 */
async function sitemapHidden(
  apiUrl: string,
  log: (line: string) => void,
  stop?: AbortSignal,
): Promise<Record<string, string>> {
  const timeout = AbortSignal.timeout(NAVIGATION_TIMEOUT_MS);
  try {
    // Joined as the pages' API client joins it (an API below a path keeps its path).
    const res = await fetch(`${apiUrl.replace(/\/+$/, '')}/api/navigation`, {
      signal: stop ? AbortSignal.any([stop, timeout]) : timeout,
    });
    if (!res.ok) throw new Error(`GET /api/navigation answered ${res.status}`);
    return { SITEMAP_HIDDEN_ROUTES: sitemapHiddenRoutes((await res.json()) as PublicNavigation).join(',') };
  } catch (error) {
    if (stop?.aborted) throw abortReason(stop);
    log(`sitemap: every section listed (${error instanceof Error ? error.message : String(error)})`);
    return { SITEMAP_HIDDEN_ROUTES: '' };
  }
}

/**
 * A working directory of this build's own inside the install, made fresh; ones left by a killed build are removed
 * once they are older than any build runs. Astro writes its intermediate server chunks to <cwd>/.astro/.prerender
 * when the output directory is outside its working directory, and removes that directory when done: from a shared
 * working directory a second build at the same time (another instance, a test) would lose its chunks. Inside the
 * install, the chunks still find its node_modules. The builds of a site with a cache use one path, made afresh each
 * time (they never overlap): Astro's key for a page's code names modules by their path, some of them inside it.
 */
async function newWorkDir(cacheDir?: string): Promise<string> {
  await mkdir(BUILDS_DIR, { recursive: true });
  const stale = Date.now() - STALE_WORK_DIR_MS;
  for (const name of await readdir(BUILDS_DIR)) {
    const dir = join(BUILDS_DIR, name);
    const info = await stat(dir).catch(() => undefined);
    if (info && info.mtimeMs < stale) await rm(dir, { recursive: true, force: true });
  }
  if (!cacheDir) return mkdtemp(join(BUILDS_DIR, 'build-'));
  const dir = join(BUILDS_DIR, `site-${createHash('sha256').update(resolvePath(cacheDir)).digest('hex').slice(0, 16)}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir);
  return dir;
}

function astroBuild(
  { apiUrl, outDir, cacheDir, force, env = {}, signal }: BuildOptions,
  workDir: string,
): Promise<Omit<BuildReport, 'ms'>> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const child = spawn(
      process.execPath,
      [
        ...['--import', BUILD_WATCHDOG, ASTRO_BIN, 'build', '--root', ROOT, '--outDir', resolvePath(outDir)],
        ...(force ? ['--force'] : []),
      ],
      {
        cwd: workDir,
        env: {
          ...process.env,
          ...env,
          ...mediaBase(env),
          ASTRO_CACHE_DIR: `${resolvePath(cacheDir ?? join(workDir, 'cache'))}/`,
          BUILD_API_URL: apiUrl,
          ASTRO_TELEMETRY_DISABLED: '1',
          BUILD_PARENT_PID: String(process.pid),
          // Plain lines: the page lines are read (PAGE_LINE).
          NO_COLOR: '1',
          FORCE_COLOR: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    // Not spawn's own `signal` option: that rejects at once, while the child may still be writing into outDir.
    let forced: NodeJS.Timeout | undefined;
    const stop = () => {
      child.kill('SIGTERM');
      forced = setTimeout(() => child.kill('SIGKILL'), BUILD_STOP_GRACE_MS).unref();
    };
    signal?.addEventListener('abort', stop, { once: true });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
    };
    const report: Omit<BuildReport, 'ms'> = { rendered: [], reused: 0, steps: [] };
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      collect(chunk);
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const step = STEP_LINE.exec(line)?.[0];
        if (step) report.steps.push(step);
        const [, path, how] = PAGE_LINE.exec(line) ?? [];
        if (path === undefined) continue;
        if (how === 'cached' || how === 'restored') report.reused++;
        else report.rendered.push(path);
      }
    });
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(forced);
      signal?.removeEventListener('abort', stop);
      if (signal?.aborted) reject(abortReason(signal));
      else if (code === 0) resolve(report);
      else reject(new Error(`astro build failed (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}
