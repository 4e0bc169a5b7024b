/** SQLite full-text search (FTS5) over all six content types; kept current by triggers. SQLite-only by nature. */
import { sql } from 'kysely';
import type { ContentType } from '../../shared/types.ts';
import type { Db } from './connection.ts';

interface Source {
  type: ContentType;
  table: string;
  title: string;
  body: string;
  /** Tables without tags (events) index none. */
  tags?: false;
}

/** What each type contributes: a weighted title, a body (captions, descriptions, text) and its tags. */
const SOURCES: Source[] = [
  { type: 'product', table: 'products', title: 'name', body: "coalesce(X.description,'') || ' ' || coalesce(X.category,'')" },
  { type: 'blog', table: 'blogs', title: 'title', body: "coalesce(X.caption,'') || ' ' || coalesce(X.category,'') || ' ' || coalesce(X.content,'')" },
  { type: 'photo', table: 'photos', title: 'title', body: "coalesce(X.caption,'') || ' ' || coalesce(X.category,'')" },
  { type: 'video', table: 'videos', title: 'name', body: "coalesce(X.title,'') || ' ' || coalesce(X.description,'') || ' ' || coalesce(X.category,'')" },
  { type: 'audio', table: 'audios', title: 'name', body: "coalesce(X.title,'') || ' ' || coalesce(X.artist,'') || ' ' || coalesce(X.description,'') || ' ' || coalesce(X.type,'') || ' ' || coalesce(X.category,'')" },
  { type: 'event', table: 'events', title: 'name', body: "coalesce(X.title,'') || ' ' || coalesce(X.description,'') || ' ' || coalesce(X.city,'') || ' ' || coalesce(X.location,'') || ' ' || coalesce(X.category,'')", tags: false },
];

function insertFor(s: Source, row: 'new' | 'X'): string {
  const body = s.body.replaceAll('X.', `${row}.`);
  const tags = s.tags === false ? "''" : `coalesce(${row}.tags,'')`;
  return `INSERT INTO search_index (type, ref_id, title, body, tags) VALUES ('${s.type}', ${row}.id, coalesce(${row}.${s.title},''), ${body}, ${tags})`;
}

/** Creates the index and its triggers when missing, and fills it from existing rows when empty. Idempotent. */
export async function ensureSearchIndex(db: Db): Promise<void> {
  await sql.raw(
    "CREATE VIRTUAL TABLE IF NOT EXISTS search_index USING fts5(type UNINDEXED, ref_id UNINDEXED, title, body, tags, tokenize = 'unicode61 remove_diacritics 2')",
  ).execute(db);
  for (const s of SOURCES) {
    const remove = `DELETE FROM search_index WHERE type = '${s.type}' AND ref_id = old.id;`;
    await sql.raw(`CREATE TRIGGER IF NOT EXISTS ${s.table}_search_ai AFTER INSERT ON ${s.table} BEGIN ${insertFor(s, 'new')}; END`).execute(db);
    await sql.raw(`CREATE TRIGGER IF NOT EXISTS ${s.table}_search_ad AFTER DELETE ON ${s.table} BEGIN ${remove} END`).execute(db);
    await sql.raw(`CREATE TRIGGER IF NOT EXISTS ${s.table}_search_au AFTER UPDATE ON ${s.table} BEGIN ${remove} ${insertFor(s, 'new')}; END`).execute(db);
  }
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM search_index`.execute(db);
  if ((rows[0]?.n ?? 0) === 0) {
    for (const s of SOURCES) await sql.raw(`${insertFor(s, 'X').replace(/ VALUES \((.*)\)$/, ' SELECT $1')} FROM ${s.table} X`).execute(db);
  }
}

/** Turns free text into an FTS5 query of quoted prefix terms (all must match); empty when there is nothing to search. */
export function toMatchQuery(text: string): string {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, 8).map((w) => `"${w}"*`).join(' ');
}

export interface SearchHit {
  type: ContentType;
  ref_id: string;
}

/** Best matches first (bm25 with the title weighted highest). */
export async function searchIndex(db: Db, text: string, type: ContentType | undefined, limit: number): Promise<SearchHit[]> {
  const match = toMatchQuery(text);
  if (!match) return [];
  const { rows } = await sql<SearchHit>`
    SELECT type, ref_id FROM search_index
    WHERE search_index MATCH ${match} ${type ? sql`AND type = ${type}` : sql``}
    ORDER BY bm25(search_index, 0, 0, 10.0, 1.0, 4.0) LIMIT ${limit}`.execute(db);
  return rows;
}
