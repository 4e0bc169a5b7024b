/**
 * Runs `astro build` in a child process against a running API, so build memory never stays in the server. What ships
 * is what Astro writes plus what the integrations in astro.config.mjs add on their public hooks (compressed copies).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  const started = Date.now();
  await astroBuild({ apiUrl, outDir, env });
  log(`site built into ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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
