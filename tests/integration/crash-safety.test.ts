/**
 * Crash safety on every write: sequential writes of every kind through the real HTTP API, the
 * product process killed with SIGKILL at a random moment (20 rounds, seeded: the seed is printed, CRASH_SEED=<n>
 * replays it), restarted on the same DATA_DIR (and DATABASE_URL), then: every write acknowledged with 2xx is there
 * with all its fields, every media row's file exists and decodes, no orphan or temp file is left after the start-up
 * sweep, the database's integrity checks pass on what the kill left, and new writes succeed. Then an upload killed
 * while streaming and while being stored, and a site rebuild killed half-way (the previous site stays live, the
 * half-built directory is swept, the build process does not outlive the server). The rounds run the API alone
 * (start-api.ts: the same preparation as npm start without a site build at every start); the rebuild kills run
 * npm start's own entry.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, watch, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_MARKER } from '../../src/server/site/build-site.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import {
  expectAcknowledgedWrites,
  expectDatabaseIntact,
  expectMediaConsistent,
  mediaRows,
  openCheckConnection,
  pendingMediaCount,
  referencedMedia,
  unreferencedMedia,
  usersNamed,
} from '../helpers/crash-checks.ts';
import { createPrng, crashSeed } from '../helpers/crash-prng.ts';
import { CrashLedger, WRITE_NAMES, writeUntilGone, type WriterContext } from '../helpers/crash-writer.ts';
import { processesMentioning, startProductProcess, type ProductProcess } from '../helpers/product-process.ts';
import { prepareTestData, TEST_ADMIN_PASSWORD } from '../helpers/test-app.ts';
import { dropTestDatabase, onPostgres, testDatabaseFor } from '../helpers/test-database.ts';

const ROUNDS = 20;
const CUSTOMER_PASSWORD = 'a buyer passphrase 2026';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const seed = crashSeed();
const rng = createPrng(seed);
console.log(`crash-safety (${onPostgres ? 'postgres' : 'sqlite'}): seed ${seed} (CRASH_SEED=${seed} replays it)`);

let root: string;
let dataDir: string;
let product: ProductProcess | undefined;
const ledger = new CrashLedger();
/** Media files already decoded whole by an earlier check. */
const decoded = new Set<string>();
/** Media rows the kills left pending (stored, no record yet), summed over the rounds. */
let pendingAfterKills = 0;
/** What the integrity checks covered, printed once per run. */
const checkNotes: string[] = [];
const ctx: WriterContext = {
  origin: '',
  adminToken: '',
  customerToken: '',
  productId: randomUUID(),
  rng,
  ledger,
  tag: '',
};
const env = () => ({ DATA_DIR: dataDir, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });

async function start(
  script: 'start.ts' | 'start-api.ts' = 'start-api.ts',
  extra: Record<string, string> = {},
): Promise<ProductProcess> {
  product = await startProductProcess({ ...env(), ...extra }, 60_000, script);
  ctx.origin = product.origin;
  // Sessions are rows too: the ones signed in before a kill keep working after it.
  if (!ctx.adminToken) {
    ctx.adminToken = await login('admin', TEST_ADMIN_PASSWORD);
    ctx.customerToken = await login('buyer', CUSTOMER_PASSWORD);
  }
  return product;
}

async function killNow(): Promise<void> {
  assert(product, 'a product process is running');
  product.kill();
  await product.exited;
  product = undefined;
}

async function login(username: string, password: string): Promise<string> {
  const res = await fetch(`${ctx.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Resolves once `done()` holds, or after `timeoutMs` anyway (the caller kills then). */
async function waitUntil(done: () => boolean, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !done() && Date.now() < deadline;) await sleep(10);
}

/** SIGKILLs the product at the `n`-th change seen in media/ (a temp file made, renamed or removed). */
function killOnMediaEvent(n: number): { fired: Promise<void>; seen(): number; close(): void } {
  const dir = join(dataDir, 'media');
  mkdirSync(dir, { recursive: true });
  let seen = 0;
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => (fire = resolve));
  const watcher = watch(dir, () => {
    if (++seen === n) {
      product?.kill();
      fire();
    }
  });
  return { fired, seen: () => seen, close: () => watcher.close() };
}

/** The database as the kill left it, before any restart touches it. */
async function expectIntactAfterKill(amcheck = true): Promise<void> {
  const conn = await openCheckConnection(dataDir);
  try {
    const note = await expectDatabaseIntact(conn, { amcheck });
    if (!checkNotes.includes(note)) checkNotes.push(note);
    pendingAfterKills += await pendingMediaCount(conn);
  } finally {
    await conn.close();
  }
}

/** After a restart: every acknowledged write, the media store against its rows. */
async function expectAllThere(): Promise<void> {
  const conn = await openCheckConnection(dataDir);
  try {
    await expectAcknowledgedWrites(ctx, (names) => usersNamed(conn, names));
    await expectMediaConsistent(join(dataDir, 'media'), await mediaRows(conn), referencedMedia(ledger), decoded);
    // The start-up sweep removed every file a kill left between its store and its record (or its release).
    expect(await unreferencedMedia(conn), 'stored files no record names').toEqual([]);
  } finally {
    await conn.close();
  }
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'crash-safety-'));
  dataDir = join(root, 'data');
  const data = await prepareTestData({ dataDir });
  const now = new Date().toISOString();
  await data.db
    .insertInto('products')
    .values({
      id: ctx.productId,
      name: 'Crash Test Lamp',
      slug: 'crash-test-lamp',
      price_cents: 1250,
      stock: 1_000_000,
      published: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await data.db
    .insertInto('users')
    .values({
      id: randomUUID(),
      first_name: 'Bea',
      last_name: 'Buyer',
      email: 'buyer@example.com',
      username: 'buyer',
      username_key: 'buyer',
      password_hash: await hashPassword(CUSTOMER_PASSWORD),
      email_verified: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await data.db.destroy();
});

afterAll(async () => {
  product?.kill();
  for (const pid of processesMentioning(root)) process.kill(pid, 'SIGKILL');
  const url = await testDatabaseFor(dataDir).catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
  await dropTestDatabase(url);
});

describe('SIGKILL at random moments during writes of every kind', () => {
  it(`loses no acknowledged write in ${ROUNDS} rounds, and leaves the media store and the database consistent`, async () => {
    const started = Date.now();
    const perRound: string[] = [];
    const spent = { start: 0, check: 0, write: 0, integrity: 0 };
    const timed = async <T>(phase: keyof typeof spent, work: () => Promise<T>): Promise<T> => {
      const t0 = Date.now();
      try {
        return await work();
      } finally {
        spent[phase] += Date.now() - t0;
      }
    };
    for (let round = 1; round <= ROUNDS; round++) {
      await timed('start', () => start());
      if (round > 1) await timed('check', expectAllThere);
      ctx.tag = `r${round}`;
      // The kill comes at a random time; or a random time after a random number of writes were acknowledged (so
      // every round has some, however slow the machine); or at a random file event in media/, inside a store's
      // narrow window between a file's write and its row's insert (or between a picture's variants).
      const mode = rng.pick(['time', 'acks', 'media'] as const);
      const onMediaEvent = mode === 'media' ? rng.int(1, 12) : 0;
      const afterAcks = mode === 'acks' ? rng.int(1, 5) : 0;
      const killAfter = mode === 'time' ? rng.int(50, 2000) : mode === 'acks' ? rng.int(0, 400) : 4000;
      const watcher = onMediaEvent ? killOnMediaEvent(onMediaEvent) : undefined;
      const ackedBefore = ledger.total;
      const writer = writeUntilGone(ctx);
      await timed('write', async () => {
        if (afterAcks) await Promise.race([waitUntil(() => ledger.total - ackedBefore >= afterAcks, 8000), writer]);
        await Promise.race([sleep(killAfter), writer, watcher?.fired]);
        watcher?.close();
        await killNow();
      });
      const acknowledged = await writer;
      // Media rounds always have a watcher (their event number is at least 1).
      const seen = watcher?.seen() ?? 0;
      const when =
        mode === 'media'
          ? `media event ${onMediaEvent}${seen < onMediaEvent ? ` (timed out after ${seen})` : ''}`
          : mode === 'acks'
            ? `${killAfter}ms after ${afterAcks} acks`
            : `${killAfter}ms`;
      perRound.push(`${acknowledged}${ledger.inFlight ? `+${ledger.inFlight.kind}?` : ''}@${when}`);
      // amcheck (PostgreSQL's index and heap verification) every fourth round and at the end: it is the slow part.
      await timed('integrity', () => expectIntactAfterKill(round % 4 === 0));
    }
    // A last restart: everything is there, and new writes of every kind succeed and stay.
    await start();
    await expectAllThere();
    ctx.tag = 'after';
    for (const name of WRITE_NAMES) expect(await writeUntilGone(ctx, 1, [name]), name).toBe(1);
    assert(product, 'the product process is running');
    product.child.kill('SIGTERM');
    expect(await product.exited).toBe(0);
    await expectIntactAfterKill();
    await start();
    await expectAllThere();
    await killNow();
    console.log(
      `crash-safety: ${pendingAfterKills} pending media file(s) left by the kills, each removed or claimed by the next start's sweep`,
    );
    console.log(
      `crash-safety: ${ROUNDS} rounds in ${((Date.now() - started) / 1000).toFixed(1)} s; ms spent ${JSON.stringify(spent)}; ${checkNotes.filter((n) => !checkNotes.some((other) => other !== n && other.startsWith(n))).join('; ')}; acknowledged per round ${perRound.join(' ')}; totals ${JSON.stringify(ledger.counts)}`,
    );
  }, 300_000);
});

/** A noisy picture just under the 5 MiB upload limit, so storing it takes a while (decode, WebP and AVIF encodes). */
async function largePicture(): Promise<Buffer> {
  const width = 1300;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 4) pixels.writeUInt32LE(Math.floor(rng.next() * 2 ** 32), i);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** POST /api/admin/photos/upload over node:http, written in chunks: `onProgress` sees how much is sent. */
function streamUpload(
  picture: Buffer,
  onProgress: (sent: number, total: number) => Promise<void>,
): Promise<{ status: number; body: string } | undefined> {
  const boundary = `----crash${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="title"\r\n\r\nBig upload\r\n--${boundary}\r\ncontent-disposition: form-data; name="published"\r\n\r\ntrue\r\n--${boundary}\r\ncontent-disposition: form-data; name="photo"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`,
  );
  const body = Buffer.concat([head, picture, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const url = new URL(`${ctx.origin}/api/admin/photos/upload`);
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${ctx.adminToken}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', () => resolve(undefined));
      },
    );
    req.on('error', () => resolve(undefined));
    void (async () => {
      const CHUNK = 64 * 1024;
      for (let sent = 0; sent < body.length; sent += CHUNK) {
        if (req.destroyed) return;
        req.write(body.subarray(sent, sent + CHUNK));
        await onProgress(Math.min(sent + CHUNK, body.length), body.length);
      }
      req.end();
    })();
  });
}

describe('a killed upload', () => {
  it('leaves no orphan or temp file whether killed while streaming or while storing, and later uploads succeed', async () => {
    const picture = await largePicture();
    expect(picture.length).toBeLessThan(5 * 1024 * 1024);
    expect(picture.length).toBeGreaterThan(2 * 1024 * 1024);

    // Killed half-way through the body.
    await start();
    const killAt = rng.int(20, 80) / 100;
    const streamed = streamUpload(picture, async (sent, total) => {
      await sleep(5);
      if (product && sent / total >= killAt) await killNow();
    });
    expect(await streamed).toBeUndefined();
    await expectIntactAfterKill();
    await start();
    await expectAllThere();

    // Killed once the whole body is sent, while the server decodes, encodes and stores it.
    const storeKillAfter = rng.int(0, 1500);
    let answer: { status: number; body: string } | undefined;
    const whole = streamUpload(picture, async (sent, total) => {
      if (sent === total) {
        await sleep(storeKillAfter);
        if (!answer) await killNow();
      }
    }).then((a) => (answer = a));
    await whole;
    if (product) await killNow();
    if (answer) {
      expect(answer.status).toBe(201);
      const photo = (JSON.parse(answer.body) as { photo: Record<string, unknown> }).photo;
      ledger.ack('photo', String(photo['_id']), photo);
    }
    console.log(
      `crash-safety: upload killed at ${Math.round(killAt * 100)} % of the body, then ${storeKillAfter} ms after it (${answer ? 'answered first' : 'unanswered'})`,
    );
    await expectIntactAfterKill();
    await start();
    await expectAllThere();
    ctx.tag = 'upload';
    expect(await writeUntilGone(ctx, 2, ['photo'])).toBe(2);
    await expectAllThere();
    await killNow();
  }, 120_000);
});

describe('a killed rebuild', () => {
  const PREVIOUS = `Previous site ${randomUUID()}`;

  /** A complete build as an earlier run would have left it (site-swap.test.ts writes its builds the same way). */
  function writePreviousBuild(dir: string): void {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${PREVIOUS}</title><h1>${PREVIOUS}</h1>`);
    writeFileSync(join(dir, '404.html'), `<h1>404 ${PREVIOUS}</h1>`);
    writeFileSync(join(dir, BUILD_MARKER), '{}\n');
  }

  async function waitFor(what: string, done: () => boolean, timeoutMs: number): Promise<void> {
    for (const deadline = Date.now() + timeoutMs; !done();) {
      if (Date.now() > deadline)
        throw new Error(`${what} did not happen within ${timeoutMs} ms:\n${product?.output().slice(-2000) ?? ''}`);
      await sleep(50);
    }
  }

  const home = async () => {
    const res = await fetch(`${ctx.origin}/`);
    return { status: res.status, text: await res.text() };
  };

  it('keeps the previous site live, sweeps the half-built directory and leaves no build process running', async () => {
    const distDir = join(root, 'dist');
    const next = `${distDir}.next`;
    writePreviousBuild(distDir);
    const site = { DIST_DIR: distDir };

    await start('start.ts', site);
    expect(await home()).toMatchObject({ status: 200, text: expect.stringContaining(PREVIOUS) as unknown });
    // Each restart builds again: the second kill comes during the build the first restart began.
    for (const how of ['process group', 'server process only'] as const) {
      // The build under way writes into <DIST_DIR>.next; kill the server some moment into it.
      await waitFor('the build starting', () => processesMentioning(next).length > 0, 30_000);
      const after = rng.int(200, 1500);
      await sleep(after);
      console.log(`crash-safety: rebuild killed ${after} ms into the build (${how})`);
      if (how === 'process group') {
        await killNow();
      } else {
        // `kill -9 <pid>` of the server alone: the build it started must not outlive it and go on writing.
        assert(product, 'the server is running');
        const { child } = product;
        assert.exists(child.pid, 'the server has a process id');
        process.kill(child.pid, 'SIGKILL');
        await product.exited;
        product = undefined;
        try {
          await waitFor('the orphaned build ending', () => processesMentioning(next).length === 0, 10_000);
        } finally {
          for (const pid of processesMentioning(next)) process.kill(pid, 'SIGKILL');
        }
      }
      // What a build killed half-way leaves beside DIST_DIR; the next start must not serve or keep it.
      mkdirSync(next, { recursive: true });
      writeFileSync(join(next, 'stale-from-killed-build.html'), 'half');
      await expectIntactAfterKill();

      await start('start.ts', site);
      expect(existsSync(join(next, 'stale-from-killed-build.html'))).toBe(false);
      expect(await home()).toMatchObject({ status: 200, text: expect.stringContaining(PREVIOUS) as unknown });
      await expectAllThere();
      // New writes succeed while the new build runs.
      ctx.tag = `rebuild-${how.replace(/\W/g, '')}`;
      expect(await writeUntilGone(ctx, 2, ['blog', 'company'])).toBe(2);
    }
    await killNow();
    for (const pid of processesMentioning(next)) process.kill(pid, 'SIGKILL');
    rmSync(`${distDir}.next`, { recursive: true, force: true });
  }, 120_000);
});
