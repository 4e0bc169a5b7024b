/**
 * `npm start` and `npm run start:api` run their entry through this. On Linux, glibc gives every thread that allocates
 * memory arenas of its own, and sharp's and argon2's threads keep them: 10 large uploads at once then hold about
 * 560 MiB instead of 425. MALLOC_ARENA_MAX=2 (sharp's advice) bounds that, but glibc reads it only when a process
 * starts, so when the environment does not set it the entry runs as a child that has it. SIGTERM and SIGHUP are
 * passed on; SIGINT from the terminal reaches the child directly (it is in the same process group), so it is not sent
 * twice. The child's exit code is this process's.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  process.stderr.write('usage: node scripts/launch.ts <entry> [args]\n');
  process.exit(2);
}

if (process.platform !== 'linux' || process.env['MALLOC_ARENA_MAX'] !== undefined) {
  // Nothing to set: the entry runs in this process.
  await import(pathToFileURL(resolve(entry)).href);
} else {
  const child = spawn(process.execPath, [...process.execArgv, entry, ...args], {
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
  });
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  process.on('SIGINT', () => undefined);
  child.once('error', (error) => {
    console.error(error);
    process.exit(1);
  });
  child.once('exit', (code, signal) => {
    process.exit(code ?? (signal ? 128 + constants.signals[signal] : 1));
  });
}
