/**
 * scripts/launch.ts, the entry of `npm start`: on Linux the server runs with glibc's allocator settings
 * (allocator-env.ts) unless the environment sets them, SIGTERM reaches the server (which then stops as it does under npm start), and its exit code is the command's.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const LAUNCH = fileURLToPath(new URL('../../scripts/launch.ts', import.meta.url));

/** An entry that says its allocator settings and process id, then waits for SIGTERM and exits with 7. */
const ENTRY = [
  "process.once('SIGTERM', () => { process.exitCode = 7; clearInterval(timer); });",
  'console.log(JSON.stringify({ arenas: process.env.MALLOC_ARENA_MAX ?? null, mmap: process.env.MALLOC_MMAP_THRESHOLD_ ?? null, pid: process.pid }));',
  'const timer = setInterval(() => undefined, 1000);',
].join('\n');
const ON_LINUX = process.platform === 'linux';

let dir: string;
let entry: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'launch-'));
  entry = join(dir, 'entry.mjs');
  await writeFile(entry, ENTRY);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Said {
  arenas: string | null;
  mmap: string | null;
  pid: number;
}

/** Runs the launcher on the entry, reads its first line, sends SIGTERM to the launcher; the line and exit code. */
function launch(env: Record<string, string | undefined>) {
  return new Promise<{ said: Said; code: number | null; launcherPid: number }>((done, fail) => {
    const child = spawn(process.execPath, [LAUNCH, entry], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let said: Said | undefined;
    child.stdout.once('data', (chunk: Buffer) => {
      said = JSON.parse(chunk.toString().trim()) as Said;
      child.kill('SIGTERM');
    });
    child.once('error', fail);
    child.once('exit', (code) => {
      if (said && child.pid) done({ said, code, launcherPid: child.pid });
      else fail(new Error(`the entry said nothing (exit ${code})`));
    });
  });
}

describe('npm start', () => {
  it('runs the server with MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072 on Linux (elsewhere in its own process), passes SIGTERM on and exits with its code', async () => {
    const { said, code, launcherPid } = await launch({
      MALLOC_ARENA_MAX: undefined,
      MALLOC_MMAP_THRESHOLD_: undefined,
    });
    expect(said.arenas).toBe(ON_LINUX ? '2' : null);
    expect(said.mmap).toBe(ON_LINUX ? '131072' : null);
    expect(said.pid === launcherPid).toBe(!ON_LINUX);
    expect(code).toBe(7);
  });

  it('keeps the settings the environment gives, and runs the entry in its own process when it gives them all', async () => {
    const given = await launch({ MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(given.said).toEqual({ arenas: '4', mmap: '65536', pid: given.launcherPid });
    expect(given.code).toBe(7);
    const one = await launch({ MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: undefined });
    expect(one.said.arenas).toBe('4');
    expect(one.said.mmap).toBe(ON_LINUX ? '131072' : null);
    expect(one.code).toBe(7);
  });
});
