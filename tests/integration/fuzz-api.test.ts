/**
 * Property-based fuzzing of every API route (security.md R45, R47, R48, R63): each route the app
 * registers gets, from an admin, a customer and nobody, bodies of the wrong types, huge texts, unicode edge cases,
 * injection strings, prototype-pollution keys, bad query strings and path parameters, and the upload routes get
 * hostile multipart forms. Never a 5xx; every 4xx a JSON { message }; no stack, SQL or path in any answer; a request
 * not answered 2xx changes no record (attempt counters aside: fuzz-snapshot.ts); Object.prototype untouched.
 *
 * Seeds are fixed (FUZZ_SEED overrides the base, FUZZ_RUNS the runs per route); a failure prints its seed and path.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from '../../src/server/media/storage/media-storage.ts';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { createHarness, makePictures, type Harness, type Pictures } from '../helpers/fuzz-harness.ts';
import {
  apiRoutes,
  EXTRA_FIELDS,
  fillPath,
  harvest,
  probeFields,
  probeFileFields,
  readFor,
  sampleValues,
  schemaFieldNames,
  type Harvest,
  type Route,
} from '../helpers/fuzz-model.ts';
import {
  FILE_FIELDS,
  requestArbitrary,
  type Caller,
  type FuzzRequest,
  type RouteKnowledge,
} from '../helpers/fuzz-requests.ts';
import { REFUSAL_MAY_CHANGE, snapshotDiff, snapshotter } from '../helpers/fuzz-snapshot.ts';
import { POLLUTION_MARK } from '../helpers/fuzz-values.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const BASE_SEED = Number(process.env['FUZZ_SEED'] ?? 22_0005);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 10);
/** FUZZ_ROUTES (a regular expression over 'METHOD /path') narrows a run to some routes while chasing a failure. */
const ONLY = new RegExp(process.env['FUZZ_ROUTES'] ?? '');

/** A route's own seed: the base mixed with its name, so adding a route does not reshuffle the others. */
function seedFor(key: string, salt = 0): number {
  let h = (BASE_SEED ^ salt) >>> 0;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 16_777_619) >>> 0;
  return h | 0;
}

/** Runs one property over a route's requests; a failure's report (seed, path, counterexample) or null. */
async function fuzzRoute(
  harness: Harness,
  pictures: Pictures,
  route: Route,
  arbitrary: fc.Arbitrary<FuzzRequest>,
  seed: number,
  numRuns: number,
): Promise<string | null> {
  let inFlight: Promise<unknown> = Promise.resolve();
  const property = fc.asyncProperty(arbitrary, async (request) => {
    const judged = harness.judge(route, request, pictures);
    inFlight = judged.catch(() => undefined);
    const problems = await judged;
    if (problems.length > 0) throw new Error(problems.join('\n'));
  });
  // A failure is shrunk (its requests replay against a database earlier runs changed). A route that takes over 20 s
  // (a machine far slower than CI) stops with the runs it made rather than hold up the suite.
  const details = await fc.check(property, {
    seed,
    numRuns,
    plugins: [fc.interruptAfterTimeLimit(20_000, { failOnInterrupt: false })],
  });
  // The time limit races the request under way rather than waiting for it: it must end (and its writes be taken into
  // the baseline) before the next route's requests are judged, or they would be blamed for them.
  await inFlight;
  if (!details.failed) return null;
  const example = fc.stringify(details.counterexample).slice(0, 1500);
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return `${route.key}: ${error.slice(0, 1500)}\n  (FUZZ_SEED=${BASE_SEED}; seed ${seed}, path "${details.counterexamplePath}"; after ${details.numRuns} runs, shrunk ${details.numShrinks} times)\n  counterexample: ${example}`;
}

interface Model {
  routes: Route[];
  knowledge: Map<string, RouteKnowledge>;
}

/** Learns the routes, fields, ids and skeleton bodies from the app itself (fuzz-model.ts). */
async function learn(t: TestApp): Promise<Model> {
  const routes = apiRoutes(t.app);
  let admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  // A probe may sign the admin out (POST /api/auth/logout takes any body): then it signs in again.
  const signedIn = async () => {
    if ((await t.request('/api/auth/me', { headers: { authorization: `Bearer ${admin}` } })).status !== 200)
      admin = await t.login('admin', TEST_ADMIN_PASSWORD);
    return admin;
  };
  const found: Harvest = await harvest(t.app, routes, admin);
  const samples = sampleValues(found);
  const names = new Set(
    [...(await schemaFieldNames()), ...found.keys, ...EXTRA_FIELDS].filter((k) => k.length > 0 && k.length <= 40),
  );
  const keys = [...names].sort();
  const allIds = [...new Set([...found.ids.values(), ...found.slugs.values()].flat())].sort();
  const knowledge = new Map<string, RouteKnowledge>();
  for (const route of routes) {
    const read = readFor(route, found);
    const ids = read ? [...(found.ids.get(read) ?? []), ...(found.slugs.get(read) ?? [])] : [];
    const objects = read ? (found.objects.get(read) ?? []) : [];
    const skeletons: Record<string, unknown>[] = objects.slice(0, 2);
    if (route.method !== 'GET') {
      const url = fillPath(
        route.path,
        route.params.map(() => encodeURIComponent(ids[0] ?? allIds[0] ?? 'x')),
      );
      const probed = await probeFields(t.app, route, url, await signedIn(), samples);
      if (Object.keys(probed).length > 0) skeletons.unshift(probed);
    }
    const fileFields = route.upload
      ? await probeFileFields(
          t.app,
          route,
          fillPath(
            route.path,
            route.params.map(() => encodeURIComponent(ids[0] ?? 'x')),
          ),
          await signedIn(),
          FILE_FIELDS,
        )
      : [];
    const routeKeys = [...new Set([...skeletons.flatMap((s) => Object.keys(s)), ...keys])];
    // A DELETE by an admin with a real id would empty the demo data early; refusals of real ids are what matters there.
    knowledge.set(route.key, {
      keys: routeKeys,
      skeletons,
      ids: route.method === 'DELETE' ? [] : ids.length > 0 ? ids : allIds.slice(0, 20),
      queryKeys: keys,
      fileFields,
    });
  }
  return { routes, knowledge };
}

/** What was learnt of a route; every route the app registers was probed. */
function knowledgeOf(route: Route): RouteKnowledge {
  const knowledge = model.knowledge.get(route.key);
  assert(knowledge, `${route.key} was probed`);
  return knowledge;
}

let t: TestApp;
let model: Model;
let pictures: Pictures;
let harness: Harness;
// Each hook hands back its own cleanup, so what was made is closed whichever step fails.
beforeAll(async () => {
  // Thousands of refusals are expected here; their log lines are not.
  setAuthLogSink(() => undefined);
  t = await createTestApp({ seed: 'demo', env: { RATE_LIMITS: 'off' } });
  return () => t.close();
}, 120_000);
beforeAll(async () => {
  pictures = await makePictures();
  model = await learn(t);
  harness = await createHarness(t);
  return () => {
    if (process.env['FUZZ_VERBOSE'])
      console.log(
        JSON.stringify({
          requests: harness.stats.requests,
          refused: harness.stats.refused,
          fullSnapshots: harness.stats.fullSnapshots,
          byStatus: Object.fromEntries(harness.stats.byStatus),
        }),
      );
  };
}, 120_000);
afterAll(() => {
  setAuthLogSink(null);
});

describe('API fuzz (rate limits off)', () => {
  it('finds every route of the app, the upload routes and their file fields among them', () => {
    expect(model.routes.length).toBeGreaterThan(100);
    expect(model.routes.filter((r) => r.upload).map((r) => r.key)).toEqual(
      expect.arrayContaining(['POST /api/admin/photos/upload', 'PUT /api/company']),
    );
    expect(model.knowledge.get('PUT /api/company')?.fileFields).toEqual(['logo', 'logo_dark', 'icon']);
    expect(model.knowledge.get('POST /api/admin/photos/upload')?.fileFields).toEqual(['photo']);
  });

  it('answers hostile JSON bodies, query strings and path parameters on every route without a 5xx or a changed record', async () => {
    const failures: string[] = [];
    const took: [string, number][] = [];
    for (const route of model.routes.filter((r) => ONLY.test(r.key))) {
      const started = performance.now();
      const failure = await fuzzRoute(
        harness,
        pictures,
        route,
        requestArbitrary(route, knowledgeOf(route)),
        seedFor(route.key),
        RUNS,
      );
      took.push([route.key, Math.round(performance.now() - started)]);
      if (failure) failures.push(failure);
    }
    if (process.env['FUZZ_VERBOSE']) console.log(took.sort((a, b) => b[1] - a[1]).slice(0, 15));
    expect(failures).toEqual([]);
    // The callers reached the handlers: not everything was refused at the door.
    if (!process.env['FUZZ_ROUTES']) expect(harness.stats.refused).toBeGreaterThan(model.routes.length);
  }, 300_000);

  it('answers hostile multipart uploads on every upload route without a 5xx, a changed record or a file left behind', async () => {
    const failures: string[] = [];
    const callers: Caller[] = ['admin', 'admin', 'admin', 'admin', 'customer', 'none'];
    for (const route of model.routes.filter((r) => r.upload && ONLY.test(r.key))) {
      const arbitrary = requestArbitrary(route, knowledgeOf(route), { multipart: true, callers });
      const failure = await fuzzRoute(harness, pictures, route, arbitrary, seedFor(route.key, 1), RUNS * 2);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('notices a changed record or a new stored file (the check above can fail)', async () => {
    const { mark, snapshot } = snapshotter(t.db, t.dataDir);
    const [markBefore, before] = [await mark(), await snapshot()];
    await sql`UPDATE users SET first_name = first_name || 'x' WHERE username = 'admin'`.execute(t.db);
    mkdirSync(mediaDir(t.dataDir), { recursive: true });
    writeFileSync(join(mediaDir(t.dataDir), 'fuzz-left-behind.webp'), 'x');
    expect(await mark()).not.toBe(markBefore);
    const diff = snapshotDiff(before, await snapshot());
    expect(diff.some((line) => line.startsWith('users:'))).toBe(true);
    expect(diff.some((line) => line.includes('fuzz-left-behind.webp'))).toBe(true);
  });

  it('leaves Object.prototype as it was', () => {
    expect(Object.hasOwn(Object.prototype, POLLUTION_MARK)).toBe(false);
    expect(({} as Record<string, unknown>)[POLLUTION_MARK]).toBeUndefined();
    expect(({} as Record<string, unknown>)['role']).toBeUndefined();
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
  });
});

describe('API fuzz (rate limits on)', () => {
  let limited: TestApp;
  let limitedHarness: Harness;
  beforeAll(async () => {
    limited = await createTestApp({ seed: 'none' });
    return () => limited.close();
  }, 60_000);
  beforeAll(async () => {
    limitedHarness = await createHarness(limited, { exclusions: REFUSAL_MAY_CHANGE });
  }, 60_000);

  it('answers the public writes 429 with Retry-After once their limits are reached, never a 5xx or a changed record', async () => {
    // The public writes: those a caller without a token is not refused 401 for (sign-in, sign-up, codes, forms, checkout).
    const routes = apiRoutes(limited.app).filter((r) => r.method !== 'GET');
    const open: Route[] = [];
    for (const route of routes) {
      const res = await limited.request(
        fillPath(
          route.path,
          route.params.map(() => 'x'),
        ),
        { method: route.method, headers: { 'content-type': 'application/json' }, body: '{}' },
      );
      if (res.status !== 401 && res.status !== 403) open.push(route);
    }
    expect(open.map((r) => r.key)).toContain('POST /api/auth/login');
    const failures: string[] = [];
    for (const route of open.filter((r) => ONLY.test(r.key))) {
      const knowledge = knowledgeOf(route);
      const failure = await fuzzRoute(
        limitedHarness,
        pictures,
        route,
        requestArbitrary(route, knowledge, { callers: ['none', 'customer'] }),
        seedFor(route.key, 2),
        RUNS * 3,
      );
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
    if (process.env['FUZZ_VERBOSE'])
      console.log(JSON.stringify({ limited: Object.fromEntries(limitedHarness.stats.byStatus) }));
    // The limits were reached: the property saw them refuse.
    if (!process.env['FUZZ_ROUTES']) expect(limitedHarness.stats.byStatus.get(429) ?? 0).toBeGreaterThan(0);
  }, 300_000);
});
