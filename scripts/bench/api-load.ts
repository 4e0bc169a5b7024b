/**
 * API throughput under load (autocannon), next to a bare node:http server answering the very same bytes:
 * the ratio says how much of the raw HTTP capacity the product keeps.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './product.ts';

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  pipelining?: number;
  headers?: Record<string, string>;
  warmup?: { connections: number; duration: number };
}

/** The part of autocannon's result this module reads. */
interface AutocannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  latency: { p50: number; p99: number; mean: number; max: number };
  requests: { mean: number; total: number };
  throughput: { mean: number };
}

// autocannon ships no types; the programmatic call returns a promise when no callback is given.
const autocannon = createRequire(import.meta.url)('autocannon') as (
  opts: AutocannonOptions,
) => Promise<AutocannonResult>;

export interface LoadOptions {
  /** Seconds of measured load per server and path (default 10). */
  durationSeconds?: number;
  connections?: number;
  /** Unmeasured load before each run (default 2 s, at most the duration). */
  warmupSeconds?: number;
}

export interface LoadRun {
  /** Mean requests per second over the run's one-second samples. */
  rps: number;
  /** Latency in milliseconds: autocannon's percentiles are whole milliseconds, the mean is finer. */
  p50: number;
  p99: number;
  meanLatency: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface PathLoad {
  path: string;
  status: number;
  contentType: string;
  /** Response body bytes, as served to autocannon's request (no Accept-Encoding, so uncompressed). */
  bytes: number;
  product: LoadRun;
  bare: LoadRun;
  /** product rps / bare rps. */
  ratio: number;
}

export interface ApiLoadResult {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  paths: PathLoad[];
}

/** The headers autocannon sends besides Host (see its httpRequestBuilder): nothing else, no Accept-Encoding. */
const AUTOCANNON_HEADERS = { connection: 'keep-alive' };

interface Captured {
  status: number;
  contentType: string;
  body: Buffer;
}

function capture(url: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: AUTOCANNON_HEADERS, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'] ?? 'application/octet-stream',
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The bare server runs in its own process, like the product, so neither shares the load generator's event loop. */
const BARE_SERVER = `
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const body = readFileSync(process.env.BARE_BODY);
const headers = { 'content-type': process.env.BARE_TYPE, 'content-length': String(body.byteLength) };
const server = createServer((req, res) => { res.writeHead(200, headers); res.end(body); });
server.listen(0, '127.0.0.1', () => console.log('bare listening on ' + server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

interface BareServer {
  origin: string;
  stop(): Promise<void>;
}

async function startBare(bodyFile: string, contentType: string): Promise<BareServer> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    env: { ...process.env, BARE_BODY: bodyFile, BARE_TYPE: contentType },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = () => stopChild(child, exited, 5000);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /bare listening on (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code}): ${out}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop };
}

async function load(url: string, connections: number, duration: number, warmup: number): Promise<LoadRun> {
  const result = await autocannon({
    url,
    connections,
    duration,
    pipelining: 1,
    ...(warmup > 0 ? { warmup: { connections, duration: warmup } } : {}),
  });
  return {
    rps: Math.round(result.requests.mean * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    meanLatency: Math.round(result.latency.mean * 100) / 100,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * For each path: autocannon against the product, then against a bare server answering the product's exact
 * body and Content-Type; same connections, duration and warm-up for both.
 */
export async function measureApiLoad(
  origin: string,
  paths: readonly string[],
  opts: LoadOptions = {},
): Promise<ApiLoadResult> {
  const durationSeconds = opts.durationSeconds ?? 10;
  const connections = opts.connections ?? 10;
  const warmupSeconds = Math.min(opts.warmupSeconds ?? 2, durationSeconds);
  const dir = await mkdtemp(join(tmpdir(), 'bench-bare-'));
  const out: PathLoad[] = [];
  try {
    for (const [i, path] of paths.entries()) {
      const url = `${origin}${path}`;
      const captured = await capture(url);
      if (captured.status < 200 || captured.status > 299)
        throw new Error(`GET ${path} answered ${captured.status}: ${captured.body.subarray(0, 300).toString()}`);
      const product = await load(url, connections, durationSeconds, warmupSeconds);
      const bodyFile = join(dir, `body-${i}`);
      await writeFile(bodyFile, captured.body);
      const server = await startBare(bodyFile, captured.contentType);
      let bare: LoadRun;
      try {
        bare = await load(`${server.origin}${path}`, connections, durationSeconds, warmupSeconds);
      } finally {
        await server.stop();
      }
      out.push({
        path,
        status: captured.status,
        contentType: captured.contentType,
        bytes: captured.body.byteLength,
        product,
        bare,
        ratio: bare.rps > 0 ? Math.round((product.rps / bare.rps) * 1000) / 1000 : 0,
      });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { connections, durationSeconds, warmupSeconds, paths: out };
}

/** autocannon against the product only (no bare server), path by path: the figures compared across databases. */
export async function measureProductLoad(
  origin: string,
  paths: readonly string[],
  opts: LoadOptions = {},
): Promise<{ path: string; product: LoadRun }[]> {
  const durationSeconds = opts.durationSeconds ?? 10;
  const connections = opts.connections ?? 10;
  const warmupSeconds = Math.min(opts.warmupSeconds ?? 2, durationSeconds);
  const out: { path: string; product: LoadRun }[] = [];
  for (const path of paths) {
    const captured = await capture(`${origin}${path}`);
    if (captured.status < 200 || captured.status > 299)
      throw new Error(`GET ${path} answered ${captured.status}: ${captured.body.subarray(0, 300).toString()}`);
    out.push({ path, product: await load(`${origin}${path}`, connections, durationSeconds, warmupSeconds) });
  }
  return out;
}

if (import.meta.main) {
  const { startProduct } = await import('./product.ts');
  const seconds = Number(process.argv[2] ?? 10);
  const product = await startProduct({ mode: 'api', seed: 'demo' });
  try {
    const result = await measureApiLoad(product.origin, ['/api/company', '/api/products', '/api/search?k=design'], {
      durationSeconds: seconds,
    });
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await product.stop();
  }
}
