/**
 * Backup and restore (security.md R70) with the real server and database (SQLite here, PostgreSQL on
 * the node-postgres run): an admin downloads a backup while the API takes writes and uploads; `npm run restore`'s own
 * script restores it into a fresh DATA_DIR (and database), where every table holds the manifest's count, the database
 * passes its integrity check, every media and document file is the one backed up byte for byte, and the site starts
 * and serves them. Restores into a target that is not empty, or of a damaged or altered archive, change nothing. The
 * S3 storage makes the same round trip through s3rver.
 */
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Decrypter, Encrypter } from 'age-encryption';
import sharp from 'sharp';
import tar from 'tar-stream';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { readArchive } from '../../src/server/backup/read-backup.ts';
import { restoreBackup } from '../../src/server/backup/restore-backup.ts';
import { createBackup } from '../../src/server/backup/write-backup.ts';
import { parseEnv } from '../../src/server/env.ts';
import { createMediaStorage } from '../../src/server/media/storage/media-storage.ts';
import { readObject } from '../../src/server/media/storage/object-store.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import { makePdf } from '../helpers/document-files.ts';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.ts';
import { insertCustomer, makeDataDir, TEST_ADMIN_PASSWORD, TEST_CUSTOMER_PASSWORD } from '../helpers/test-app.ts';
import {
  anotherConnection,
  databaseEnv,
  dropTestDatabase,
  onPostgres,
  testDatabaseFor,
} from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface ManifestFile {
  name: string;
  size: number;
  sha256: string;
}
interface Manifest {
  version: number;
  created_at: string;
  database: {
    kind: string;
    file: string;
    size: number;
    sha256: string;
    tables: Record<string, number>;
    migration: string;
    left_out: string[];
  };
  media: ManifestFile[];
  documents: ManifestFile[];
  secret: { sha256: string } | null;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The passphrase the archives of this file are made with. */
const PASSPHRASE = 'harbour lantern backup morning 26';

/** Every entry of an encrypted archive, in its order: name → bytes. */
async function entriesOf(archive: string, passphrase = PASSPHRASE): Promise<Map<string, Buffer>> {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  const extract = tar.extract();
  extract.end(gunzipSync(await decrypter.decrypt(await readFile(archive))));
  const entries = new Map<string, Buffer>();
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  return entries;
}

/**
 * Writes entries as a .tar.gz, in the given order, encrypted with `passphrase` (null: not encrypted); a low scrypt
 * work factor keeps these made-up archives quick to open.
 */
async function packArchive(path: string, entries: Map<string, Buffer>, passphrase: string | null = PASSPHRASE) {
  const pack = tar.pack();
  for (const [name, bytes] of entries) pack.entry({ name, size: bytes.byteLength }, bytes);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  const plain = gzipSync(Buffer.concat(chunks));
  if (passphrase === null) return writeFile(path, plain);
  const encrypter = new Encrypter();
  encrypter.setScryptWorkFactor(10);
  encrypter.setPassphrase(passphrase);
  await writeFile(path, await encrypter.encrypt(plain));
}

const manifestOf = async (archive: string) => {
  const bytes = (await entriesOf(archive)).get('manifest.json');
  assert(bytes, `${archive} holds manifest.json`);
  return JSON.parse(bytes.toString('utf8')) as Manifest;
};

/** Runs scripts/restore.ts as `npm run restore <archive>` does, with `env` added; its exit code and output. */
function runRestore(archive: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'restore.ts'), archive], {
      cwd: ROOT,
      env: { ...process.env, BACKUP_PASSPHRASE: PASSPHRASE, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** Rows per table of DATA_DIR's database (virtual tables left out, as the manifest does) and its integrity check. */
async function databaseFacts(dataDir: string): Promise<{ tables: Record<string, number>; integrity: string }> {
  const connection = await anotherConnection(dataDir);
  try {
    const names = onPostgres
      ? await connection.query(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
        )
      : await connection.query(
          "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'",
        );
    const tables: Record<string, number> = {};
    for (const { name } of names) {
      const [counted] = await connection.query(`SELECT count(*) AS n FROM "${String(name)}"`);
      assert(counted, `a count of ${String(name)}`);
      tables[String(name)] = Number(counted['n']);
    }
    let integrity = 'ok';
    if (!onPostgres) {
      const [check] = await connection.query('PRAGMA integrity_check');
      assert(check, 'an answer of PRAGMA integrity_check');
      integrity = String(check['integrity_check']);
    }
    return { tables, integrity };
  } finally {
    await connection.close();
  }
}

/** name → sha256 of every object in a store of `env`'s storage. */
async function storedFiles(env: Record<string, string>, store: 'media' | 'documents'): Promise<Record<string, string>> {
  const storage = createMediaStorage(parseEnv(env))[store];
  const files: Record<string, string> = {};
  for (const { name } of await storage.list()) {
    const bytes = await readObject(storage, name);
    assert(bytes, `${name} can be read back`);
    files[name] = sha256(bytes);
  }
  return files;
}

const png = (hue: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: hue, g: 90, b: 160 } } })
    .png()
    .toBuffer();

/** A fresh target: an empty DATA_DIR, and on PostgreSQL an empty database of its own. */
async function freshTarget(
  extra: Record<string, string> = {},
): Promise<{ dataDir: string; env: Record<string, string>; drop(): Promise<void> }> {
  const dataDir = makeDataDir();
  const databaseUrl = await testDatabaseFor(dataDir);
  return {
    dataDir,
    env: { DATA_DIR: dataDir, ...databaseEnv(databaseUrl), ...extra },
    drop: async () => {
      await rm(dataDir, { recursive: true, force: true });
      await dropTestDatabase(databaseUrl);
    },
  };
}

/** What a target holds, to show that a refused restore changed nothing. */
async function targetState(target: { dataDir: string; env: Record<string, string> }): Promise<unknown> {
  const files = (await readdir(target.dataDir, { recursive: true }))
    .filter((f) => !f.endsWith('.test-database-url'))
    .sort();
  const tables = onPostgres
    ? (await databaseFacts(target.dataDir).catch(() => ({ tables: {} }))).tables
    : files.includes('site.db')
      ? (await databaseFacts(target.dataDir)).tables
      : {};
  return {
    files,
    tables,
    media: await storedFiles(target.env, 'media'),
    documents: await storedFiles(target.env, 'documents'),
  };
}

describe('backup under write load and restore', () => {
  let source: TestServer;
  let admin: string;
  let archive: string;
  let manifest: Manifest;
  let target: Awaited<ReturnType<typeof freshTarget>>;
  const cleanups: (() => Promise<void>)[] = [];

  const call = (path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${source.url}${path}`, {
      ...init,
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
  const uploadPhoto = async (title: string, hue: number) => {
    const form = new FormData();
    form.append('title', title);
    form.append('published', 'true');
    form.append('photo', new Blob([new Uint8Array(await png(hue))], { type: 'image/png' }), 'photo.png');
    const res = await call('/api/admin/photos/upload', { method: 'POST', token: admin, body: form });
    expect(res.status).toBe(201);
  };
  const addPage = async (title: string) => {
    const res = await call('/api/admin/pages', {
      method: 'POST',
      token: admin,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title, content: `<p>${title}</p>` }),
    });
    expect(res.status).toBe(201);
  };

  beforeAll(async () => {
    source = await startTestServer({ env: { RATE_LIMITS: 'off' } });
    cleanups.push(() => source.stop(true));
    const login = await fetch(`${source.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    admin = ((await login.json()) as { token: string }).token;
    await uploadPhoto('Before the backup', 10);
    await uploadPhoto('Also before', 200);
    const form = new FormData();
    form.append('title', 'Price list');
    form.append('published', 'true');
    form.append('file', new Blob([makePdf('Prices').slice()], { type: 'application/pdf' }), 'prices.pdf');
    expect((await call('/api/admin/documents', { method: 'POST', token: admin, body: form })).status).toBe(201);
    target = await freshTarget();
    cleanups.push(() => target.drop());
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('downloads an archive as an attachment, never stored, while writes and uploads go on', async () => {
    let writing = true;
    let during = 0;
    let backupRunning = false;
    // Writers: pages (a row and its audit entry per transaction) and photo uploads (a file, then its rows).
    const writers = [0, 1, 2].map(async (w) => {
      for (let i = 0; writing || i < 2; i++) {
        await (w === 2 ? uploadPhoto(`Under load ${i}`, (i * 37) % 255) : addPage(`Writer ${w} page ${i}`));
        if (backupRunning) during++;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    backupRunning = true;
    const res = await call('/api/admin/backup', {
      method: 'POST',
      token: admin,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: PASSPHRASE }),
    });
    const body = Buffer.from(await res.arrayBuffer());
    backupRunning = false;
    writing = false;
    await Promise.all(writers);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="site-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz\.age"$/,
    );
    expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
    expect(during).toBeGreaterThan(0);
    archive = join(target.dataDir, '..', `${target.dataDir.split('/').pop()}-backup.tar.gz.age`);
    cleanups.push(() => rm(archive, { force: true }));
    await writeFile(archive, body);

    // Encrypted: nothing of it reads without the passphrase, not even the server secret's bytes.
    expect(body.subarray(0, 22).toString('latin1')).toBe('age-encryption.org/v1\n');
    if (!onPostgres) expect(body.includes(await readFile(join(source.dataDir, 'secret.key')))).toBe(false);
    await expect(entriesOf(archive, 'not the passphrase at all')).rejects.toThrow();
    const entries = await entriesOf(archive);
    expect([...entries.keys()][0]).toBe('manifest.json');

    manifest = await manifestOf(archive);
    expect(manifest.version).toBe(2);
    // Sessions, codes, tokens and attempt counters are made again by the site: their rows are not in the archive.
    expect(manifest.database.left_out).toEqual(
      expect.arrayContaining(['sessions', 'one_time_codes', 'password_reset_tokens', 'attempt_limits']),
    );
    for (const table of manifest.database.left_out) expect(manifest.database.tables[table], table).toBe(0);
    expect(manifest.database.kind).toBe(onPostgres ? 'postgres' : 'sqlite');
    expect(manifest.secret === null).toBe(onPostgres);
    // The snapshot's counts, not the live ones: the writers went on after it.
    const live = (await databaseFacts(source.dataDir)).tables;
    expect(Object.keys(manifest.database.tables).sort()).toEqual(Object.keys(live).sort());
    expect(live['sessions']).toBeGreaterThan(0);
    const livePages = live['pages'];
    assert.exists(livePages);
    expect(manifest.database.tables['pages']).toBeLessThan(livePages);
    for (const [table, count] of Object.entries(manifest.database.tables)) {
      const liveCount = live[table];
      assert.exists(liveCount, table);
      expect(count, table).toBeLessThanOrEqual(liveCount);
    }
    expect(manifest.media.length).toBeGreaterThanOrEqual(2);
    expect(manifest.documents).toHaveLength(1);
  });

  it('restores into an empty target with npm run restore: every count, every file, a sound database', async () => {
    const { code, output } = await runRestore(archive, target.env);
    expect(output).toMatch(/restored the backup of .+\(the counts match the manifest\)/s);
    expect(code).toBe(0);

    const restored = await databaseFacts(target.dataDir);
    expect(restored.integrity).toBe('ok');
    expect(restored.tables).toEqual(manifest.database.tables);

    const sourceFiles = {
      media: await storedFiles({ DATA_DIR: source.dataDir }, 'media'),
      documents: await storedFiles({ DATA_DIR: source.dataDir }, 'documents'),
    };
    for (const store of ['media', 'documents'] as const) {
      const files = await storedFiles(target.env, store);
      expect(files).toEqual(Object.fromEntries(manifest[store].map((f) => [f.name, f.sha256])));
      for (const [name, hash] of Object.entries(files)) expect(sourceFiles[store][name], name).toBe(hash);
    }
    // Consistent with the rows: every media and document row of the snapshot has its file.
    const connection = await anotherConnection(target.dataDir);
    try {
      for (const { file_name } of await connection.query('SELECT file_name FROM media'))
        expect(manifest.media.map((f) => f.name)).toContain(file_name);
      for (const { file } of await connection.query('SELECT file FROM documents'))
        expect(manifest.documents.map((f) => f.name)).toContain(file);
    } finally {
      await connection.close();
    }
    if (!onPostgres)
      expect(sha256(await readFile(join(target.dataDir, 'secret.key')))).toBe(
        sha256(await readFile(join(source.dataDir, 'secret.key'))),
      );
  });

  it('starts the site on the restored data: the admin signs in, photos and documents are served', async () => {
    const restored = await startTestServer({ dataDir: target.dataDir });
    try {
      const login = await fetch(`${restored.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const photos = (await (await fetch(`${restored.url}/api/photos`)).json()) as {
        results: { image: string }[];
      };
      expect(photos.results.length).toBeGreaterThanOrEqual(2);
      for (const { image } of photos.results) expect((await fetch(`${restored.url}${image}`)).status, image).toBe(200);
      const documents = (await (await fetch(`${restored.url}/api/documents`)).json()) as {
        results: { id: string }[];
      };
      expect(documents.results).toHaveLength(1);
    } finally {
      await restored.stop();
    }
  });

  it('refuses a target that is not empty, and changes nothing', async () => {
    const before = await targetState(target);
    await expect(restoreBackup({ env: parseEnv(target.env), archive, passphrase: PASSPHRASE })).rejects.toThrow(
      /^Restore refused, nothing was changed: the target is not empty: /,
    );
    expect(await targetState(target)).toEqual(before);
  });

  it('refuses a damaged or altered archive before touching the empty target', async () => {
    const empty = await freshTarget();
    cleanups.push(() => empty.drop());
    const before = await targetState(empty);
    const bytes = await readFile(archive);
    const cut = `${archive}.cut`;
    const flipped = `${archive}.flipped`;
    const altered = `${archive}.altered`;
    const extra = `${archive}.extra`;
    cleanups.push(() =>
      Promise.all([cut, flipped, altered, extra].map((f) => rm(f, { force: true }))).then(() => undefined),
    );
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.byteLength / 2)));
    const flippedBytes = Buffer.from(bytes);
    const middle = Math.floor(bytes.byteLength / 2);
    flippedBytes.writeUInt8(flippedBytes.readUInt8(middle) ^ 0xff, middle);
    await writeFile(flipped, flippedBytes);
    // Well-formed archives whose content no longer matches the manifest.
    const entries = await entriesOf(archive);
    const [firstMedia] = manifest.media;
    assert(firstMedia, 'the manifest lists media');
    const media = `media/${firstMedia.name}`;
    await packArchive(
      altered,
      new Map(
        [...entries].map(([name, content]) => [
          name,
          name === media ? Buffer.concat([content, Buffer.from('x')]) : content,
        ]),
      ),
    );
    const [manifestEntry, ...rest] = entries;
    assert(manifestEntry, 'the archive has entries');
    await packArchive(extra, new Map([manifestEntry, ['media/../../escape.txt', Buffer.from('x')], ...rest]));

    const cliRun = await runRestore(cut, empty.env);
    expect(cliRun.code).toBe(1);
    expect(cliRun.output).toMatch(/Restore refused, nothing was changed: the archive is damaged/);
    const env = parseEnv(empty.env);
    await expect(restoreBackup({ env, archive: flipped, passphrase: PASSPHRASE })).rejects.toThrow(
      /nothing was changed: the archive is damaged/,
    );
    await expect(restoreBackup({ env, archive: altered, passphrase: PASSPHRASE })).rejects.toThrow(
      `${media} does not match its size and SHA-256`,
    );
    await expect(restoreBackup({ env, archive: extra, passphrase: PASSPHRASE })).rejects.toThrow(
      /an entry no backup of this site writes/,
    );
    expect(await targetState(empty)).toEqual(before);
  });

  it('refuses an archive made without the passphrase, even a planted admin with a recomputed manifest', async () => {
    const empty = await freshTarget();
    cleanups.push(() => empty.drop());
    const before = await targetState(empty);
    const entries = await entriesOf(archive);
    const doctored = JSON.parse(String(entries.get('manifest.json'))) as Manifest;
    if (!onPostgres) {
      // A database with one more admin, whose password the person who made the archive knows.
      const file = join(empty.dataDir, '..', `${empty.dataDir.split('/').pop()}-planted.db`);
      cleanups.push(() => rm(file, { force: true }));
      const original = entries.get(doctored.database.file);
      assert(original, 'the archive holds the database');
      await writeFile(file, original);
      const db = new DatabaseSync(file);
      const now = new Date().toISOString();
      db.prepare(
        `INSERT INTO users (id, first_name, last_name, email, username, username_key, password_hash, role, email_verified, created_at, updated_at)
         VALUES (?, 'Eve', 'Planted', 'eve@example.com', 'eve', 'eve', ?, 'admin', 1, ?, ?)`,
      ).run(randomUUID(), await hashPassword(TEST_CUSTOMER_PASSWORD), now, now);
      db.close();
      const planted = await readFile(file);
      entries.set(doctored.database.file, planted);
      doctored.database.size = planted.byteLength;
      doctored.database.sha256 = sha256(planted);
      doctored.database.tables['users'] = (doctored.database.tables['users'] ?? 0) + 1;
    }
    const [firstMedia] = doctored.media;
    assert(firstMedia, 'the manifest lists media');
    const swapped = await png(250);
    entries.set(`media/${firstMedia.name}`, swapped);
    Object.assign(firstMedia, { size: swapped.byteLength, sha256: sha256(swapped) });
    entries.set('manifest.json', Buffer.from(JSON.stringify(doctored)));

    const otherKey = `${archive}.other-key`;
    const unencrypted = `${archive}.unencrypted`;
    cleanups.push(() => Promise.all([otherKey, unencrypted].map((f) => rm(f, { force: true }))).then(() => undefined));
    await packArchive(otherKey, entries, 'someone else entirely 2026');
    await packArchive(unencrypted, entries, null);
    const env = parseEnv(empty.env);
    await expect(restoreBackup({ env, archive: otherKey, passphrase: PASSPHRASE })).rejects.toThrow(
      /nothing was changed: the passphrase does not open this archive/,
    );
    await expect(restoreBackup({ env, archive: unencrypted, passphrase: PASSPHRASE })).rejects.toThrow(
      /nothing was changed: the archive is not encrypted/,
    );
    const wrongPassphrase = await runRestore(archive, { ...empty.env, BACKUP_PASSPHRASE: 'a wrong passphrase here' });
    expect(wrongPassphrase.code).toBe(1);
    expect(wrongPassphrase.output).toMatch(/the passphrase does not open this archive/);
    expect(await targetState(empty)).toEqual(before);
  });

  it('bounds every entry by the manifest, which comes first: a larger entry is refused before it is written', async () => {
    const entries = await entriesOf(archive);
    const [firstMedia] = manifest.media;
    assert(firstMedia, 'the manifest lists media');
    entries.set(`media/${firstMedia.name}`, Buffer.alloc(64 * 1024 * 1024));
    const swollen = `${archive}.swollen`;
    const manifestLast = `${archive}.manifest-last`;
    const staging = await mkdtemp(join(tmpdir(), 'backup-bound-'));
    cleanups.push(() =>
      Promise.all([swollen, manifestLast, staging].map((f) => rm(f, { recursive: true, force: true }))).then(
        () => undefined,
      ),
    );
    await packArchive(swollen, entries);
    await expect(readArchive(swollen, staging, PASSPHRASE)).rejects.toThrow(
      `media/${firstMedia.name} does not match its size and SHA-256`,
    );
    expect(existsSync(join(staging, 'media', firstMedia.name))).toBe(false);

    const [manifestEntry, ...rest] = await entriesOf(archive);
    assert(manifestEntry, 'the archive has entries');
    await packArchive(manifestLast, new Map([...rest, manifestEntry]));
    await expect(readArchive(manifestLast, join(staging, 'second'), PASSPHRASE)).rejects.toThrow(
      /manifest\.json is not its first entry/,
    );
  });

  it('answers 401 without a token and 403 to a customer, as JSON', async () => {
    await insertCustomer(source.db);
    const login = await fetch(`${source.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'carol', password: TEST_CUSTOMER_PASSWORD }),
    });
    const customer = ((await login.json()) as { token: string }).token;
    const asking = (token?: string, body: Record<string, unknown> = { passphrase: PASSPHRASE }) =>
      call('/api/admin/backup', {
        method: 'POST',
        ...(token ? { token } : {}),
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const anonymous = await asking();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Please sign in' });
    const refused = await asking(customer);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Admin access required' });
    // The admin's own mistakes: no passphrase, or one too short to stand offline guessing.
    for (const [passphrase, message] of [
      [undefined, 'Passphrase is required.'],
      ['', 'Enter a passphrase for the backup'],
      ['short one', 'The passphrase must be at least 16 characters (a few words you will remember)'],
      ['aaaaaaaaaaaaaaaaaaaa', 'The passphrase is too easy to guess: use a few different words'],
      [42, 'Enter a passphrase for the backup'],
    ] as const) {
      const res = await asking(admin, passphrase === undefined ? {} : { passphrase });
      expect(res.status, String(passphrase)).toBe(400);
      expect(await res.json()).toEqual({ message, field: 'passphrase' });
    }
  });

  it('makes one backup at a time: a second request meanwhile answers 409', async () => {
    const asking = () =>
      call('/api/admin/backup', {
        method: 'POST',
        token: admin,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ passphrase: PASSPHRASE }),
      });
    const [first, second] = await Promise.all([asking(), asking()]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const busy = first.status === 409 ? first : second;
    expect(await busy.json()).toEqual({
      message: 'A backup is already being made; download it again once it has finished',
    });
    await (first.status === 200 ? first : second).arrayBuffer();
  });
});

describe('backup and restore with S3 storage', () => {
  let s3: S3TestServer;
  let source: TestServer;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    s3 = await startS3Server();
    return () => s3.stop();
  });
  beforeAll(async () => {
    source = await startTestServer({ env: { ...s3.env, S3_PREFIX: 'site-a/' } });
    cleanups.push(() => source.stop(true));
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('backs up the bucket and restores into another prefix, byte for byte', async () => {
    const login = await fetch(`${source.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    const admin = ((await login.json()) as { token: string }).token;
    const form = new FormData();
    form.append('title', 'In the bucket');
    form.append('published', 'true');
    form.append('photo', new Blob([new Uint8Array(await png(90))], { type: 'image/png' }), 'photo.png');
    expect(
      (
        await fetch(`${source.url}/api/admin/photos/upload`, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin}` },
          body: form,
        })
      ).status,
    ).toBe(201);

    const sourceEnv = {
      ...s3.env,
      S3_PREFIX: 'site-a/',
      DATA_DIR: source.dataDir,
      BACKUP_WORK_FACTOR: '15',
      ...databaseEnv(source.databaseUrl),
    };
    const archive = join(source.dataDir, '..', `${source.dataDir.split('/').pop()}-s3.tar.gz.age`);
    cleanups.push(() => rm(archive, { force: true }));
    const { manifest } = await createBackup({ env: parseEnv(sourceEnv), out: archive, passphrase: PASSPHRASE });
    expect(manifest.source.media_storage).toBe('s3');
    expect(manifest.media.length).toBeGreaterThan(0);

    const target = await freshTarget({ ...s3.env, S3_PREFIX: 'site-b/' });
    cleanups.push(() => target.drop());
    const restored = await restoreBackup({ env: parseEnv(target.env), archive, passphrase: PASSPHRASE });
    expect(restored.tables).toEqual(manifest.database.tables);
    const want = await storedFiles(sourceEnv, 'media');
    expect(Object.keys(want).length).toBe(manifest.media.length);
    expect(await storedFiles(target.env, 'media')).toEqual(want);
    // The bucket prefix is not empty any more: a second restore is refused.
    await expect(restoreBackup({ env: parseEnv(target.env), archive, passphrase: PASSPHRASE })).rejects.toThrow(
      /the target is not empty: .*the media storage \(bucket\) already holds/,
    );
  });
});
