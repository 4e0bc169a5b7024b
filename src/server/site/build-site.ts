/**
 * Runs `astro build` in a child process against a running API, so build memory never stays in the server. What ships
 * is what Astro writes plus what the integrations in astro.config.mjs add on their public hooks (compressed copies),
 * and, written last, a marker saying the build is complete.
 */
import { spawn } from 'node:child_process';
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
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  /** Aborting stops the astro process; the promise settles once it has exited. */
  signal?: AbortSignal;
}

/** Whether `dir` holds a build that ran to its end. */
export function isCompleteBuild(dir: string): boolean {
  return existsSync(join(dir, BUILD_MARKER));
}

export async function buildSite({ apiUrl, outDir, env = {}, log = console.log, signal }: BuildOptions): Promise<void> {
  const started = Date.now();
  await rm(join(outDir, BUILD_MARKER), { force: true });
  const workDir = await newWorkDir();
  try {
    const sitemap = await sitemapHidden(apiUrl, log, signal);
    await astroBuild({ apiUrl, outDir, env: { ...env, ...sitemap }, ...(signal ? { signal } : {}) }, workDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  await writeFile(join(outDir, BUILD_MARKER), `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);
  log(`site built into ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

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
 * install, the chunks still find its node_modules.
 */
async function newWorkDir(): Promise<string> {
  await mkdir(BUILDS_DIR, { recursive: true });
  const stale = Date.now() - STALE_WORK_DIR_MS;
  for (const name of await readdir(BUILDS_DIR)) {
    const dir = join(BUILDS_DIR, name);
    const info = await stat(dir).catch(() => undefined);
    if (info && info.mtimeMs < stale) await rm(dir, { recursive: true, force: true });
  }
  return mkdtemp(join(BUILDS_DIR, 'build-'));
}

function astroBuild({ apiUrl, outDir, env = {}, signal }: BuildOptions, workDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const child = spawn(
      process.execPath,
      ['--import', BUILD_WATCHDOG, ASTRO_BIN, 'build', '--root', ROOT, '--outDir', resolvePath(outDir), '--silent'],
      {
        cwd: workDir,
        env: {
          ...process.env,
          ...env,
          ...mediaBase(env),
          BUILD_API_URL: apiUrl,
          ASTRO_TELEMETRY_DISABLED: '1',
          BUILD_PARENT_PID: String(process.pid),
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
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(forced);
      signal?.removeEventListener('abort', stop);
      if (signal?.aborted) reject(abortReason(signal));
      else if (code === 0) resolve();
      else reject(new Error(`astro build failed (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}
