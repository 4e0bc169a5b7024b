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

/**
 * Seconds each file took in CI with two groups side by side (2026-11-25; hostile-content's beforeAll, which builds a
 * site of its own, added), the heavy ones; the rest are near DEFAULT_SECONDS.
 */
const MEASURED_SECONDS: Record<string, number> = {
  'accessibility.test.ts': 296,
  'csp.test.ts': 163,
  'admin-blogs.test.ts': 135,
  'admin-rebuild.test.ts': 131,
  'layout-fit.test.ts': 129,
  'hostile-content.test.ts': 104,
  'admin-documents-plans.test.ts': 86,
  'static-pages.test.ts': 81,
  'home.test.ts': 57,
  'admin-dashboard.test.ts': 56,
  'contact-and-team.test.ts': 43,
  'media-lists.test.ts': 39,
  'media-posters.test.ts': 37,
  'accounts.test.ts': 36,
  'analytics.test.ts': 36,
  'events-and-search.test.ts': 35,
  'admin-sliders.test.ts': 32,
  'shop-cart.test.ts': 32,
  'keyboard.test.ts': 27,
  'admin-content.test.ts': 26,
  'settings.test.ts': 25,
  'home-screens.test.ts': 24,
  'messages.test.ts': 23,
  'admin-two-factor.test.ts': 22,
  'google-sign-in.test.ts': 21,
  'home-sections.test.ts': 20,
  'admin-upload.test.ts': 19,
  'checkout.test.ts': 19,
  'header-and-menu.test.ts': 19,
  'visit-screens.test.ts': 19,
  'branding.test.ts': 18,
  'admin-users.test.ts': 15,
};
const DEFAULT_SECONDS = 9;

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
    const child = spawn(process.execPath, [PLAYWRIGHT, 'test', '--config', CONFIG, ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => console.log(`${prefix}${line}`));
    child.once('close', (code) => resolve(code ?? 1));
  });
}

/** What each group's config sets for itself. */
const PER_GROUP = new Set(['E2E_DATA_DIR', 'E2E_DIST_DIR', 'E2E_OIDC_PORT', 'E2E_OIDC_CLIENT_SECRET', 'E2E_SITE_URL']);

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 0) return playwright(args, process.env, '');
  const count = Number(process.env['E2E_GROUPS'] ?? 2);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`E2E_GROUPS must be a whole number from 1, not ${process.env['E2E_GROUPS']}`);
  const files = readdirSync(`${ROOT}${E2E_DIR}`).filter((f) => f.endsWith('.test.ts'));
  const groups = groupFiles(files, count, (file) => MEASURED_SECONDS[file] ?? DEFAULT_SECONDS);
  const basePort = Number(process.env['E2E_PORT'] ?? 4391);
  const started = Date.now();
  const codes = await Promise.all(
    groups.map((group, i) => {
      const name = groups.length > 1 ? `[e2e ${i + 1}/${groups.length}] ` : '';
      console.log(`${name}${group.length} files: ${group.join(' ')}`);
      // Ports two apart: the config puts the group's OpenID provider at port + 1000. Each group's config makes its
      // own data directory, site, provider port and secret from its E2E_PORT, so those are not passed on.
      const env: NodeJS.ProcessEnv = {
        ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !PER_GROUP.has(key))),
        E2E_PORT: String(basePort + 2 * i),
        E2E_OUTPUT_DIR: `${ROOT}test-results/e2e-${i + 1}`,
      };
      return playwright(
        group.map((file) => `${E2E_DIR}/${file}`),
        env,
        name,
      );
    }),
  );
  console.log(
    `e2e: ${groups.length} group(s) in ${((Date.now() - started) / 60_000).toFixed(1)} min, exit codes ${codes.join(', ')}`,
  );
  return codes.find((code) => code !== 0) ?? 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main();
