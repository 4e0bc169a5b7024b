/**
 * A full disk (security.md R72): writes answer 507 with a JSON { message } (never a 500), nothing half-written stays
 * behind (no partial rows, no empty outbox files), health says degraded, and everything works again once space is freed.
 *
 * The database size limit (PRAGMA max_page_count on the live connection) gives SQLITE_FULL anywhere. A really full
 * disk needs a small filesystem: DATA_DIR on a tmpfs, which only root may mount; elsewhere those tests are skipped.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, assert, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const ADMIN_EMAIL = 'admin@example.com';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function json(res: Response): Promise<Answer> {
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A { message } that names no internals. */
function expectPlainMessage(body: Record<string, unknown>): void {
  expect(Object.keys(body)).toContain('message');
  expect(body['message']).toEqual(expect.any(String));
  expect(JSON.stringify(body)).not.toMatch(/SQLITE|ENOSPC|rollback|\bat \S+:\d+/i);
}

describe('at the database size limit (SQLITE_FULL)', () => {
  let t: TestApp;
  const pageCount = async () => {
    const [row] = (await sql<{ page_count: number }>`PRAGMA page_count`.execute(t.db)).rows;
    assert.isDefined(row);
    return row.page_count;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await sql`CREATE TABLE filler (data BLOB)`.execute(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('fails a write transaction with SQLITE_FULL itself (not "cannot rollback"), reports degraded health, and recovers once the limit is raised', async () => {
    await sql.raw(`PRAGMA max_page_count = ${await pageCount()}`).execute(t.db);
    const bigRow = () =>
      t.db.transaction().execute((trx) => sql`INSERT INTO filler (data) VALUES (zeroblob(200000))`.execute(trx));

    const error = (await bigRow().then(
      () => null,
      (e: unknown) => e,
    )) as Error | null;
    expect(error?.message).toMatch(/full/i);
    expect(error?.message).not.toMatch(/rollback/i);
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM filler`.execute(t.db)).rows[0]?.n).toBe(0);

    const degraded = await json(await t.request('/api/health'));
    expect(degraded.status).toBe(503);
    expect(degraded.body).toMatchObject({ ok: false, status: 'degraded' });
    expectPlainMessage(degraded.body);
    // Reads still answer.
    expect((await t.request('/api/products')).status).toBe(200);

    await sql`PRAGMA max_page_count = 1073741823`.execute(t.db);
    await bigRow();
    expect(await json(await t.request('/api/health'))).toEqual({ status: 200, body: { ok: true } });
  });
});

/** Mounts a small tmpfs (root only); null where this machine does not allow it. */
function mountTmpfs(sizeMiB: number): string | null {
  if (process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'site-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m,mode=0700`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

const mounted = mountTmpfs(16);

describe.skipIf(!mounted)('on a full disk (DATA_DIR on a small tmpfs)', () => {
  // Never read when nothing is mounted: the block is skipped.
  const dataDir = mounted ?? '';
  const photoId = 'photo-full';
  let started: TestServer | undefined;
  const running = (): TestServer => {
    assert(started, 'the server started');
    return started;
  };
  let filler: string | null = null;

  beforeAll(async () => {
    started = await startTestServer({ dataDir, env: { RATE_LIMITS: 'off' } });
    await started.db
      .insertInto('photos')
      .values({
        id: photoId,
        title: 'Full photo',
        image: '/media/full.webp',
        published: true,
        created_at: new Date().toISOString(),
      })
      .execute();
  });
  afterEach(() => freeSpace());
  afterAll(async () => {
    await started?.stop();
    execFileSync('umount', ['-l', dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Fills the filesystem to the last byte; the next commit has to grow the (emptied) WAL, so it meets ENOSPC. */
  async function fillDisk(): Promise<void> {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(running().db);
    filler = join(dataDir, 'filler.bin');
    const fd = openSync(filler, 'w');
    try {
      for (const size of [1 << 20, 1 << 12, 1]) {
        const chunk = Buffer.alloc(size);
        for (;;) {
          try {
            writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
            throw error;
          }
        }
      }
    } finally {
      closeSync(fd);
    }
  }

  function freeSpace(): void {
    if (filler) unlinkSync(filler);
    filler = null;
  }

  const post = (path: string, body: unknown) =>
    fetch(`${running().url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const get = (path: string) => fetch(`${running().url}${path}`);
  const codesOfAdmin = async () =>
    (
      await running()
        .db.selectFrom('one_time_codes')
        .innerJoin('users', 'users.id', 'one_time_codes.user_id')
        .select('one_time_codes.id')
        .where('users.email', '=', ADMIN_EMAIL)
        .execute()
    ).length;
  const outboxEntries = () => readdirSync(join(dataDir, 'outbox')).sort();
  const message = (subject: string): MailMessage => ({
    to: 'reader@example.com',
    subject,
    text: 'Hello',
    html: '<p>Hello</p>',
    fromName: 'Brand',
  });

  it('answers request-otp and a like 507 with a JSON message while the disk is full, and writes nothing', async () => {
    await fillDisk();
    const otp = await json(await post('/api/auth/request-otp', { email: ADMIN_EMAIL }));
    expect(otp.status).toBe(507);
    expectPlainMessage(otp.body);
    const like = () => fetch(`${running().url}/api/likes/photo/${photoId}`, { method: 'PUT' });
    const refused = await json(await like());
    expect(refused.status).toBe(507);
    expectPlainMessage(refused.body);
    expect((await get('/api/products')).status).toBe(200);
    expect(await codesOfAdmin()).toBe(0);

    freeSpace();
    const counted = await json(await like());
    expect(counted.status).toBe(200);
    // The like that failed was not counted.
    expect(counted.body).toMatchObject({ liked: true, likes: 1 });
  });

  it('reports degraded health while the disk is full, and ok again, with writes working, once space is freed', async () => {
    await fillDisk();
    const degraded = await json(await get('/api/health'));
    expect(degraded.status).toBe(503);
    expect(degraded.body).toMatchObject({ ok: false, status: 'degraded' });
    expectPlainMessage(degraded.body);
    expect((await post('/api/auth/request-otp', { email: ADMIN_EMAIL })).status).toBe(507);

    freeSpace();
    expect(await json(await get('/api/health'))).toEqual({ status: 200, body: { ok: true } });
    const before = mailFiles(dataDir);
    expect((await post('/api/auth/request-otp', { email: ADMIN_EMAIL })).status).toBe(200);
    expect(codeFrom(await waitForMail(dataDir, { to: ADMIN_EMAIL, after: before }))).toMatch(/^\d{6}$/);
  });

  it('leaves no empty or partial file in the mail outbox when the disk fills up, and mails again once space is freed', async () => {
    await running().deps.mailer.send(message('Before'));
    const before = outboxEntries();
    await fillDisk();
    await expect(running().deps.mailer.send(message('While full'))).rejects.toMatchObject({ code: 'ENOSPC' });
    // Hidden temporary files included: nothing new, nothing empty.
    expect(outboxEntries()).toEqual(before);
    for (const name of before) expect(statSync(join(dataDir, 'outbox', name)).size).toBeGreaterThan(0);
    expect((await get('/api/health')).status).toBe(503);

    freeSpace();
    await running().deps.mailer.send(message('After'));
    const added = outboxEntries().filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/\.eml$/);
    const [mail] = added;
    assert.isDefined(mail);
    expect(statSync(join(dataDir, 'outbox', mail)).size).toBeGreaterThan(0);
    expect((await get('/api/health')).status).toBe(200);
  });
});
