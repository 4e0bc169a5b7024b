/**
 * Proof that the API scales out: two API processes (scripts/start-api.ts, each with a DATA_DIR of its own) on one
 * PostgreSQL database and one S3 bucket behave as one: a write through one is read through the other, a login limit
 * counts attempts made through both, a branding change on one is seen at once by the other, an upload through one is
 * served by the other, site rebuilds (build-hook calls) never overlap across them, a scheduled publish is made once
 * though both run the schedule, and after a kill -9 of one the other keeps answering. Runs in the `node-postgres` project only.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_ADDRESS } from '../../src/server/modules/auth/auth-limits.ts';
import type { Company, Photo } from '../../src/shared/types.ts';
import { type Answer, type ApiBody, type CallOptions, fetchFrom, jsonClient } from '../helpers/json-client.ts';
import { startProductProcess, type ProductProcess } from '../helpers/product-process.ts';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.ts';
import { TEST_ADMIN_PASSWORD } from '../helpers/test-app.ts';
import { databaseEnv, dropTestDatabase, onPostgres, testDatabaseFor } from '../helpers/test-database.ts';

let s3: S3TestServer;
let root: string;
let databaseUrl: string | undefined;
let a: ProductProcess;
let b: ProductProcess;
let hook: Server;
/** Build-hook calls: how many are under way now, the most at once, and how many ended. */
const calls = { now: 0, most: 0, done: 0 };

// Each hook hands back its own cleanup, so what was started is stopped whichever step fails.
beforeAll(async () => {
  expect(onPostgres).toBe(true);
  s3 = await startS3Server();
  return () => s3.stop();
});
beforeAll(async () => {
  // The CDN's build hook: each call takes 600 ms to answer.
  hook = createServer((_req, res) => {
    calls.now++;
    calls.most = Math.max(calls.most, calls.now);
    setTimeout(() => {
      calls.now--;
      calls.done++;
      res.writeHead(200).end('{}');
    }, 600);
  });
  hook.listen(0, '127.0.0.1');
  await once(hook, 'listening');
  return () => {
    hook.close();
  };
});
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'two-instances-'));
  return () => {
    rmSync(root, { recursive: true, force: true });
  };
});
beforeAll(async () => {
  databaseUrl = await testDatabaseFor(join(root, 'a'));
  return () => dropTestDatabase(databaseUrl);
});
/** The environment both instances share: the database, the bucket and the build hook. */
const shared = () => ({
  ...databaseEnv(databaseUrl),
  ...s3.env,
  ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
  RATE_LIMITS: 'on',
  REBUILD_WEBHOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build`,
});
beforeAll(async () => {
  a = await startProductProcess({ ...shared(), DATA_DIR: join(root, 'a') }, 60_000, 'start-api.ts');
  return () => a.kill();
}, 120_000);
beforeAll(async () => {
  // The second finds the database prepared by the first: nothing to migrate, the admin already there.
  b = await startProductProcess({ ...shared(), DATA_DIR: join(root, 'b') }, 60_000, 'start-api.ts');
  return () => b.kill();
}, 120_000);

/** A JSON call to one of the instances. */
function call<B = ApiBody>(
  instance: ProductProcess,
  method: string,
  path: string,
  options?: CallOptions,
): Promise<Answer<B>> {
  return jsonClient(fetchFrom(instance.origin))<B>(method, path, options);
}

const login = async (instance: ProductProcess, username: string, password: string) =>
  call<{ token: string }>(instance, 'POST', '/api/auth/login', { body: { username, password } });

describe('two API instances on one PostgreSQL and one bucket', () => {
  let token: string;

  it('prepared the database once: the second instance applied no migration', () => {
    expect(a.output()).toMatch(/migrations applied/);
    expect(b.output()).not.toMatch(/migrations applied/);
    expect(b.output()).not.toMatch(/first admin created/);
  });

  it('a session made on one is honoured by the other, and a write through one is read through the other', async () => {
    const signedIn = await login(a, 'admin', TEST_ADMIN_PASSWORD);
    expect(signedIn.status).toBe(200);
    token = signedIn.body.token;
    expect((await call(b, 'GET', '/api/auth/me', { token })).status).toBe(200);

    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Written on A',
      caption: 'Read on B',
      category: 'Business',
      published: 'true',
    }))
      form.append(name, value);
    const created = await call<{ blog: { slug: string } }>(a, 'POST', '/api/admin/blogs', { token, body: form });
    expect(created.body).toMatchObject({ blog: expect.any(Object) as unknown });
    expect(created.status).toBe(201);
    const slug = created.body.blog.slug;
    const read = await call(b, 'GET', `/api/blogs/${slug}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ title: 'Written on A', slug });
  });

  it('a branding change on one is seen at once by the other', async () => {
    const before = await call(b, 'GET', '/api/company');
    expect(before.status).toBe(200);
    const tagline = `Changed on A at ${Date.now()}`;
    expect((await call(a, 'PUT', '/api/company', { token, body: { tagline } })).status).toBe(200);
    // The other instance's cached answer gives way on the change notification, which arrives within milliseconds.
    const started = Date.now();
    let seen = (await call<Company>(b, 'GET', '/api/company')).body;
    while (seen.tagline !== tagline && Date.now() - started < 500)
      seen = (await call<Company>(b, 'GET', '/api/company')).body;
    expect(seen.tagline).toBe(tagline);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('an upload through one is served by the other, from the bucket', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('title', 'Uploaded on A');
    form.append('published', 'true');
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const uploaded = await call<{ photo: Photo }>(a, 'POST', '/api/admin/photos/upload', { token, body: form });
    expect(uploaded.status).toBe(201);
    const { image } = uploaded.body.photo;
    const fromA = await fetch(`${a.origin}${image}`);
    const fromB = await fetch(`${b.origin}${image}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
  });

  it('runs one site rebuild at a time across both: their build-hook calls never overlap', async () => {
    // Both scheduled a rebuild for the writes above; two more changes at once, one on each.
    await Promise.all([
      call(a, 'PUT', '/api/company', { token, body: { tagline: 'Rebuild from A' } }),
      call(b, 'PUT', '/api/company', { token, body: { tagline: 'Rebuild from B' } }),
    ]);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !(calls.done >= 2 && calls.now === 0))
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.done).toBeGreaterThanOrEqual(2);
    expect(calls.most).toBe(1);
  }, 30_000);

  it('counts a login limit across both: failures through either add up', async () => {
    // One address (127.0.0.1) failing with a different unknown account each time: only the per-address limit applies.
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i++) {
      const answer = await login(i % 2 === 0 ? a : b, `nobody-${i}`, 'wrong password 2026');
      expect(answer.status).toBe(401);
    }
    // Each instance saw only half of them, yet both refuse now.
    expect((await login(a, 'nobody-x', 'wrong password 2026')).status).toBe(429);
    expect((await login(b, 'nobody-y', 'wrong password 2026')).status).toBe(429);
  }, 60_000);

  it('makes a scheduled publish once, though both instances run the schedule', async () => {
    const made = await call<{ blog: { _id: string } }>(a, 'POST', '/api/admin/blogs', {
      token,
      body: { title: 'Scheduled on A' },
    });
    expect(made.status).toBe(201);
    const id = made.body.blog._id;
    // Far enough ahead that both instances have looked (every 10 s) and wake for the same moment.
    const at = new Date(Date.now() + 12_000).toISOString().slice(0, 19);
    const set = await call(a, 'POST', '/api/admin/schedule', {
      token,
      body: { type: 'blogs', id, action: 'publish', at },
    });
    expect(set.status).toBe(201);
    await expect
      .poll(
        async () =>
          (await call<{ blog: { published: boolean } }>(b, 'GET', `/api/admin/blogs/${id}`, { token })).body.blog
            .published,
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const doneBy = [a, b].map((instance) => instance.output().match(/"event":"schedule\.done"/g)?.length ?? 0);
    expect(doneBy.reduce((sum, n) => sum + n, 0)).toBe(1);
  }, 60_000);

  it('keeps answering through the other after a kill -9 of one', async () => {
    a.child.kill('SIGKILL');
    expect(await a.exited).toBeNull();
    expect((await call(b, 'GET', '/api/health')).status).toBe(200);
    expect((await call(b, 'GET', '/api/auth/me', { token })).status).toBe(200);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: 'After the kill',
      caption: 'Still writing',
      category: 'Business',
      published: 'true',
    }))
      form.append(name, value);
    expect((await call(b, 'POST', '/api/admin/blogs', { token, body: form })).status).toBe(201);
    const listed = await call(b, 'GET', '/api/blogs?limit=50');
    expect(JSON.stringify(listed.body)).toContain('After the kill');
  });
});
