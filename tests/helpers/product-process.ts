/** Runs `npm start`'s own entry (scripts/start.ts) as a child process on a random port, as an operator would. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseEnv, testDatabaseFor } from './test-database.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ProductProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port>, known once the API listens. */
  origin: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Polls the output until it matches; throws with the output when the process exits or time runs out. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  /** SIGKILL to the process and whatever it started, if still running (cleanup after a failed test). */
  kill(): void;
}

/**
 * Starts scripts/start.ts (or `script`: start-api.ts, the API alone) with PORT=0 and resolves once it printed the API
 * address.
 */
export async function startProductProcess(
  env: Record<string, string>,
  readyTimeoutMs = 60_000,
  script: 'start.ts' | 'start-api.ts' = 'start.ts',
): Promise<ProductProcess> {
  // On the PostgreSQL run, DATA_DIR's own test database (test-database.ts).
  const database = env['DATA_DIR'] ? databaseEnv(await testDatabaseFor(env['DATA_DIR'])) : {};
  const child = spawn(process.execPath, [join(ROOT, 'scripts', script)], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SEED: 'none', RATE_LIMITS: 'off', ...database, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a failed test can end the build process it started too.
    detached: true,
  });
  let output = '';
  const collect = (chunk: Buffer) => void (output += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let code: number | null | undefined;
  void exited.then((c) => (code = c));

  async function waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(output);
      if (match) return match;
      if (code !== undefined)
        throw new Error(`the product exited (${code}) before printing ${pattern}:\n${output.slice(-4000)}`);
      if (Date.now() > deadline)
        throw new Error(`the product did not print ${pattern} in ${timeoutMs} ms:\n${output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const process_: ProductProcess = {
    child,
    origin: '',
    output: () => output,
    exited,
    waitFor,
    kill: () => {
      // Only while it runs: its group id is its process id, which may be reused once it has exited.
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined)
        process.kill(-child.pid, 'SIGKILL');
    },
  };
  try {
    const [, origin] = await waitFor(/API ready at (http:\/\/127\.0\.0\.1:\d+)/, readyTimeoutMs);
    if (origin === undefined) throw new Error('the ready line names no origin');
    process_.origin = origin;
  } catch (error) {
    process_.kill();
    throw error;
  }
  return process_;
}

/** Processes (other than this one) whose command line mentions `needle`, e.g. a build writing into a temp directory. */
export function processesMentioning(needle: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) found.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return found;
}
