/**
 * `npm start` and `npm run start:api` run their entry through this. On Linux the server needs glibc's allocator
 * settings (allocator-env.ts: without them 10 large uploads at once hold about 560 MiB instead of 425), but glibc reads
 * them only when a process starts, so when the environment leaves any unset the entry runs as a child that has them.
 * SIGTERM and SIGHUP are passed on; SIGINT from the terminal reaches the child directly (it is in the same process
 * group), so it is not sent twice. The child's exit code is this process's.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { missingAllocatorEnv } from './allocator-env.ts';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  process.stderr.write('usage: node scripts/launch.ts <entry> [args]\n');
  process.exit(2);
}

const missing = process.platform === 'linux' ? missingAllocatorEnv(process.env) : {};
if (Object.keys(missing).length === 0) {
  // Nothing to set: the entry runs in this process.
  await import(pathToFileURL(resolve(entry)).href);
} else {
  const child = spawn(process.execPath, [...process.execArgv, entry, ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...missing },
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
