/**
 * `npm start` (and dev, build, test) on an older Node.js stops with one line naming the Node needed, before any
 * TypeScript is loaded (which an older Node refuses with ERR_UNKNOWN_FILE_EXTENSION). Runs against the machine's
 * older Node at /usr/bin/node (Debian's, v20 here and on CI); skipped only where there is none.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OLD_NODE = process.env['OLD_NODE_PATH'] ?? '/usr/bin/node';
const CHECKER = join(ROOT, 'scripts', 'require-node.cjs');
const REFUSAL =
  /^This site needs Node\.js 24\.7 or newer \(found v\d+\.\d+\.\d+\)\. Install it from https:\/\/nodejs\.org or with nvm: nvm install 24$/;

function versionOf(node: string): string | null {
  if (!existsSync(node)) return null;
  try {
    return execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** npm's own script: the one running this test, or the first npm on PATH (it runs on whichever node comes first). */
function npmPath(): string {
  const candidates = [
    process.env['npm_execpath'],
    ...(process.env['PATH'] ?? '').split(delimiter).map((dir) => join(dir, 'npm')),
  ];
  const found = candidates.find((file): file is string => !!file && existsSync(file));
  if (!found) throw new Error('npm not found');
  return found;
}

const oldVersion = versionOf(OLD_NODE);
const [major = 0, minor = 0] = (oldVersion ?? '').replace(/^v/, '').split('.').map(Number);
const hasOldNode = oldVersion !== null && (major < 24 || (major === 24 && minor < 7));

describe('the Node.js version gate under this Node', () => {
  it('lets a supported Node through silently', () => {
    const run = spawnSync(process.execPath, [CHECKER], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).toBe('');
  });
});

describe.skipIf(!hasOldNode)(
  `the Node.js version gate under an older Node (${OLD_NODE} ${oldVersion ?? 'absent'})`,
  () => {
    const bin = mkdtempSync(join(tmpdir(), 'old-node-'));
    symlinkSync(OLD_NODE, join(bin, 'node'));
    afterAll(() => rmSync(bin, { recursive: true, force: true }));

    it('the checker prints exactly one line and exits 1', () => {
      const run = spawnSync(OLD_NODE, [CHECKER], { encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `This site needs Node.js 24.7 or newer (found ${oldVersion}). Install it from https://nodejs.org or with nvm: nvm install 24\n`,
      );
    });

    it.each(['start', 'run dev', 'run build', 'test'])(
      'npm %s stops with that line, before any TypeScript runs',
      (command) => {
        // The older node first on PATH: npm itself and every script it runs use it, as on a newcomer's machine.
        const npmCli = npmPath();
        const run = spawnSync(join(bin, 'node'), [npmCli, ...command.split(' ')], {
          cwd: ROOT,
          encoding: 'utf8',
          env: {
            ...process.env,
            PATH: [bin, process.env['PATH'] ?? ''].join(delimiter),
            DATA_DIR: join(bin, 'data'),
            DIST_DIR: join(bin, 'dist'),
          },
          timeout: 60_000,
        });
        expect(run.status).not.toBe(0);
        const lines = (run.stdout + run.stderr).split('\n');
        expect(lines.filter((l) => REFUSAL.test(l))).toHaveLength(1);
        expect(run.stdout + run.stderr).not.toMatch(/ERR_UNKNOWN_FILE_EXTENSION|Error:/);
        // Nothing was started: no data directory, no build.
        expect(existsSync(join(bin, 'data'))).toBe(false);
        expect(existsSync(join(bin, 'dist'))).toBe(false);
      },
    );
  },
);
