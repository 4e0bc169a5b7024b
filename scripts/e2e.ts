/**
 * `npm run test:e2e`: the Playwright suite in E2E_GROUPS groups of files run side by side (default 2), each its own
 * `playwright test` process with its own `npm start` server, DATA_DIR and ports (tests/playwright.config.ts derives
 * them from E2E_PORT), so no group sees another's data. Files go to groups by their measured run time (the CI run of
 * 2026-11-25; a file not listed counts as DEFAULT_SECONDS), heaviest first onto the lightest group. Arguments (files,
 * -g, --headed…) run one plain `playwright test` with them instead. Exits non-zero when any group fails.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = 'tests/playwright.config.ts';
const E2E_DIR = 'tests/e2e';
const PLAYWRIGHT = fileURLToPath(new URL('../node_modules/@playwright/test/cli.js', import.meta.url));

/** Seconds each file took in CI with one group (the heavy ones; the rest are near DEFAULT_SECONDS). */
const MEASURED_SECONDS: Record<string, number> = {
  'accessibility.test.ts': 223, 'csp.test.ts': 100, 'admin-blogs.test.ts': 93, 'admin-documents-plans.test.ts': 80,
  'layout-fit.test.ts': 66, 'admin-rebuild.test.ts': 56, 'static-pages.test.ts': 48, 'hostile-content.test.ts': 44,
  'contact-and-team.test.ts': 35, 'admin-dashboard.test.ts': 35, 'home.test.ts': 34, 'keyboard.test.ts': 28,
  'admin-content.test.ts': 28, 'media-posters.test.ts': 25, 'settings.test.ts': 24, 'accounts.test.ts': 23,
  'media-lists.test.ts': 23, 'shop-cart.test.ts': 22, 'messages.test.ts': 22, 'events-and-search.test.ts': 20,
  'admin-sliders.test.ts': 20, 'visit-screens.test.ts': 20, 'admin-two-factor.test.ts': 19, 'analytics.test.ts': 18,
};
const DEFAULT_SECONDS = 8;

/** The files split into `count` groups of near-equal measured time (greedy: heaviest file onto the lightest group). */
export function groupFiles(files: readonly string[], count: number, seconds: (file: string) => number): string[][] {
  const groups = Array.from({ length: Math.max(1, count) }, () => ({ files: [] as string[], total: 0 }));
  const heaviestFirst = [...files].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b));
  for (const file of heaviestFirst) {
    const lightest = groups.reduce((min, g) => (g.total < min.total ? g : min));
    lightest.files.push(file);
    lightest.total += seconds(file);
  }
  return groups.filter((g) => g.files.length > 0).map((g) => g.files.sort());
}

/** Runs `playwright test` with `args` and `env`, each output line prefixed; resolves to its exit code. */
function playwright(args: string[], env: NodeJS.ProcessEnv, prefix: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [PLAYWRIGHT, 'test', '--config', CONFIG, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => console.log(`${prefix}${line}`));
    child.once('close', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 0) return playwright(args, process.env, '');
  const count = Number(process.env['E2E_GROUPS'] ?? 2);
  if (!Number.isInteger(count) || count < 1) throw new Error(`E2E_GROUPS must be a whole number from 1, not ${process.env['E2E_GROUPS']}`);
  const files = readdirSync(`${ROOT}${E2E_DIR}`).filter((f) => f.endsWith('.test.ts'));
  const groups = groupFiles(files, count, (file) => MEASURED_SECONDS[file] ?? DEFAULT_SECONDS);
  const basePort = Number(process.env['E2E_PORT'] ?? 4391);
  const started = Date.now();
  const codes = await Promise.all(
    groups.map((group, i) => {
      const name = groups.length > 1 ? `[e2e ${i + 1}/${groups.length}] ` : '';
      console.log(`${name}${group.length} files: ${group.join(' ')}`);
      // Ports two apart: the config puts the group's OpenID provider at port + 1000.
      const env: NodeJS.ProcessEnv = { ...process.env, E2E_PORT: String(basePort + 2 * i), E2E_OUTPUT_DIR: `${ROOT}test-results/e2e-${i + 1}` };
      // Each group's config makes its own data directory, site, provider port and secret from its E2E_PORT.
      for (const shared of ['E2E_DATA_DIR', 'E2E_DIST_DIR', 'E2E_OIDC_PORT', 'E2E_OIDC_CLIENT_SECRET', 'E2E_SITE_URL']) delete env[shared];
      return playwright(group.map((file) => `${E2E_DIR}/${file}`), env, name);
    }),
  );
  console.log(`e2e: ${groups.length} group(s) in ${((Date.now() - started) / 60_000).toFixed(1)} min, exit codes ${codes.join(', ')}`);
  return codes.find((code) => code !== 0) ?? 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main();
