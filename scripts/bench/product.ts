/** Starts the product (or only its API) in a child process on a free port, for the benchmark. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The admin account every benchmarked product starts with (scripts/bench/rebuild.ts signs in with it). */
export const BENCH_ADMIN = { username: 'bench-admin@example.com', password: 'bench staff passphrase 2026' };

export interface RunningProduct {
  origin: string;
  port: number;
  /** The product's process id (its memory is sampled by expensive-load.ts). */
  pid: number;
  dataDir: string;
  distDir: string;
  /** Seconds from spawn to the site being served (includes seeding and the build). */
  readySeconds: number;
  /** Lines the product printed, for the report when something fails. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** An existing DATA_DIR (kept on stop); unset, a temporary one is made and removed on stop. */
  dataDir?: string;
  /** 'site' runs `npm start` (build included); 'api' serves the API without building. */
  mode?: 'site' | 'api';
  seed?: 'demo' | 'none';
  env?: Record<string, string>;
  /** How long to wait for readiness. */
  timeoutMs?: number;
}

/** Ends a child process: SIGTERM, SIGKILL after `graceMs`, resolved once it has exited (nothing if it already has). */
export async function stopChild(child: ChildProcess, exited: Promise<unknown>, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startProduct(opts: StartOptions = {}): Promise<RunningProduct> {
  const mode = opts.mode ?? 'site';
  const ownData = !opts.dataDir;
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'bench-data-')));
  const distDir = await mkdtemp(join(tmpdir(), 'bench-dist-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const script = mode === 'site' ? join(ROOT, 'scripts', 'start.ts') : join(ROOT, 'scripts', 'start-api.ts');
  const started = Date.now();
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      SEED: opts.seed ?? 'demo',
      SITE_URL: origin,
      ADMIN_EMAIL: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      // The load comes from one address standing for many visitors: the per-address limits (search's among them)
      // would refuse it after the first minute's share.
      RATE_LIMITS: 'off',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 400_000) output = output.slice(-200_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async () => {
    await stopChild(child, exited, 10_000);
    await rm(distDir, { recursive: true, force: true });
    if (ownData) await rm(dataDir, { recursive: true, force: true });
  };

  const ready = mode === 'site' ? /site built in/ : /API ready at/;
  const deadline = Date.now() + (opts.timeoutMs ?? 10 * 60_000);
  while (!ready.test(output)) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the product exited (${child.exitCode}) before it was ready:\n${output.slice(-4000)}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the product was not ready in time:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    port,
    pid: child.pid ?? 0,
    dataDir,
    distDir,
    readySeconds: (Date.now() - started) / 1000,
    output: () => output,
    stop,
  };
}
