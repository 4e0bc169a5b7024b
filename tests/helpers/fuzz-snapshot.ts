/**
 * The whole database as rows, to tell whether a request changed any record. Dialect-neutral: the
 * tables come from Kysely's introspection and every row is read with selectAll, on SQLite and PostgreSQL alike; the
 * media directory's file names go with it, so a refused upload that leaves a file behind is caught too.
 */
import { readdir, stat } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import { databaseKind, type Db } from '../../src/server/db/connection.ts';
import { documentsDir, mediaDir } from '../../src/server/media/storage/media-storage.ts';

/** What a refused request may legitimately change, and why. */
export interface SnapshotExclusions {
  /** Tables left out whole. */
  tables: readonly string[];
  /** Columns left out of a table's rows (`table.column`). */
  columns: readonly string[];
}

/**
 * attempt_limits holds the per-address and per-account attempt counters (attempt-store.ts): a refused sign-in, code or
 * form post is exactly what they count (R14, R58, R59). The `attempts` columns of the code tables are the same kind of
 * counter kept on the code itself (a wrong guess counts against it, R14). passkey_challenges holds a passkey sign-in's
 * challenge, made for anyone who asks (it signs nothing in), so the public writes' probe makes one. Everything else stays in: audit_log (only
 * committed admin writes are audited), page_views/page_visitors/analytics_salts (a refused view is not counted),
 * sessions (sliding renewal happens at most hourly, never within a run) and the derived search tables.
 */
export const REFUSAL_MAY_CHANGE: SnapshotExclusions = {
  tables: ['attempt_limits', 'passkey_challenges'],
  columns: ['one_time_codes.attempts', 'email_changes.attempts', 'checkout_verifications.attempts'],
};

export type Snapshot = Map<string, string[]>;

const FILES = '(media and document files)';

function rowText(row: Record<string, unknown>, dropped: ReadonlySet<string>): string {
  const kept = Object.keys(row)
    .filter((k) => !dropped.has(k))
    .sort();
  return JSON.stringify(
    kept.map((k) => [k, row[k]]),
    (_key, value: unknown) => {
      if (typeof value === 'bigint') return `${value}n`;
      if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
      return value;
    },
  );
}

/**
 * Every table's rows (as sorted text) and the stored file names (`snapshot`), and a cheap mark that moves whenever
 * anything may have changed (`mark`), so that the full snapshot is read only then: SQLite's data_version as the read
 * connection sees it (it moves with every commit of the write connection), on PostgreSQL each row's xmin and ctid
 * (a new row version has new ones), and the media and document directories' modification times. A mark that moves
 * with no change in the rows is harmless: the full snapshot then finds them equal.
 */
export function snapshotter(db: Db, dataDir: string, exclusions: SnapshotExclusions = REFUSAL_MAY_CHANGE) {
  let tables: string[] | undefined;
  const listTables = async () =>
    (tables ??= (await db.introspection.getTables())
      .map((t) => t.name)
      .filter((name) => !exclusions.tables.includes(name))
      .sort());
  const droppedColumns = (table: string) =>
    new Set(exclusions.columns.filter((c) => c.startsWith(`${table}.`)).map((c) => c.slice(table.length + 1)));
  const dirs = [mediaDir(dataDir), documentsDir(dataDir)];
  let markQuery: ReturnType<typeof sql.raw> | undefined;

  async function mark(): Promise<string> {
    const times = await Promise.all(
      dirs.map((dir) =>
        stat(dir).then(
          (s) => String(s.mtimeMs),
          () => '-',
        ),
      ),
    );
    if (databaseKind(db) === 'postgres') {
      const names = await listTables();
      markQuery ??= sql.raw(
        `SELECT md5(concat_ws('|', ${names.map((n) => `(SELECT string_agg(xmin::text || ctid::text, ',') FROM "${n.replaceAll('"', '""')}")`).join(', ')})) AS mark`,
      );
      const { rows } = await markQuery.execute(db);
      return `${(rows[0] as { mark: string }).mark} ${times.join(' ')}`;
    }
    const { rows } = await sql<{ data_version: number }>`SELECT data_version FROM pragma_data_version()`.execute(db);
    return `${rows[0]?.data_version} ${times.join(' ')}`;
  }

  async function snapshot(): Promise<Snapshot> {
    const names = await listTables();
    const result: Snapshot = new Map();
    // The pool reads tables side by side on PostgreSQL; SQLite answers them in turn.
    const tables = await Promise.all(
      names.map(async (name) => ({
        name,
        rows: await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
          .selectFrom(name)
          .selectAll()
          .execute(),
      })),
    );
    tables.forEach(({ name, rows }) => {
      const dropped = droppedColumns(name);
      result.set(name, rows.map((row) => rowText(row as Record<string, unknown>, dropped)).sort());
    });
    const files = await Promise.all(dirs.map((dir) => readdir(dir).catch(() => [] as string[])));
    result.set(FILES, files.flatMap((names, i) => names.map((n) => `${i}:${n}`)).sort());
    return result;
  }

  return { mark, snapshot };
}

/** What differs between two snapshots, one line per table with a sample of the rows gone and come; [] when equal. */
export function snapshotDiff(before: Snapshot, after: Snapshot): string[] {
  const lines: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(table) ?? [];
    const b = after.get(table) ?? [];
    if (a.length === b.length && a.every((row, i) => row === b[i])) continue;
    const setA = new Set(a);
    const setB = new Set(b);
    const gone = a.filter((row) => !setB.has(row));
    const come = b.filter((row) => !setA.has(row));
    const cut = (rows: string[]) => rows.slice(0, 2).map((r) => r.slice(0, 400));
    lines.push(
      `${table}: ${gone.length} row(s) gone ${JSON.stringify(cut(gone))}, ${come.length} row(s) new ${JSON.stringify(cut(come))}`,
    );
  }
  return lines;
}
