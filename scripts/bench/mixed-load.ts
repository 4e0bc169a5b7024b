/**
 * A mixed read and write load on the API, on loopback and bounded: an open-loop generator offers
 * requests at a fixed rate (72 % reads: company and sliders as the home page asks for them, the product list, search,
 * a product by slug; 28 % writes: a product page's view count, a registration, a signed-in customer's order, a contact
 * message, an admin's edit of a video), steps the rate up and finds the highest rate the API answers with zero errors and its p95 within a bound.
 *
 * Open loop: each request is due at its scheduled time whether or not earlier ones have been answered, and its
 * latency counts from that time (no coordinated omission). Bounded: at most MAX_IN_FLIGHT requests are outstanding
 * and at most MAX_SOCKETS connections open; a request the generator could not send in time counts as an error.
 *
 * The API runs alone (start-api.ts, no site, so an admin edit sets off no build) with RATE_LIMITS=off (every request
 * comes from 127.0.0.1), on a fresh DATA_DIR with the demo content, on SQLite or on a given PostgreSQL database.
 */
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { codeFrom, mailFiles, waitForMail } from '../../tests/helpers/outbox.ts';
import { percentile } from './latency.ts';
import { BENCH_ADMIN, startProduct } from './product.ts';
import { postgresEnv } from './scale.ts';

/** What one request of the mix is: its share, and how it is sent. */
export type OperationName =
  'company' | 'sliders' | 'products' | 'search' | 'product' | 'count' | 'register' | 'order' | 'contact' | 'admin-edit';

/** Shares in percent of all requests: 72 reads, 28 writes. */
export const MIX: Readonly<Record<OperationName, number>> = {
  company: 15,
  sliders: 10,
  products: 16,
  search: 16,
  product: 15,
  count: 8,
  register: 3,
  order: 6,
  contact: 6,
  'admin-edit': 5,
};
const WRITES: ReadonlySet<OperationName> = new Set(['count', 'register', 'order', 'contact', 'admin-edit']);

const MAX_IN_FLIGHT = 512;
const MAX_SOCKETS = 128;
const TIMEOUT_MS = 5000;
const SEARCH_TERMS = ['design', 'coffee', 'headphones', 'portland', 'leather wallet', 'trav', 'jazz', 'studio light'];

/** `npm run bench:ci`'s short form: one 5 s step at a light rate on each database, judged on errors only. */
export const CI_MIXED_LOAD = { seconds: 5, fixedRps: 20 } as const;

export interface MixedLoadOptions {
  /** Seconds of load in all, calibration and steps (60 in the full bench). */
  seconds: number;
  /** A step counts only when its p95 is at most this many milliseconds (and it had no error). */
  p95BoundMs?: number;
  /** Seconds per step. */
  stepSeconds?: number;
  /** One step at this rate (no calibration, no search): the short form `npm run bench:ci` runs. */
  fixedRps?: number;
  /** PostgreSQL database to run on; unset, SQLite in the DATA_DIR. */
  databaseUrl?: string;
  log?: (line: string) => void;
}

export interface OperationStats {
  count: number;
  errors: number;
  p50: number;
  p95: number;
}

export interface StepResult {
  offeredRps: number;
  /** Answers per second over the step (answered requests / step seconds). */
  answeredRps: number;
  requests: number;
  writes: number;
  errors: number;
  /** The first few errors, as `<operation>: <status or reason>`. */
  errorSamples: string[];
  p50: number;
  p95: number;
  p99: number;
  /** Whether the step had no error and its p95 was within the bound. */
  ok: boolean;
  /** Per operation of the mix: what it cost at this rate. */
  operations: Partial<Record<OperationName, OperationStats>>;
}

export interface MixedLoadResult {
  database: 'SQLite' | 'PostgreSQL';
  seconds: number;
  p95BoundMs: number;
  stepSeconds: number;
  mix: Record<OperationName, number>;
  /** Closed-loop requests per second at 16 concurrent requests, where the steps start from (null at a fixed rate). */
  calibrationRps: number | null;
  steps: StepResult[];
  /** The highest offered rate with zero errors and p95 within the bound, or null when no step met that. */
  best: StepResult | null;
  /** Requests sent over the whole run, and of those writes (rows made or changed). */
  totalRequests: number;
  totalWrites: number;
}

interface Fixture {
  origin: string;
  adminToken: string;
  customerTokens: string[];
  productSlugs: string[];
  productIds: string[];
  video: Record<string, unknown> & { _id: string };
}

interface Sent {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  expect: number;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString('hex')}`;
const pick = <T>(list: readonly T[]): T => {
  const chosen = list[Math.floor(Math.random() * list.length)];
  if (chosen === undefined) throw new Error('nothing to pick from an empty list');
  return chosen;
};

/** The request one operation sends. */
function operation(name: OperationName, f: Fixture): Sent {
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  switch (name) {
    case 'company':
      return { method: 'GET', path: '/api/company', expect: 200 };
    case 'sliders':
      return { method: 'GET', path: '/api/sliders', expect: 200 };
    case 'products':
      return { method: 'GET', path: '/api/products', expect: 200 };
    case 'search':
      return { method: 'GET', path: `/api/search?k=${encodeURIComponent(pick(SEARCH_TERMS))}`, expect: 200 };
    case 'product':
      return { method: 'GET', path: `/api/products/${pick(f.productSlugs)}`, expect: 200 };
    case 'count':
      // A product page's view, from a browser of its own each time (a visitor counted, not a repeat or a bot).
      return {
        method: 'POST',
        path: '/api/activity',
        expect: 202,
        headers: { 'User-Agent': `Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0 Bench/${unique()}` },
        body: { kind: 'view', type: 'product', id: pick(f.productIds) },
      };
    case 'register': {
      const id = unique();
      return {
        method: 'POST',
        path: '/api/auth/register',
        expect: 201,
        body: {
          first_name: 'Load',
          last_name: 'Tester',
          email: `load.${id}@example.com`,
          username: `load_${id}`,
          password: 'harbour lantern evening tide',
          role: 'customer',
        },
      };
    }
    case 'order':
      return {
        method: 'POST',
        path: '/api/orders',
        expect: 201,
        headers: { ...auth(pick(f.customerTokens)), 'Idempotency-Key': `bench-${unique()}` },
        body: {
          lines: [{ productId: pick(f.productIds), quantity: 1 }],
          paymentMethod: 'manual',
          shipping: {
            name: 'Load Tester',
            line1: '1 Loopback Road',
            city: 'Localhost',
            postalCode: '12345',
            country: 'Testland',
          },
        },
      };
    case 'contact':
      return {
        method: 'POST',
        path: '/api/contact',
        expect: 201,
        body: {
          name: 'Load Tester',
          email: `contact.${unique()}@example.com`,
          subject: 'A question',
          message: 'Is the blue one in stock next week?',
        },
      };
    case 'admin-edit': {
      const {
        _id,
        name: videoName,
        title,
        description,
        youtube,
        category,
        quality,
        duration,
        tags,
        published,
      } = f.video;
      return {
        method: 'PUT',
        path: `/api/admin/videos/${_id}`,
        expect: 200,
        headers: auth(f.adminToken),
        body: {
          name: videoName,
          title: `${typeof title === 'string' ? title.slice(0, 60) : ''} ${unique().slice(-4)}`.trim(),
          description,
          youtube,
          category,
          quality,
          duration,
          tags,
          published,
        },
      };
    }
  }
}

/** The operation names, each repeated by its share: a random draw from this follows the mix. */
const DRAW: OperationName[] = (Object.entries(MIX) as [OperationName, number][]).flatMap(([name, share]) =>
  Array<OperationName>(share).fill(name),
);

interface Outcome {
  ok: boolean;
  ms: number;
  detail: string;
}

function send(agent: Agent, origin: string, sent: Sent, due: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = sent.body === undefined ? undefined : Buffer.from(JSON.stringify(sent.body));
    const url = new URL(sent.path, origin);
    let settled = false;
    const done = (ok: boolean, detail: string) => {
      if (settled) return;
      settled = true;
      resolve({ ok, ms: performance.now() - due, detail });
    };
    const req = request(
      url,
      {
        method: sent.method,
        agent,
        timeout: TIMEOUT_MS,
        headers: {
          Accept: 'application/json',
          Origin: origin,
          ...(body ? { 'Content-Type': 'application/json', 'Content-Length': String(body.byteLength) } : {}),
          ...sent.headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode === sent.expect, String(res.statusCode)));
        res.on('error', (e) => done(false, e.message));
      },
    );
    req.on('timeout', () => {
      req.destroy(new Error('timeout'));
    });
    req.on('error', (e) => done(false, e.message));
    req.end(body);
  });
}

async function json(
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  cookie?: string,
): Promise<{ status: number; data: unknown; cookies: string }> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Origin: origin,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // The cookies it set, as a Cookie header sends them back.
  const cookies = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { status: res.status, data: (await res.json().catch(() => null)) as unknown, cookies };
}

/** The admin's session, a few verified customers, products with stock enough for every order, the video to edit. */
async function prepare(origin: string, dataDir: string): Promise<Fixture> {
  const login = await json(origin, 'POST', '/api/auth/login', BENCH_ADMIN);
  if (login.status !== 200) throw new Error(`admin login answered ${login.status}`);
  const adminToken = (login.data as { token: string }).token;

  const customerTokens: string[] = [];
  for (let i = 0; i < 4; i++) {
    const email = `customer.${unique()}@example.com`;
    const before = mailFiles(dataDir);
    const made = await json(origin, 'POST', '/api/auth/register', {
      first_name: 'Load',
      last_name: `Customer ${i}`,
      email,
      username: `customer_${unique()}`,
      password: 'harbour lantern evening tide',
    });
    if (made.status !== 201)
      throw new Error(`registering a customer answered ${made.status}: ${JSON.stringify(made.data)}`);
    // A code works only in the browser that asked for it: its otp_browser cookie goes back with the code.
    const asked = await json(origin, 'POST', '/api/auth/request-otp', { email });
    const mail = await waitForMail(dataDir, { to: email, after: before, timeoutMs: 10_000 });
    const verified = await json(
      origin,
      'POST',
      '/api/auth/verify-otp',
      { email, otp: codeFrom(mail) },
      undefined,
      asked.cookies,
    );
    if (verified.status !== 200) throw new Error(`verifying a customer answered ${verified.status}`);
    customerTokens.push((verified.data as { token: string }).token);
  }

  const products = (await json(origin, 'GET', '/api/products')).data as { results: { _id: string; slug: string }[] };
  const forSale = products.results.filter((p) => p.slug);
  if (forSale.length === 0) throw new Error('the demo has no products');
  // Stock enough that no order of the run finds a product sold out (each order takes one).
  for (const p of forSale.slice(0, 8)) {
    const res = await json(origin, 'PUT', `/api/admin/products/${p._id}`, { stock: 1_000_000 }, adminToken);
    if (res.status !== 200) throw new Error(`restocking a product answered ${res.status}: ${JSON.stringify(res.data)}`);
  }
  const videos = (await json(origin, 'GET', '/api/admin/videos', undefined, adminToken)).data as {
    results: (Record<string, unknown> & { _id: string })[];
  };
  const video = videos.results[0];
  if (!video) throw new Error('the demo has no video to edit');
  const fixture: Fixture = {
    origin,
    adminToken,
    customerTokens,
    productSlugs: forSale.map((p) => p.slug),
    productIds: forSale.slice(0, 8).map((p) => p._id),
    video,
  };
  // Every operation once, in order: a mix that cannot succeed fails here, with its answer, not as a step's errors.
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    for (const name of Object.keys(MIX) as OperationName[]) {
      const sent = operation(name, fixture);
      const outcome = await send(agent, origin, sent, performance.now());
      if (!outcome.ok) {
        const res = await json(origin, sent.method, sent.path, sent.body, sent.headers?.['Authorization']?.slice(7));
        throw new Error(
          `${name} (${sent.method} ${sent.path}) answered ${outcome.detail}, not ${sent.expect}: ${JSON.stringify(res.data).slice(0, 300)}`,
        );
      }
    }
  } finally {
    agent.destroy();
  }
  return fixture;
}

interface Tally {
  latencies: number[];
  requests: number;
  writes: number;
  errors: number;
  errorSamples: string[];
  byOperation: Map<OperationName, { count: number; latencies: number[]; errors: number }>;
}

/** Offers `rps` requests per second for `seconds`, then waits for the outstanding ones. */
async function step(agent: Agent, f: Fixture, rps: number, seconds: number): Promise<Tally> {
  const tally: Tally = { latencies: [], requests: 0, writes: 0, errors: 0, errorSamples: [], byOperation: new Map() };
  const pending = new Set<Promise<void>>();
  const start = performance.now();
  const total = Math.round(rps * seconds);
  const fail = (what: string) => {
    tally.errors++;
    if (tally.errorSamples.length < 5) tally.errorSamples.push(what);
  };
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rps;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    tally.requests++;
    const name = pick(DRAW);
    if (WRITES.has(name)) tally.writes++;
    const mine = tally.byOperation.get(name) ?? { count: 0, latencies: [], errors: 0 };
    tally.byOperation.set(name, mine);
    mine.count++;
    if (pending.size >= MAX_IN_FLIGHT) {
      // Bounded: the generator does not queue without limit; the API has fallen this far behind.
      mine.errors++;
      fail(`${name}: more than ${MAX_IN_FLIGHT} requests outstanding`);
      continue;
    }
    const p: Promise<void> = send(agent, f.origin, operation(name, f), due).then((o) => {
      tally.latencies.push(o.ms);
      mine.latencies.push(o.ms);
      if (!o.ok) {
        mine.errors++;
        fail(`${name}: ${o.detail}`);
      }
      pending.delete(p);
    });
    pending.add(p);
  }
  await Promise.all(pending);
  return tally;
}

/** Closed loop: `concurrency` requests outstanding at all times for `seconds`; answers requests per second. */
async function calibrate(agent: Agent, f: Fixture, concurrency: number, seconds: number): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let answered = 0;
  const worker = async () => {
    while (performance.now() < end) {
      await send(agent, f.origin, operation(pick(DRAW), f), performance.now());
      answered++;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return answered / ((performance.now() - start) / 1000);
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const pct = (sorted: number[], p: number) => round1(sorted.length ? percentile(sorted, p) : Infinity);

function stepResult(rate: number, seconds: number, tally: Tally, p95BoundMs: number): StepResult {
  const sorted = tally.latencies.sort((a, b) => a - b);
  const operations: Partial<Record<OperationName, OperationStats>> = {};
  for (const [name, op] of tally.byOperation) {
    const mine = op.latencies.sort((a, b) => a - b);
    operations[name] = { count: op.count, errors: op.errors, p50: pct(mine, 50), p95: pct(mine, 95) };
  }
  const p95 = pct(sorted, 95);
  return {
    offeredRps: rate,
    answeredRps: round1(tally.latencies.length / seconds),
    requests: tally.requests,
    writes: tally.writes,
    errors: tally.errors,
    errorSamples: tally.errorSamples,
    p50: pct(sorted, 50),
    p95,
    p99: pct(sorted, 99),
    ok: tally.errors === 0 && p95 <= p95BoundMs,
    operations,
  };
}

/**
 * Calibrates (closed loop), then offers rates from 60 % of that upwards by 15 % a step while steps pass; after the
 * first failing step, halves the gap between the best passing and the lowest failing rate until the time is spent.
 * With `fixedRps`, one step at that rate instead.
 */
export async function runMixedLoad(
  origin: string,
  dataDir: string,
  opts: MixedLoadOptions & { database: 'SQLite' | 'PostgreSQL' },
): Promise<MixedLoadResult> {
  const log = opts.log ?? (() => undefined);
  const p95BoundMs = opts.p95BoundMs ?? 250;
  const { fixedRps } = opts;
  const fixed = fixedRps !== undefined;
  const stepSeconds = fixed ? opts.seconds : (opts.stepSeconds ?? 7);
  const calibrationSeconds = fixed ? 0 : 5;
  const fixture = await prepare(origin, dataDir);
  // FIFO: every open connection takes its turn, so none sits idle past the server's keep-alive timeout (5 s) and is
  // closed just as a request is sent on it (an ECONNRESET the server did not cause; LIFO, Node's default, leaves the
  // least used ones idle).
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, scheduling: 'fifo' });
  const steps: StepResult[] = [];
  let totalRequests = 0;
  let totalWrites = 0;
  const runStep = async (rate: number) => {
    const tally = await step(agent, fixture, rate, stepSeconds);
    totalRequests += tally.requests;
    totalWrites += tally.writes;
    const result = stepResult(rate, stepSeconds, tally, p95BoundMs);
    steps.push(result);
    log(
      `  ${opts.database}: ${rate} req/s offered for ${stepSeconds} s: p50 ${result.p50} ms, p95 ${result.p95} ms, ${result.errors} errors${result.ok ? '' : ` (over the bound${result.errorSamples.length ? `: ${result.errorSamples.join('; ')}` : ''})`}`,
    );
    return result;
  };
  try {
    let calibrationRps: number | null = null;
    if (fixed) {
      await runStep(fixedRps);
    } else {
      calibrationRps = await calibrate(agent, fixture, 16, calibrationSeconds);
      log(`  ${opts.database}: closed loop at 16 concurrent: ${calibrationRps.toFixed(0)} req/s`);
      const budgetEnd = performance.now() + (opts.seconds - calibrationSeconds) * 1000;
      let rate = Math.max(5, Math.round(calibrationRps * 0.6));
      let lowestFailing = Infinity;
      while (performance.now() + stepSeconds * 1000 <= budgetEnd + 500) {
        const result = await runStep(rate);
        if (!result.ok) lowestFailing = Math.min(lowestFailing, rate);
        const best = Math.max(0, ...steps.filter((s) => s.ok).map((s) => s.offeredRps));
        const next =
          lowestFailing === Infinity
            ? Math.round(rate * 1.15)
            : Math.round((Math.max(best, rate * 0.5) + lowestFailing) / 2);
        // The gap is closed to within 3 %: the rest of the time is not spent on rates already known.
        if (lowestFailing !== Infinity && (next >= lowestFailing || lowestFailing - next < lowestFailing * 0.03)) break;
        rate = Math.max(5, next);
        // A pause for the outstanding work (WAL checkpoints, autovacuum) of the step before.
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    const passing = steps.filter((s) => s.ok);
    const best = passing.length ? passing.reduce((a, b) => (b.offeredRps > a.offeredRps ? b : a)) : null;
    return {
      database: opts.database,
      seconds: opts.seconds,
      p95BoundMs,
      stepSeconds,
      mix: { ...MIX },
      calibrationRps: calibrationRps === null ? null : round1(calibrationRps),
      steps,
      best,
      totalRequests,
      totalWrites,
    };
  } finally {
    agent.destroy();
  }
}

/** Starts the API alone on a fresh DATA_DIR with the demo content (SQLite, or the given PostgreSQL database) and runs the load. */
export async function measureMixedLoad(opts: MixedLoadOptions): Promise<MixedLoadResult> {
  const database = opts.databaseUrl ? 'PostgreSQL' : 'SQLite';
  const product = await startProduct({
    mode: 'api',
    seed: 'demo',
    env: { RATE_LIMITS: 'off', ...postgresEnv(opts.databaseUrl) },
  });
  try {
    opts.log?.(`  ${database}: API with the demo content ready in ${product.readySeconds.toFixed(1)} s`);
    return await runMixedLoad(product.origin, product.dataDir, { ...opts, database });
  } finally {
    await product.stop();
  }
}

if (import.meta.main) {
  // node scripts/bench/mixed-load.ts [seconds] [postgres://… database] [fixed req/s]
  const seconds = Number(process.argv[2] ?? 60);
  const databaseUrl = process.argv[3] === '' ? undefined : process.argv[3];
  const fixedRps = process.argv[4] ? Number(process.argv[4]) : undefined;
  const result = await measureMixedLoad({
    seconds,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(fixedRps ? { fixedRps } : {}),
    log: console.log,
  });
  console.log(JSON.stringify(result, null, 2));
}
