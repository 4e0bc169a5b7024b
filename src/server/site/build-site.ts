/**
 * Runs `astro build` in a child process against a running API, so build memory never stays in the server, then
 * finalizes the pages (deferred scripts, per-page CSS and CSP) and precompresses the output.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finalizePages } from './finalize-pages.ts';
import { precompressDir } from './precompress.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** astro's package exports hide its bin, so it is found where npm installs it. */
export const ASTRO_BIN = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');

export interface BuildOptions {
  /** Base address the build fetches branding and content from (e.g. http://127.0.0.1:4321). */
  apiUrl: string;
  outDir: string;
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
}

export async function buildSite({ apiUrl, outDir, env = {}, log = console.log }: BuildOptions): Promise<void> {
  await astroBuild({ apiUrl, outDir, env });
  const started = Date.now();
  const pages = await finalizePages(outDir);
  const { files, written, originalBytes, compressedBytes } = await precompressDir(outDir);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  log(`site built into ${outDir}; ${pages} pages finalized, ${written} compressed copies of ${files} files (${kib(originalBytes)} to ${kib(compressedBytes)}) in ${Date.now() - started} ms`);
}

function astroBuild({ apiUrl, outDir, env = {} }: BuildOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ASTRO_BIN, 'build', '--outDir', outDir, '--silent'], {
      cwd: ROOT,
      env: { ...process.env, ...env, BUILD_API_URL: apiUrl, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`astro build failed (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}
