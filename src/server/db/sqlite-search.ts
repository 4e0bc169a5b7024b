/** SQLite full-text search (FTS5) over all six content types; kept current by triggers. The PostgreSQL twin is postgres-search.ts. */
import { sql } from 'kysely';
import type { ContentType } from '../../shared/types.ts';
import type { Db } from './connection.ts';
import { indexedColumns, indexedValues, SEARCH_SOURCES, type SearchHit, type SearchSource } from './search-sources.ts';
import { searchWords } from './search-words.ts';

function insertFor(s: SearchSource, row: 'new' | 'X'): string {
  const v = indexedValues(s, row);
  return `INSERT INTO search_index (type, ref_id, title, body, tags) VALUES ('${s.type}', ${row}.id, ${v.title}, ${v.body}, ${v.tags})`;
}

/** Creates a trigger, replacing an older definition under the same name (existing databases get the current one). */
async function ensureTrigger(db: Db, name: string, definition: string): Promise<void> {
  const text = `CREATE TRIGGER ${name} ${definition}`;
  const { rows } = await sql<{
    sql: string;
  }>`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ${name}`.execute(db);
  if (rows[0]?.sql === text) return;
  if (rows[0]) await sql.raw(`DROP TRIGGER ${name}`).execute(db);
  await sql.raw(text).execute(db);
}

/** Creates the index and its triggers when missing, and fills it from existing rows when empty. Idempotent. */
export async function ensureSearchIndex(db: Db): Promise<void> {
  await sql
    .raw(
      "CREATE VIRTUAL TABLE IF NOT EXISTS search_index USING fts5(type UNINDEXED, ref_id UNINDEXED, title, body, tags, tokenize = 'unicode61 remove_diacritics 2')",
    )
    .execute(db);
  for (const s of SEARCH_SOURCES) {
    // type and ref_id are not indexed, so this scans the index: fine for edits and deletes, too slow for every counter bump.
    const remove = `DELETE FROM search_index WHERE type = '${s.type}' AND ref_id = old.id;`;
    await ensureTrigger(db, `${s.table}_search_ai`, `AFTER INSERT ON ${s.table} BEGIN ${insertFor(s, 'new')}; END`);
    await ensureTrigger(db, `${s.table}_search_ad`, `AFTER DELETE ON ${s.table} BEGIN ${remove} END`);
    await ensureTrigger(
      db,
      `${s.table}_search_au`,
      `AFTER UPDATE OF ${indexedColumns(s).join(', ')} ON ${s.table} BEGIN ${remove} ${insertFor(s, 'new')}; END`,
    );
  }
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM search_index`.execute(db);
  if ((rows[0]?.n ?? 0) === 0) {
    for (const s of SEARCH_SOURCES)
      await sql.raw(`${insertFor(s, 'X').replace(/ VALUES \((.*)\)$/, ' SELECT $1')} FROM ${s.table} X`).execute(db);
  }
}

/** Turns free text into an FTS5 query of quoted prefix terms (all must match); empty when there is nothing to search. */
export function toMatchQuery(text: string): string {
  return searchWords(text)
    .map((w) => `"${w}"*`)
    .join(' ');
}

/**
 * bm25 scores every match, so a term found in tens of thousands of items costs tens of milliseconds. Past this
 * many matches only the most recently indexed ones (the highest rowids: newest or last edited) are ranked.
 */
export const RANK_WINDOW = 5000;

/** Best matches first (bm25 with the title weighted highest); for very common terms, among the newest RANK_WINDOW matches. */
export async function searchIndex(
  db: Db,
  text: string,
  type: ContentType | undefined,
  limit: number,
): Promise<SearchHit[]> {
  const match = toMatchQuery(text);
  if (!match) return [];
  const ofType = type ? sql`AND type = ${type}` : sql``;
  // The window's lower rowid is the RANK_WINDOW-th newest match (0 when there are fewer); only rowids are ranked,
  // and type and ref_id are read for the winners alone.
  const { rows } = await sql<SearchHit>`
    WITH best AS (
      SELECT rowid AS hit, bm25(search_index, 0, 0, 10.0, 1.0, 4.0) AS score FROM search_index
      WHERE search_index MATCH ${match} ${ofType} AND rowid >= coalesce((
        SELECT rowid FROM search_index WHERE search_index MATCH ${match} ${ofType}
        ORDER BY rowid DESC LIMIT 1 OFFSET ${RANK_WINDOW - 1}), 0)
      ORDER BY score LIMIT ${limit})
    SELECT s.type, s.ref_id FROM best JOIN search_index s ON s.rowid = best.hit ORDER BY best.score`.execute(db);
  return rows;
}
