/**
 * A backup restored into the running site from the admin area, with the real server and database (SQLite here,
 * PostgreSQL on the node-postgres run): the admin downloads a backup, changes everything (rows added, changed and
 * deleted, files added, replaced at the same address and deleted, the settings), uploads the backup, checks it (the
 * dry run's counts, a wrong passphrase and a damaged archive refused with nothing changed), restores it, and every
 * row of every table and every stored file is the backup's again; undo gives back every row and file of before,
 * and keep removes the backup made first.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { LEFT_OUT_TABLES } from '../../src/server/backup/manifest.ts';
import { readObject } from '../../src/server/media/storage/object-store.ts';
import type { RestoreStatus } from '../../src/shared/schemas/restore.ts';
import { makePdf } from '../helpers/document-files.ts';
import { insertCustomer, TEST_ADMIN_PASSWORD, TEST_CUSTOMER_PASSWORD } from '../helpers/test-app.ts';
import { anotherConnection, onPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const PASSPHRASE = 'harbour lantern restore evening 27';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const png = (hue: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: hue, g: 90, b: 160 } } })
    .png()
    .toBuffer();

/** Tables whose rows the comparison leaves out: the left-out ones, the search index (triggers fill it), the audit log (compared apart). */
const skipped = (name: string) =>
  (LEFT_OUT_TABLES as readonly string[]).includes(name) ||
  name === 'audit_log' ||
  name === 'search_index' ||
  name.startsWith('search_index_') ||
  name.startsWith('sqlite_');

interface SiteState {
  rows: Record<string, string[]>;
  audit: string[];
  media: Record<string, string>;
  documents: Record<string, string>;
}

describe('restoring a backup from the admin area', () => {
  let server: TestServer;
  let admin: string;

  const call = (path: string, init: RequestInit & { token?: string | null } = {}) => {
    const token = init.token === undefined ? admin : init.token;
    return fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        origin: server.url,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
  };
  const json = (path: string, method: string, body: unknown, token?: string | null) =>
    call(path, {
      method,
      ...(token === undefined ? {} : { token }),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signIn = async (username = 'admin', password = TEST_ADMIN_PASSWORD) => {
    const res = await json('/api/auth/login', 'POST', { username, password }, null);
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };
  const form = (fields: Record<string, string>, file?: { name: string; bytes: Uint8Array; type: string }) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (file) body.append('file', new Blob([file.bytes.slice()], { type: file.type }), file.name);
    return body;
  };
  const putArchive = (bytes: Uint8Array, fileName?: string, token?: string) =>
    call('/api/admin/restore/archive', {
      method: 'PUT',
      ...(token === undefined ? {} : { token }),
      headers: {
        'content-type': 'application/octet-stream',
        ...(fileName ? { 'x-file-name': encodeURIComponent(fileName) } : {}),
      },
      body: new Uint8Array(bytes),
    });
  const status = async () => (await (await call('/api/admin/restore')).json()) as RestoreStatus;

  /** Every row of every table (as sorted JSON lines), the audit log's actions, every stored file's checksum. */
  async function siteState(): Promise<SiteState> {
    const connection = await anotherConnection(server.dataDir);
    try {
      const names = onPostgres
        ? await connection.query(
            "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
          )
        : await connection.query("SELECT name FROM sqlite_schema WHERE type = 'table'");
      const rows: Record<string, string[]> = {};
      for (const { name } of names) {
        const table = String(name);
        if (skipped(table)) continue;
        const all = await connection.query(`SELECT * FROM "${table}"`);
        rows[table] = all.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
      }
      const audit = (await connection.query('SELECT action FROM audit_log ORDER BY at, id')).map((r) =>
        String(r['action']),
      );
      const files = async (store: 'media' | 'documents') => {
        const found: Record<string, string> = {};
        for (const { name } of await server.deps.storage[store].list()) {
          const bytes = await readObject(server.deps.storage[store], name);
          assert(bytes, name);
          found[name] = sha256(bytes);
        }
        return found;
      };
      return { rows, audit, media: await files('media'), documents: await files('documents') };
    } finally {
      await connection.close();
    }
  }

  let archive: Buffer;
  let before: SiteState;
  let changed: SiteState;
  let photoId: string;
  let libraryId: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn();
    // The site as it is backed up: a photo, a document, a page, a library file, a customer.
    const photoForm = new FormData();
    photoForm.append('title', 'Harbour at dawn');
    photoForm.append('published', 'true');
    photoForm.append('photo', new Blob([new Uint8Array(await png(20))], { type: 'image/png' }), 'harbour.png');
    const uploaded = await call('/api/admin/photos/upload', { method: 'POST', body: photoForm });
    expect(uploaded.status).toBe(201);
    photoId = ((await uploaded.json()) as { photo: { _id: string } }).photo._id;
    const doc = await call('/api/admin/documents', {
      method: 'POST',
      body: form(
        { title: 'Price list', published: 'true' },
        { name: 'prices.pdf', bytes: makePdf('Prices'), type: 'application/pdf' },
      ),
    });
    expect(doc.status).toBe(201);
    expect(
      (await json('/api/admin/pages', 'POST', { title: 'About the harbour', content: '<p>Boats</p>' })).status,
    ).toBe(201);
    const library = await call('/api/admin/media', {
      method: 'POST',
      body: form({}, { name: 'map.png', bytes: new Uint8Array(await png(120)), type: 'image/png' }),
    });
    expect(library.status).toBe(201);
    libraryId = ((await library.json()) as { item: { id: string } }).item.id;
    await insertCustomer(server.db);

    const backup = await json('/api/admin/backup', 'POST', { passphrase: PASSPHRASE });
    expect(backup.status).toBe(200);
    archive = Buffer.from(await backup.arrayBuffer());
    before = await siteState();

    // Everything changes: rows added, changed and deleted, files added, replaced in place and deleted, the settings.
    const deleted = await call(`/api/admin/photos/${photoId}`, { method: 'DELETE' });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    const newPhoto = new FormData();
    newPhoto.append('title', 'Storm at noon');
    newPhoto.append('published', 'true');
    newPhoto.append('photo', new Blob([new Uint8Array(await png(220))], { type: 'image/png' }), 'storm.png');
    expect((await call('/api/admin/photos/upload', { method: 'POST', body: newPhoto })).status).toBe(201);
    const replaced = await call(`/api/admin/media/${libraryId}/replace`, {
      method: 'POST',
      body: form({}, { name: 'map-2.png', bytes: new Uint8Array(await png(240)), type: 'image/png' }),
    });
    expect(replaced.status).toBe(200);
    expect((await json('/api/admin/pages', 'POST', { title: 'Winter hours', content: '<p>Closed</p>' })).status).toBe(
      201,
    );
    expect((await json('/api/company', 'PUT', { name: 'Renamed Harbour Co' })).status).toBe(200);
    changed = await siteState();
  });

  afterAll(async () => {
    await server.stop(true);
  });

  it('changed every kind of thing the backup holds', () => {
    expect(changed.rows).not.toEqual(before.rows);
    expect(changed.media).not.toEqual(before.media);
    // A file replaced at the same address: same name, other bytes.
    expect(
      Object.keys(changed.media).some((name) => before.media[name] && before.media[name] !== changed.media[name]),
    ).toBe(true);
  });

  it('refuses a restore before an archive is checked, and an archive that is damaged, changing nothing', async () => {
    expect(await status()).toEqual({ step: 'none' });
    const early = await json('/api/admin/restore', 'POST', { passphrase: PASSPHRASE });
    expect(early.status).toBe(409);
    const damaged = Buffer.from(archive);
    damaged[damaged.length - 100] = (damaged[damaged.length - 100] ?? 0) ^ 0xff;
    const put = await putArchive(damaged, 'damaged.tar.gz.age');
    expect(put.status).toBe(200);
    expect(((await put.json()) as RestoreStatus).step).toBe('uploaded');
    const check = await json('/api/admin/restore/check', 'POST', { passphrase: PASSPHRASE });
    expect(check.status).toBe(400);
    expect(((await check.json()) as { field: string }).field).toBe('archive');
    expect((await status()).step).toBe('uploaded');
    expect((await call('/api/admin/restore', { method: 'DELETE' })).status).toBe(200);
    expect(await status()).toEqual({ step: 'none' });
    expect(await siteState()).toEqual(changed);
  });

  it('answers a JSON body or a missing length on the archive route with 4xx, and a customer with 403', async () => {
    const asJson = await json('/api/admin/restore/archive', 'PUT', { archive: 'no' });
    expect(asJson.status).toBe(415);
    expect(await asJson.json()).toEqual({
      message: 'Content-Type must be application/octet-stream: send the backup archive as the body',
    });
    // Streamed without a length: the free disk space cannot be checked first.
    const chunked = await call('/api/admin/restore/archive', {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Blob([new Uint8Array(archive)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(400);
    expect(((await chunked.json()) as { field: string }).field).toBe('archive');
    const customer = await signIn('carol', TEST_CUSTOMER_PASSWORD);
    expect((await call('/api/admin/restore', { token: customer })).status).toBe(403);
    const refused = await putArchive(archive, undefined, customer);
    expect(refused.status).toBe(403);
    expect(await status()).toEqual({ step: 'none' });
  });

  it('checks the uploaded backup: a wrong passphrase is refused, the dry run shows the counts', async () => {
    const put = await putArchive(archive, 'yesterday.tar.gz.age');
    expect(put.status).toBe(200);
    const uploaded = (await put.json()) as RestoreStatus;
    assert(uploaded.step === 'uploaded');
    expect(uploaded.upload).toMatchObject({ fileName: 'yesterday.tar.gz.age', bytes: archive.byteLength });

    const wrong = await json('/api/admin/restore/check', 'POST', { passphrase: 'not the passphrase at all' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { field: string }).field).toBe('passphrase');

    const checked = await json('/api/admin/restore/check', 'POST', { passphrase: PASSPHRASE });
    expect(checked.status).toBe(200);
    const answer = (await checked.json()) as RestoreStatus;
    assert(answer.step === 'checked');
    const { plan } = answer;
    expect(plan.database).toBe(onPostgres ? 'postgres' : 'sqlite');
    const count = (table: string) => plan.tables.find((t) => t.name === table);
    expect(count('pages')).toEqual({
      name: 'pages',
      backup: before.rows['pages']?.length,
      now: changed.rows['pages']?.length,
    });
    expect(count('photos')?.backup).toBe(before.rows['photos']?.length);
    const media = plan.files.find((f) => f.store === 'media');
    expect(media).toMatchObject({ backup: Object.keys(before.media).length, now: Object.keys(changed.media).length });
    expect(media?.added).toBeGreaterThan(0);
    expect(media?.removed).toBeGreaterThan(0);
    expect(plan.checksums).toBe(
      1 + Object.keys(before.media).length + Object.keys(before.documents).length + (onPostgres ? 0 : 1),
    );
    // The dry run changed nothing.
    expect(await siteState()).toEqual(changed);
  });

  it('restores it: every row and file is the backup’s, everyone signs in again, the site shows it at once', async () => {
    const res = await json('/api/admin/restore', 'POST', { passphrase: PASSPHRASE });
    expect(res.status, await res.clone().text()).toBe(200);
    const restored = (await res.json()) as RestoreStatus;
    assert(restored.step === 'restored');
    expect(restored.before.bytes).toBeGreaterThan(0);
    expect(restored.before.fileName).toMatch(/^site-before-restore-.*\.tar\.gz\.age$/);

    const after = await siteState();
    expect(after.rows).toEqual(before.rows);
    expect(after.media).toEqual(before.media);
    expect(after.documents).toEqual(before.documents);
    // The download is recorded once the archive is made, so the backup does not hold its own entry.
    expect(before.audit.at(-1)).toBe('backup.download');
    expect(after.audit).toEqual([...before.audit.slice(0, -1), 'backup.restore']);
    // The sign-ins of before the restore are gone, the admin's included.
    expect((await call('/api/admin/restore')).status).toBe(401);
    admin = await signIn();
    const company = (await (await call('/api/company', { token: null })).json()) as { name: string };
    expect(company.name).not.toBe('Renamed Harbour Co');
    expect((await status()).step).toBe('restored');
    // The search index was filled again from the restored rows.
    const search = async (words: string) =>
      JSON.stringify(await (await call(`/api/search?k=${words}`, { token: null })).json());
    expect(await search('harbour')).toContain('Harbour at dawn');
    expect(await search('storm')).not.toContain('Storm at noon');
  });

  it('undoes the restore: every row and file of before it, and the backup of before is gone', async () => {
    const res = await json('/api/admin/restore/undo', 'POST', { passphrase: PASSPHRASE });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ step: 'none' });
    const after = await siteState();
    expect(after.rows).toEqual(changed.rows);
    expect(after.media).toEqual(changed.media);
    expect(after.documents).toEqual(changed.documents);
    expect(after.audit).toEqual([...changed.audit, 'backup.restore-undo']);
    expect(existsSync(join(server.dataDir, 'restore', 'before'))).toBe(false);
  });

  it('restores again and keeps it: the backup of before is removed, nothing else is left behind', async () => {
    admin = await signIn();
    expect((await putArchive(archive)).status).toBe(200);
    expect((await json('/api/admin/restore/check', 'POST', { passphrase: PASSPHRASE })).status).toBe(200);
    expect((await json('/api/admin/restore', 'POST', { passphrase: PASSPHRASE })).status).toBe(200);
    admin = await signIn();
    const download = await call('/api/admin/restore/before');
    expect(download.status).toBe(200);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 22)
        .toString('latin1'),
    ).toBe('age-encryption.org/v1\n');
    const kept = await call('/api/admin/restore/keep', { method: 'POST' });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toEqual({ step: 'none' });
    expect((await siteState()).rows).toEqual(before.rows);
    expect(await readdir(join(server.dataDir, 'restore'))).toEqual([]);
    expect((await call('/api/admin/restore/keep', { method: 'POST' })).status).toBe(409);
  });
});
