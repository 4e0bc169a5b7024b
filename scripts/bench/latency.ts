/** Latency statistics and a sequential keep-alive sampler for the benchmark. */
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface LatencySummary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

/**
 * Nearest-rank percentile: the smallest sample with at least p % of the samples at or below it
 * (rank ⌈p/100 · n⌉, 1-based). Always one of the samples; NaN for an empty list.
 */
export function percentile(values: readonly number[], p: number): number {
  if (!Number.isFinite(p) || p < 0 || p > 100) throw new RangeError(`percentile must be within 0..100, got ${p}`);
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  const value = sorted[rank - 1];
  if (value === undefined) throw new RangeError(`rank ${rank} is outside ${sorted.length} samples`);
  return value;
}

/** Rounds to 3 decimals (microseconds, for milliseconds) so reports stay readable. */
export const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** n, nearest-rank p50/p95/p99, mean and max of latency samples (same unit in and out); zeros when empty. */
export function summarise(samples: readonly number[]): LatencySummary {
  if (samples.length === 0) return { n: 0, p50: 0, p95: 0, p99: 0, mean: 0, max: 0 };
  const sum = samples.reduce((a, b) => a + b, 0);
  return {
    n: samples.length,
    p50: round3(percentile(samples, 50)),
    p95: round3(percentile(samples, 95)),
    p99: round3(percentile(samples, 99)),
    mean: round3(sum / samples.length),
    max: round3(Math.max(...samples)),
  };
}

export interface SampleOptions {
  samples?: number;
  warmup?: number;
  /**
   * Request headers; by default what a browser's fetch offers (gzip, deflate, br), so any response
   * compression the server does is part of the measured time.
   */
  headers?: Record<string, string>;
}

export interface LatencySample extends LatencySummary {
  url: string;
  /** Milliseconds from sending the request to the last body byte (no client-side decompression). */
  unit: 'ms';
  status: number;
  contentEncoding: string | null;
  /** Body bytes on the wire (compressed when the server compressed). */
  wireBytes: number;
  /** Body bytes after decoding. */
  bytes: number;
}

const EMPTY = Buffer.alloc(0);
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

function decode(body: Buffer, encoding: string | null): Buffer {
  switch (encoding) {
    case 'gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

interface RawResponse {
  status: number;
  encoding: string | null;
  body: Buffer;
  ms: number;
}

function getOnce(url: URL, agent: Agent, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers['content-encoding'] ?? null,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

export interface TimedResponse {
  url: string;
  ms: number;
  status: number;
  contentEncoding: string | null;
  wireBytes: number;
  body: Buffer;
}

/**
 * Sequential GETs over one keep-alive connection, rotating through `urls`: `warmup` untimed ones, then
 * `samples` timed with performance.now() from sending to the last body byte. Throws on any non-2xx answer.
 * Only the last response per URL keeps its body (the others get an empty one).
 */
export async function collectSamples(urls: readonly string[], opts: SampleOptions = {}): Promise<TimedResponse[]> {
  if (urls.length === 0) throw new Error('collectSamples needs at least one URL');
  const samples = opts.samples ?? 100;
  const warmup = opts.warmup ?? 10;
  const headers = opts.headers ?? BROWSER_HEADERS;
  const targets = urls.map((url) => ({ url, parsed: new URL(url) }));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const out: TimedResponse[] = [];
  const lastOf = new Map<string, TimedResponse>();
  try {
    for (let i = 0; i < warmup + samples; i++) {
      const target = targets[i % targets.length];
      if (!target) throw new Error(`no URL at position ${i % targets.length} of ${targets.length}`);
      const { url } = target;
      const res = await getOnce(target.parsed, agent, headers);
      if (res.status < 200 || res.status > 299) {
        throw new Error(`GET ${url} answered ${res.status}: ${res.body.subarray(0, 300).toString()}`);
      }
      if (i >= warmup) {
        const timed = {
          url,
          ms: res.ms,
          status: res.status,
          contentEncoding: res.encoding,
          wireBytes: res.body.byteLength,
          body: res.body,
        };
        // Large list bodies add up over many samples: only the newest per URL is kept.
        const previous = lastOf.get(url);
        if (previous) previous.body = EMPTY;
        lastOf.set(url, timed);
        out.push(timed);
      }
    }
  } finally {
    agent.destroy();
  }
  return out;
}

/** The body of a sampled response, decompressed. */
export const decodedBody = (res: TimedResponse): Buffer => decode(res.body, res.contentEncoding);

/**
 * Latency of `url` (or of several, taken in turn): `samples` sequential keep-alive GETs after `warmup`
 * untimed ones, summarised; throws on any non-2xx answer. Bytes are those of the last response.
 */
export async function sampleLatency(url: string | readonly string[], opts: SampleOptions = {}): Promise<LatencySample> {
  const urls = typeof url === 'string' ? [url] : url;
  const timed = await collectSamples(urls, opts);
  const last = timed[timed.length - 1];
  return {
    url: urls.join(' '),
    unit: 'ms',
    ...summarise(timed.map((t) => t.ms)),
    status: last?.status ?? 0,
    contentEncoding: last?.contentEncoding ?? null,
    wireBytes: last?.wireBytes ?? 0,
    bytes: last ? decodedBody(last).byteLength : 0,
  };
}

if (import.meta.main) {
  const [url, count] = process.argv.slice(2);
  if (!url) {
    console.error('usage: node scripts/bench/latency.ts <url> [samples]');
    process.exit(2);
  }
  console.log(JSON.stringify(await sampleLatency(url, { samples: Number(count ?? 100) }), null, 2));
}
