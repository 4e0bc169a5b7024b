/**
 * What the crash tests (crash-safety.test.ts) check after each kill: every acknowledged write read back with all its
 * fields, the media store and its rows in agreement (every file decodes, no orphan, no temp file), and the
 * database's own integrity checks (SQLite: integrity_check and foreign_key_check; PostgreSQL: every foreign key
 * resolves, every constraint is validated, and amcheck verifies the B-tree indexes and the heap when available).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import sharp from 'sharp';
import { assert, expect } from 'vitest';
import { VARIANT_WIDTHS, isPictureName, variantName } from '../../src/shared/image-variants.ts';
import type { Ack, CrashLedger, WriterContext } from './crash-writer.ts';
import { promised, testDatabaseFor } from './test-database.ts';

async function getJson(
  ctx: Pick<WriterContext, 'origin'>,
  path: string,
  token?: string,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${ctx.origin}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

type Row = Record<string, unknown>;

/** Reads every acknowledged write back; one request per list, so the check stays quick as the ledger grows. */
async function readBack(
  ctx: WriterContext,
  acks: Ack[],
  users: (names: string[]) => Promise<Row[]>,
): Promise<Map<string, Row | undefined>> {
  const found = new Map<string, Row | undefined>();
  const kinds = new Set(acks.map((a) => a.kind));
  const byId = (rows: unknown) => new Map((rows as Row[]).map((r) => [String(r['_id']), r]));
  const lists: Partial<Record<Ack['kind'], Map<string, Row>>> = {};
  if (kinds.has('slider')) lists.slider = byId((await getJson(ctx, '/api/admin/sliders', ctx.adminToken))['results']);
  if (kinds.has('photo')) lists.photo = byId((await getJson(ctx, '/api/photos', ctx.adminToken))['results']);
  if (kinds.has('page')) lists.page = byId((await getJson(ctx, '/api/admin/pages', ctx.adminToken))['results']);
  if (kinds.has('user')) {
    const rows = await users(acks.filter((a) => a.kind === 'user').map((a) => a.id));
    lists.user = new Map(rows.map((r) => [String(r['username']), r]));
  }
  for (const ack of acks) {
    const key = `${ack.kind}:${ack.id}`;
    const list = lists[ack.kind];
    if (list) found.set(key, list.get(ack.id));
    else if (ack.kind === 'order')
      found.set(key, await getJson(ctx, `/api/orders/${ack.id}`, ctx.customerToken).catch(() => undefined));
    else if (ack.kind === 'blog')
      found.set(
        key,
        (await getJson(ctx, `/api/admin/blogs/${ack.id}`, ctx.adminToken).catch((): Row => ({})))['blog'] as
          Row | undefined,
      );
    else if (ack.kind === 'product')
      found.set(
        key,
        (await getJson(ctx, `/api/admin/products/${ack.id}`, ctx.adminToken).catch((): Row => ({})))['product'] as
          Row | undefined,
      );
    else if (ack.kind === 'company') found.set(key, await getJson(ctx, '/api/company'));
  }
  return found;
}

/** The text fields an edit in flight sets, by which a stored edit is recognised. */
const LABELS = ['title', 'name', 'subtitle', 'caption', 'tagline'];

/**
 * Every acknowledged write is there with all its fields. The one entity an unanswered write was editing may hold
 * either its acknowledged state or that edit; the ledger then takes what is stored as its state.
 */
export async function expectAcknowledgedWrites(
  ctx: WriterContext,
  users: (names: string[]) => Promise<Row[]>,
): Promise<void> {
  const ledger: CrashLedger = ctx.ledger;
  const acks = [...ledger.acked.values()];
  const stored = await readBack(ctx, acks, users);
  const inFlight = ledger.inFlight;
  for (const ack of acks) {
    const key = `${ack.kind}:${ack.id}`;
    const actual = stored.get(key);
    assert.isDefined(actual, `${key} was acknowledged but is gone`);
    // The company's GET is its public view; the acknowledged answer's fields it shows must be equal.
    const expected =
      ack.kind === 'company'
        ? Object.fromEntries(Object.entries(ack.expected).filter(([k]) => k in actual))
        : ack.expected;
    if (ack.kind === 'company')
      expect(Object.keys(expected), 'company fields compared').toEqual(
        expect.arrayContaining(['name', 'tagline', 'logo']),
      );
    if (inFlight?.id === ack.id && inFlight.kind === ack.kind) {
      const edited = Object.fromEntries(Object.entries(inFlight.sent).filter(([k]) => LABELS.includes(k)));
      const asAcked = isEqual(pick(actual, expected), expected);
      if (!asAcked) expect(actual, `${key}: neither as acknowledged nor as the unanswered edit`).toMatchObject(edited);
      ack.expected = actual;
    } else {
      expect(pick(actual, expected), `${key} differs from what was acknowledged`).toEqual(expected);
    }
  }
  ledger.inFlight = undefined;
}

const pick = (row: Row, like: Row) => Object.fromEntries(Object.keys(like).map((k) => [k, row[k]]));
const isEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Media names an acknowledged entity refers to (its picture; variants follow from it). */
export function referencedMedia(ledger: CrashLedger): string[] {
  const names: string[] = [];
  for (const { expected } of ledger.acked.values()) {
    for (const field of ['image', 'logo']) {
      const url = expected[field];
      if (typeof url === 'string' && url.startsWith('/media/')) names.push(url.slice('/media/'.length));
    }
  }
  return names;
}

export interface MediaRow {
  file_name: string;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
}

const FORMATS: Record<string, string> = {
  'image/webp': 'webp',
  'image/avif': 'heif',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
};

/**
 * The media directory and the media table agree: every row's file exists with its size and decodes as its type (and
 * size), no file lacks a row, no temp file is left; every picture an acknowledged write refers to has its row and
 * all its variants. `decoded` names files decoded by an earlier call (it is added to).
 */
export async function expectMediaConsistent(
  mediaDir: string,
  rows: MediaRow[],
  referenced: string[],
  decoded = new Set<string>(),
): Promise<void> {
  let files: string[] = [];
  try {
    files = readdirSync(mediaDir);
  } catch {
    files = [];
  }
  expect(
    files.filter((f) => f.startsWith('.') || f.endsWith('.tmp')),
    'temp files left in media/',
  ).toEqual([]);
  const named = new Set(rows.map((r) => r.file_name));
  expect(
    files.filter((f) => !named.has(f)),
    'files in media/ without a row',
  ).toEqual([]);
  const present = new Set(files);
  for (const row of rows) {
    expect(present.has(row.file_name), `media row ${row.file_name} has no file`).toBe(true);
    const path = join(mediaDir, row.file_name);
    expect(statSync(path).size, `${row.file_name} size`).toBe(row.bytes);
    const format = FORMATS[row.content_type];
    // Stored names are never reused and files never rewritten: one that decoded before is not decoded again.
    if (!format || decoded.has(row.file_name)) continue;
    const meta = await sharp(path).metadata();
    expect(meta.format, `${row.file_name} decodes as ${row.content_type}`).toBe(format);
    if (row.width !== null)
      expect([meta.width, meta.height], `${row.file_name} dimensions`).toEqual([row.width, row.height]);
    // Every pixel, not only the header: a file cut short fails here.
    await sharp(path, { failOn: 'truncated' }).stats();
    decoded.add(row.file_name);
  }
  for (const name of referenced) {
    expect(named.has(name), `referenced picture ${name} has no media row`).toBe(true);
    if (isPictureName(name))
      for (const width of VARIANT_WIDTHS)
        expect(named.has(variantName(name, width)), `variant ${width} of ${name}`).toBe(true);
  }
}

/** A connection to DATA_DIR's database for the checks (the server may be down or running). */
export interface CheckConnection {
  kind: 'sqlite' | 'postgres';
  query(text: string, values?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export async function openCheckConnection(dataDir: string): Promise<CheckConnection> {
  const url = await testDatabaseFor(dataDir);
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return {
      kind: 'postgres',
      query: async (text, values = []) => (await client.query(text, values)).rows as Row[],
      close: () => client.end(),
    };
  }
  const db = new DatabaseSync(join(dataDir, 'site.db'), { timeout: 5000 });
  return {
    kind: 'sqlite',
    query: (text, values = []) => promised(() => db.prepare(text).all(...(values as never[]))),
    close: () => promised(() => db.close()),
  };
}

/**
 * The database's own checks. SQLite: `PRAGMA integrity_check` says ok, `PRAGMA foreign_key_check` finds nothing.
 * PostgreSQL: every foreign key resolves (checked by query, whatever the constraint's state), no constraint is left
 * NOT VALID, and with amcheck (postgresql-contrib; `amcheck: false` leaves it out, it is the slow part) every B-tree
 * index and every table's heap verify; without the extension those two are skipped (the returned note says so).
 */
export async function expectDatabaseIntact(
  conn: CheckConnection,
  { amcheck = true }: { amcheck?: boolean } = {},
): Promise<string> {
  if (conn.kind === 'sqlite') {
    expect(await conn.query('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(await conn.query('PRAGMA foreign_key_check')).toEqual([]);
    return 'sqlite integrity_check ok';
  }
  const notValid = await conn.query(
    `SELECT conname FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' AND NOT c.convalidated`,
  );
  expect(notValid).toEqual([]);
  const fks = await conn.query(`
    SELECT c.conname, c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
      (SELECT array_agg(a.attname::text ORDER BY k.i) FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n) AS child_cols,
      (SELECT array_agg(a.attname::text ORDER BY k.i) FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n) AS parent_cols
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'f' AND n.nspname = 'public'`);
  const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
  for (const fk of fks) {
    const childCols = fk['child_cols'] as string[];
    const parentCols = fk['parent_cols'] as string[];
    const notNull = childCols.map((col) => `c.${ident(col)} IS NOT NULL`).join(' AND ');
    const join_ = childCols
      .map((col, i) => {
        const parentCol = parentCols[i];
        if (parentCol === undefined) throw new Error(`${fk['conname'] as string} has fewer parent than child columns`);
        return `p.${ident(parentCol)} = c.${ident(col)}`;
      })
      .join(' AND ');
    const [dangling] = await conn.query(
      `SELECT count(*)::int AS n FROM ${fk['child'] as string} c WHERE ${notNull} AND NOT EXISTS (SELECT 1 FROM ${fk['parent'] as string} p WHERE ${join_})`,
    );
    expect(dangling?.['n'], `rows of ${fk['child'] as string} whose ${fk['conname'] as string} names nothing`).toBe(0);
  }
  if (!amcheck) return `postgres: ${fks.length} foreign keys resolve`;
  const available = await conn.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'amcheck'`);
  if (available.length === 0)
    return `postgres: ${fks.length} foreign keys resolve; amcheck not installed, index checks skipped`;
  await conn.query('CREATE EXTENSION IF NOT EXISTS amcheck');
  const indexes = await conn.query(`
    SELECT i.indexrelid::regclass::text AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
    JOIN pg_namespace n ON n.oid = c.relnamespace WHERE am.amname = 'btree' AND n.nspname = 'public' AND i.indisvalid AND i.indisready`);
  for (const { name } of indexes) await conn.query('SELECT bt_index_check($1::regclass, true)', [name]);
  const tables = await conn.query(
    `SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'r' AND n.nspname = 'public'`,
  );
  for (const { name } of tables) {
    const problems = await conn.query('SELECT * FROM verify_heapam($1::regclass)', [name]);
    expect(problems, `verify_heapam(${name as string})`).toEqual([]);
  }
  return `postgres: ${fks.length} foreign keys resolve; bt_index_check on ${indexes.length} indexes, verify_heapam on ${tables.length} tables`;
}

/** The media table as the checks read it. */
export async function mediaRows(conn: CheckConnection): Promise<MediaRow[]> {
  const rows = await conn.query('SELECT file_name, content_type, bytes, width, height FROM media');
  const size = (value: unknown) => (value === null ? null : Number(value));
  return rows.map((r) => ({
    file_name: String(r['file_name']),
    content_type: String(r['content_type']),
    bytes: Number(r['bytes']),
    width: size(r['width']),
    height: size(r['height']),
  }));
}

/** The registered users named (by username), with the fields a registration sends. */
export async function usersNamed(conn: CheckConnection, names: string[]): Promise<Row[]> {
  if (names.length === 0) return [];
  const placeholders = names.map((_, i) => (conn.kind === 'postgres' ? `$${i + 1}` : '?')).join(', ');
  return conn.query(
    `SELECT first_name, last_name, email, username FROM users WHERE username IN (${placeholders})`,
    names,
  );
}

/** Every column that names a stored file (/media/…), read apart from the product's own list (media-release.ts). */
const MEDIA_COLUMNS: [string, string][] = [
  ['sliders', 'image'],
  ['photos', 'image'],
  ['products', 'image'],
  ['blogs', 'image'],
  ['events', 'image'],
  ['recommendations', 'image'],
  ['team_members', 'photo'],
  ['users', 'profile_image'],
  ['audios', 'audio_file'],
  ['audios', 'cover'],
  ['videos', 'poster'],
  ['company_settings', 'logo'],
  ['company_settings', 'logo_dark'],
  ['company_settings', 'icon'],
  ['company_settings', 'hero_image'],
  ['drafts', 'picture'],
  ['revisions', 'picture'],
];

/**
 * Stored files (not variants) that no record names and the media library does not keep: a kill between a file's store and the insert of the record
 * naming it, or between the commit that dropped a reference and the file's release, leaves one behind until the next
 * start's sweep of pending media (media/pending-media.ts) removes it.
 */
export async function unreferencedMedia(conn: CheckConnection): Promise<string[]> {
  const names = (await conn.query('SELECT file_name FROM media WHERE NOT kept'))
    .map((r) => String(r['file_name']))
    .filter((n) => !/-w\d+\./.test(n));
  const used = new Set<string>();
  for (const [table, column] of MEDIA_COLUMNS)
    for (const row of await conn.query(`SELECT ${column} AS url FROM ${table}`))
      used.add(
        String(row['url'])
          .replace(/^\/media\//, '')
          .replace(/\?.*$/, ''),
      );
  return names.filter((n) => !used.has(n));
}

/** Media rows still pending (stored, no record claimed them yet): after a kill, what the next start's sweep looks at. */
export async function pendingMediaCount(conn: CheckConnection): Promise<number> {
  return (await conn.query('SELECT file_name FROM media WHERE pending_since IS NOT NULL')).length;
}
