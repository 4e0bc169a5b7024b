/**
 * The expensive work against the cheap: on the API alone (start-api.ts, no seed, RATE_LIMITS=off),
 * 1. reads during sign-ins: 20 sign-ins kept in flight at once (each an argon2id hash, answered 401) while one client reads
 *    /api/company (answered from memory) and /api/health in turn over a keep-alive connection; the reads' p95;
 * 2. memory during uploads: 10 photo uploads of a 4.7 MB JPEG (12 MP) sent at once by an admin while the server's
 *    resident memory (RSS, from /proc or ps) is sampled every 25 ms; its peak, and what the uploads were answered.
 * Both run in `npm run bench` and in `npm run bench:ci` (about 30 s in all on a 2-core machine).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { summarise, type LatencySummary } from './latency.ts';
import { BENCH_ADMIN, startProduct } from './product.ts';
import { ALLOCATOR_ENV } from '../allocator-env.ts';

export interface SignInLoadResult {
  signIns: number;
  /** Sign-ins answered in all, and of those not 401 (unknown account: a 503 from a full queue counts here). */
  answered: number;
  failed: number;
  seconds: number;
  /** The reads, together and per path (ms). */
  reads: LatencySummary;
  company: LatencySummary;
  health: LatencySummary;
  /** The same reads with nothing else running, for comparison. */
  idle: LatencySummary;
}

export interface UploadMemoryResult {
  uploads: number;
  pictureBytes: number;
  pictureSize: string;
  /** The server's RSS before the uploads and its peak while they ran (MiB). */
  baselineMiB: number;
  peakMiB: number;
  /** Status -> how many uploads were answered with it (201 stored, 503 refused by a full picture queue). */
  statuses: Record<string, number>;
  seconds: number;
}

export interface ExpensiveLoadResult {
  signIns: SignInLoadResult;
  uploads: UploadMemoryResult;
}

export interface ExpensiveLoadOptions {
  /** Concurrent sign-ins (20). */
  signIns?: number;
  /** Seconds the sign-ins are kept up (5). */
  signInSeconds?: number;
  /** Concurrent photo uploads (10). */
  uploads?: number;
  /** More environment for the server (bounds to compare). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

const execFileP = promisify(execFile);
const SIGN_IN_PASSWORD = 'harbour lantern evening tide';

/** The resident memory of a process in MiB: /proc on Linux, ps elsewhere. */
export async function rssMiB(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // Not Linux: ask ps.
  }
  const { stdout } = await execFileP('ps', ['-o', 'rss=', '-p', String(pid)]);
  return Number(stdout.trim()) / 1024;
}

interface Sent {
  status: number;
  ms: number;
  body: string;
}

function send(
  agent: Agent,
  origin: string,
  method: string,
  path: string,
  body?: { type: string; data: Buffer },
  headers: Record<string, string> = {},
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      new URL(path, origin),
      {
        method,
        agent,
        headers: {
          Origin: origin,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': body.type, 'Content-Length': String(body.data.byteLength) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body?.data);
  });
}

const json = (data: unknown) => ({ type: 'application/json', data: Buffer.from(JSON.stringify(data)) });

/** Reads /api/company and /api/health in turn over one keep-alive connection until `until()` is false. */
async function readWhile(origin: string, until: () => boolean, minSamples = 0) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const company: number[] = [];
  const health: number[] = [];
  try {
    for (let i = 0; until() || company.length + health.length < minSamples; i++) {
      const path = i % 2 === 0 ? '/api/company' : '/api/health';
      const res = await send(agent, origin, 'GET', path);
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.body.slice(0, 300)}`);
      (i % 2 === 0 ? company : health).push(res.ms);
      // A reader's pace, not a flood: the reads measure the server, they do not load it.
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    agent.destroy();
  }
  return { company, health };
}

/** 20 sign-ins in flight at once for `seconds` while reads are timed. */
export async function measureReadsDuringSignIns(
  origin: string,
  { signIns = 20, seconds = 5 }: { signIns?: number; seconds?: number } = {},
): Promise<SignInLoadResult> {
  const idle = await readWhile(origin, () => false, 60);
  const agent = new Agent({ keepAlive: true, maxSockets: signIns });
  let answered = 0;
  let failed = 0;
  let running = true;
  // Each attempt names an account of its own, so no per-account limit cuts the load short; an unknown account costs
  // the same argon2id hash as a real one (security.md R62), and is answered 401.
  const worker = async () => {
    while (running) {
      const username = `nobody-${randomBytes(6).toString('hex')}@example.com`;
      const res = await send(agent, origin, 'POST', '/api/auth/login', json({ username, password: SIGN_IN_PASSWORD }));
      answered++;
      if (res.status !== 401) failed++;
    }
  };
  const started = performance.now();
  const workers = Array.from({ length: signIns }, worker);
  // The reads start once the sign-ins are under way, and stop before they do.
  await new Promise((r) => setTimeout(r, 300));
  const reads = await readWhile(origin, () => performance.now() - started < seconds * 1000);
  running = false;
  await Promise.all(workers);
  agent.destroy();
  return {
    signIns,
    answered,
    failed,
    seconds: (performance.now() - started) / 1000,
    reads: summarise([...reads.company, ...reads.health]),
    company: summarise(reads.company),
    health: summarise(reads.health),
    idle: summarise([...idle.company, ...idle.health]),
  };
}

/** A JPEG photograph of 4000 x 3000 pixels and close to 4.7 MB: a gradient with grain JPEG cannot squeeze. */
export async function benchPhoto(targetBytes = 4.7e6): Promise<{ data: Buffer; width: number; height: number }> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  const grain = randomBytes(pixels.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = ((x * 200) / width + ((grain[i] ?? 0) & 63)) & 255;
      pixels[i + 1] = ((y * 200) / height + ((grain[i + 1] ?? 0) & 63)) & 255;
      pixels[i + 2] = (((x + y) >> 5) & 127) + ((grain[i + 2] ?? 0) & 63);
    }
  const encode = (quality: number) =>
    sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
  // The highest quality that stays within the target (and the 5 MiB upload limit).
  let best = await encode(60);
  for (let low = 61, high = 100; low <= high;) {
    const quality = Math.floor((low + high) / 2);
    const data = await encode(quality);
    if (data.byteLength <= Math.min(targetBytes, 5 * 1024 * 1024)) {
      best = data;
      low = quality + 1;
    } else high = quality - 1;
  }
  return { data: best, width, height };
}

function multipart(fields: Record<string, string>, file: { field: string; name: string; type: string; data: Buffer }) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { type: `multipart/form-data; boundary=${boundary}`, data: Buffer.concat(parts) };
}

/** `uploads` photo uploads sent at once while the server's RSS is sampled. */
export async function measureUploadMemory(
  origin: string,
  pid: number,
  { uploads = 10 }: { uploads?: number } = {},
): Promise<UploadMemoryResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: uploads + 1 });
  try {
    const login = await send(agent, origin, 'POST', '/api/auth/login', json(BENCH_ADMIN));
    if (login.status !== 200) throw new Error(`admin login answered ${login.status}: ${login.body.slice(0, 300)}`);
    const token = (JSON.parse(login.body) as { token: string }).token;
    const photo = await benchPhoto();
    const baselineMiB = await rssMiB(pid);
    let peakMiB = baselineMiB;
    const state = { sampling: true };
    const sampler = (async () => {
      while (state.sampling) {
        peakMiB = Math.max(peakMiB, await rssMiB(pid).catch(() => 0));
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: uploads }, (_, i) =>
        send(
          agent,
          origin,
          'POST',
          '/api/admin/photos/upload',
          multipart(
            { title: `Bench upload ${i}`, category: 'Nature', published: 'false' },
            { field: 'photo', name: `photo-${i}.jpg`, type: 'image/jpeg', data: photo.data },
          ),
          { Authorization: `Bearer ${token}` },
        ),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    // A last look after the answers: memory a finished upload left behind counts too.
    await new Promise((r) => setTimeout(r, 250));
    state.sampling = false;
    await sampler;
    const statuses: Record<string, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    const unexpected = answers.find((a) => a.status !== 201 && a.status !== 503);
    if (unexpected) throw new Error(`a photo upload answered ${unexpected.status}: ${unexpected.body.slice(0, 300)}`);
    return {
      uploads,
      pictureBytes: photo.data.byteLength,
      pictureSize: `${photo.width} × ${photo.height}`,
      baselineMiB: Math.round(baselineMiB),
      peakMiB: Math.round(peakMiB),
      statuses,
      seconds,
    };
  } finally {
    agent.destroy();
  }
}

/** Starts the API alone (no seed) twice, one server per measurement so neither inherits the other's memory. */
export async function measureExpensiveLoad(opts: ExpensiveLoadOptions = {}): Promise<ExpensiveLoadResult> {
  const log = opts.log ?? (() => undefined);
  const start = () =>
    startProduct({ mode: 'api', seed: 'none', env: { RATE_LIMITS: 'off', ...ALLOCATOR_ENV, ...opts.env } });
  let product = await start();
  let signIns: SignInLoadResult;
  try {
    signIns = await measureReadsDuringSignIns(product.origin, {
      signIns: opts.signIns ?? 20,
      seconds: opts.signInSeconds ?? 5,
    });
  } finally {
    await product.stop();
  }
  log(
    `  reads during ${signIns.signIns} concurrent sign-ins: p95 ${signIns.reads.p95.toFixed(1)} ms (company ${signIns.company.p95.toFixed(1)}, health ${signIns.health.p95.toFixed(1)}; idle ${signIns.idle.p95.toFixed(1)}), ${signIns.answered} sign-ins answered, ${signIns.failed} not 401`,
  );
  product = await start();
  try {
    const uploads = await measureUploadMemory(product.origin, product.pid, { uploads: opts.uploads ?? 10 });
    log(
      `  server RSS during ${uploads.uploads} concurrent ${(uploads.pictureBytes / 1e6).toFixed(1)} MB photo uploads: peak ${uploads.peakMiB} MiB (from ${uploads.baselineMiB} MiB), answers ${JSON.stringify(uploads.statuses)} in ${uploads.seconds.toFixed(1)} s`,
    );
    return { signIns, uploads };
  } finally {
    await product.stop();
  }
}

if (import.meta.main) {
  // node scripts/bench/expensive-load.ts [KEY=VALUE ...]: server environment to compare bounds with.
  const env = Object.fromEntries(process.argv.slice(2).map((kv) => kv.split('=', 2) as [string, string]));
  console.log(JSON.stringify(await measureExpensiveLoad({ env, log: console.log }), null, 2));
}
