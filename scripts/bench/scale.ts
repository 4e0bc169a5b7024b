/** Search and list latency at scale (generated items) and at demo size (a running product). */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateItems, SEARCH_TERMS, type GenerateResult } from './generate-items.ts';
import { collectSamples, decodedBody, summarise, type LatencySummary } from './latency.ts';
import { startProduct } from './product.ts';

export const LIST_PATHS = [
  '/api/products',
  '/api/blogs',
  '/api/photos',
  '/api/videos',
  '/api/audios',
  '/api/events',
] as const;

/**
 * What a list page's island asks of the API at any size: the largest page of each list, and a sorted or searched
 * page as the shop, photos, videos and audio ask it once their data file is too large to fetch whole.
 */
export const LIST_PAGE_PATHS = [
  ...LIST_PATHS.map((path) => `${path}?limit=100`),
  '/api/products?sort=price-asc&limit=24',
  '/api/products?q=design&limit=24',
  '/api/photos?sort=viewed&limit=24&offset=480',
  '/api/videos?sort=trending&limit=24',
  '/api/audios?sort=rated&limit=24',
] as const;

/** Terms that occur in the demo content: single words, a prefix and two-word queries. */
export const DEMO_SEARCH_TERMS = [
  'design',
  'coffee',
  'headphones',
  'portland',
  'leather wallet',
  'trav',
  'jazz',
  'studio light',
] as const;

export interface ListLatency extends LatencySummary {
  path: string;
  /** Items in the answer. */
  items: number;
  /** Body bytes after decoding, and on the wire with the encoding the server chose. */
  bytes: number;
  wireBytes: number;
  contentEncoding: string | null;
}

export interface TermStats {
  term: string;
  /** Results returned (the API caps them at 100). */
  results: number;
  p50: number;
  max: number;
}

export interface SearchLatency extends LatencySummary {
  terms: TermStats[];
  /** Share of terms with at least one result. */
  termsWithHits: number;
  /** Mean body bytes (decoded) over the terms. */
  meanBytes: number;
}

const resultCount = (body: Buffer) => (JSON.parse(body.toString()) as { results: unknown[] }).results.length;

/** Each list endpoint timed in turn: sequential keep-alive GETs, browser-like Accept-Encoding. */
export async function measureLists(
  origin: string,
  opts: { samples: number; warmup: number; paths?: readonly string[] },
): Promise<ListLatency[]> {
  const out: ListLatency[] = [];
  for (const path of opts.paths ?? LIST_PATHS) {
    const timed = await collectSamples([`${origin}${path}`], opts);
    const last = timed.at(-1);
    if (!last) throw new Error(`no samples were taken of ${path}`);
    const body = decodedBody(last);
    out.push({
      path,
      ...summarise(timed.map((t) => t.ms)),
      items: resultCount(body),
      bytes: body.byteLength,
      wireBytes: last.wireBytes,
      contentEncoding: last.contentEncoding,
    });
  }
  return out;
}

/** GET /api/search?k=… over a rotating set of terms; per-term result counts and latency too. */
export async function measureSearch(
  origin: string,
  terms: readonly string[],
  opts: { samples: number; warmup: number },
): Promise<SearchLatency> {
  const urls = terms.map((t) => `${origin}/api/search?k=${encodeURIComponent(t)}`);
  const timed = await collectSamples(urls, opts);
  const stats: TermStats[] = [];
  let bytes = 0;
  for (const [i, term] of terms.entries()) {
    const mine = timed.filter((t) => t.url === urls[i]);
    const last = mine.findLast((t) => t.body.byteLength > 0) ?? mine[mine.length - 1];
    const body = last ? decodedBody(last) : Buffer.from('{"results":[]}');
    bytes += body.byteLength;
    const summary = summarise(mine.map((t) => t.ms));
    stats.push({ term, results: resultCount(body), p50: summary.p50, max: summary.max });
  }
  return {
    ...summarise(timed.map((t) => t.ms)),
    terms: stats,
    termsWithHits: stats.filter((s) => s.results > 0).length / stats.length,
    meanBytes: Math.round(bytes / terms.length),
  };
}

export interface ScaleOptions {
  itemsPerType?: number;
  searchSamples?: number;
  listSamples?: number;
  /** List endpoints timed at scale (default all six; --ci times /api/products only, each list at 60k costs seconds). */
  listPaths?: readonly string[];
  seed?: string;
  /** A postgres:// URL of an empty database: items and API on PostgreSQL; unset, SQLite in a temporary DATA_DIR. */
  databaseUrl?: string | undefined;
}

/** What the API child needs to run on PostgreSQL: the URL and the AUTH_SECRET env.ts requires with it. */
export function postgresEnv(databaseUrl: string | undefined): Record<string, string> {
  return databaseUrl ? { DATABASE_URL: databaseUrl, AUTH_SECRET: randomBytes(24).toString('hex') } : {};
}

export interface ScaleResult {
  itemsPerType: number;
  totalItems: number;
  generation: GenerateResult;
  /** Seconds for the API to migrate, index and listen over the generated data. */
  apiReadySeconds: number;
  search: SearchLatency;
  lists: ListLatency[];
  /** The list pages an island asks (LIST_PAGE_PATHS). */
  pages: ListLatency[];
}

/**
 * Generates `itemsPerType` items of each of the six types into a temporary DATA_DIR, serves the API alone
 * over it and measures search (rotating realistic terms) and every list endpoint.
 */
export async function measureScale(opts: ScaleOptions = {}): Promise<ScaleResult> {
  const itemsPerType = opts.itemsPerType ?? 10_000;
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-scale-'));
  try {
    const generation = await generateItems(dataDir, {
      itemsPerType,
      databaseUrl: opts.databaseUrl,
      ...(opts.seed ? { seed: opts.seed } : {}),
    });
    const product = await startProduct({ mode: 'api', seed: 'none', dataDir, env: postgresEnv(opts.databaseUrl) });
    try {
      const searchSamples = opts.searchSamples ?? 300;
      const search = await measureSearch(product.origin, SEARCH_TERMS, {
        samples: searchSamples,
        warmup: Math.min(2 * SEARCH_TERMS.length, searchSamples),
      });
      const listSamples = opts.listSamples ?? 20;
      const lists = await measureLists(product.origin, {
        samples: listSamples,
        warmup: Math.min(3, listSamples),
        ...(opts.listPaths ? { paths: opts.listPaths } : {}),
      });
      const pages = await measureLists(product.origin, {
        samples: listSamples,
        warmup: Math.min(3, listSamples),
        paths: LIST_PAGE_PATHS,
      });
      return {
        itemsPerType,
        totalItems: itemsPerType * 6,
        generation,
        apiReadySeconds: product.readySeconds,
        search,
        lists,
        pages,
      };
    } finally {
      await product.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export interface DemoLatencyResult {
  /** GET /api/company, sequential. */
  company: LatencySummary;
  lists: ListLatency[];
  search: SearchLatency;
  /** Worst list p95, for the 10 ms budget. */
  worstListP95: number;
}

/** List endpoints and search at demo size, against an already running product. */
export async function measureListLatencyAtDemo(
  origin: string,
  opts: { samples?: number; warmup?: number } = {},
): Promise<DemoLatencyResult> {
  const samples = opts.samples ?? 200;
  const warmup = opts.warmup ?? 20;
  const company = summarise((await collectSamples([`${origin}/api/company`], { samples, warmup })).map((t) => t.ms));
  const lists = await measureLists(origin, { samples, warmup });
  const search = await measureSearch(origin, DEMO_SEARCH_TERMS, { samples, warmup });
  return { company, lists, search, worstListP95: Math.max(...lists.map((l) => l.p95)) };
}

if (import.meta.main) {
  const arg = process.argv[2] ?? '10000';
  if (arg.startsWith('http')) {
    console.log(JSON.stringify(await measureListLatencyAtDemo(arg), null, 2));
  } else if (arg === 'demo') {
    const product = await startProduct({ mode: 'api', seed: 'demo' });
    try {
      console.log(JSON.stringify(await measureListLatencyAtDemo(product.origin), null, 2));
    } finally {
      await product.stop();
    }
  } else {
    const items = Number(arg);
    const samples = process.argv[3] ? Number(process.argv[3]) : undefined;
    // BENCH_DATABASE_URL: an empty PostgreSQL database to run the scale measurement on instead of SQLite.
    const databaseUrl = process.env['BENCH_DATABASE_URL'];
    console.log(
      JSON.stringify(
        await measureScale({ itemsPerType: items, databaseUrl, ...(samples ? { searchSamples: samples } : {}) }),
        null,
        2,
      ),
    );
  }
}
