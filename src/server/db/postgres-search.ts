/**
 * PostgreSQL full-text search over all six content types: the twin of sqlite-search.ts, with the same API and the
 * same rule (drafts are filtered by the caller, search.service.ts). A `search_index` table kept current by triggers
 * holds each item's title, body and tags and a stored tsvector weighted title A, tags B, body C, under a GIN index;
 * queries are prefix matches of every word, ranked by ts_rank. With the pg_trgm extension, a search that finds
 * nothing tries again by trigram word similarity on titles (typo tolerance: 'guitr' finds 'Guitar').
 */
import { sql } from 'kysely';
import type { ContentType } from '../../shared/types.ts';
import type { Db } from './connection.ts';
import { indexedColumns, indexedValues, SEARCH_SOURCES, type SearchHit } from './search-sources.ts';
import { searchWords } from './search-words.ts';

/** Text search configuration: no stemming or stop words, like SQLite's unicode61 tokenizer. */
const CONFIG = 'simple';
/** ts_rank weights for D, C (body), B (tags), A (title): the SQLite module's bm25 weights 1, 4, 10, scaled. */
const WEIGHTS = '{0, 0.1, 0.4, 1.0}';
/** Past this many matches only the most recently indexed ones are ranked (sqlite-search.ts RANK_WINDOW). */
export const RANK_WINDOW = 5000;

const DOCUMENT = `setweight(to_tsvector('${CONFIG}', title), 'A') || setweight(to_tsvector('${CONFIG}', tags), 'B') || setweight(to_tsvector('${CONFIG}', body), 'C')`;

/** Whether pg_trgm is installed in this database (asked once per Db). */
const trigrams = new WeakMap<Db, Promise<boolean>>();

function hasTrigrams(db: Db): Promise<boolean> {
  let known = trigrams.get(db);
  if (!known) {
    known = sql<{ n: number }>`SELECT count(*) AS n FROM pg_extension WHERE extname = 'pg_trgm'`
      .execute(db)
      .then(({ rows }) => (rows[0]?.n ?? 0) > 0);
    trigrams.set(db, known);
  }
  return known;
}

/** Creates the table, its indexes and the triggers (replacing older definitions) and fills it when empty. Idempotent. */
export async function ensureSearchIndex(db: Db): Promise<void> {
  // Installing an extension needs rights a managed database may not grant: search then works without typo tolerance.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db).catch(() => undefined);
  trigrams.delete(db);
  await db.transaction().execute(async (trx) => {
    await sql
      .raw(
        `CREATE TABLE IF NOT EXISTS search_index (
      seq bigserial UNIQUE,
      type text NOT NULL,
      ref_id text NOT NULL,
      title text NOT NULL,
      body text NOT NULL,
      tags text NOT NULL,
      document tsvector GENERATED ALWAYS AS (${DOCUMENT}) STORED,
      PRIMARY KEY (type, ref_id))`,
      )
      .execute(trx);
    await sql.raw('CREATE INDEX IF NOT EXISTS search_index_document ON search_index USING gin (document)').execute(trx);
    const trgm = await sql<{ n: number }>`SELECT count(*) AS n FROM pg_extension WHERE extname = 'pg_trgm'`.execute(
      trx,
    );
    if ((trgm.rows[0]?.n ?? 0) > 0) {
      await sql
        .raw('CREATE INDEX IF NOT EXISTS search_index_title_trgm ON search_index USING gin (title gin_trgm_ops)')
        .execute(trx);
    }
    for (const s of SEARCH_SOURCES) {
      const v = indexedValues(s, 'NEW');
      // An upsert takes a fresh seq, so an edited item counts as newly indexed for the rank window, as on SQLite.
      await sql
        .raw(
          `CREATE OR REPLACE FUNCTION ${s.table}_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'DELETE' THEN
            DELETE FROM search_index WHERE type = '${s.type}' AND ref_id = OLD.id;
            RETURN NULL;
          END IF;
          INSERT INTO search_index (type, ref_id, title, body, tags) VALUES ('${s.type}', NEW.id, ${v.title}, ${v.body}, ${v.tags})
          ON CONFLICT (type, ref_id) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, tags = EXCLUDED.tags,
            seq = nextval(pg_get_serial_sequence('search_index', 'seq'));
          RETURN NULL;
        END $$`,
        )
        .execute(trx);
      await sql
        .raw(
          `CREATE OR REPLACE TRIGGER ${s.table}_search AFTER INSERT OR DELETE OR UPDATE OF ${indexedColumns(s).join(', ')}
        ON ${s.table} FOR EACH ROW EXECUTE FUNCTION ${s.table}_search_sync()`,
        )
        .execute(trx);
    }
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM search_index`.execute(trx);
    if ((rows[0]?.n ?? 0) === 0) {
      for (const s of SEARCH_SOURCES) {
        const v = indexedValues(s, 'X');
        await sql
          .raw(
            `INSERT INTO search_index (type, ref_id, title, body, tags) SELECT '${s.type}', X.id, ${v.title}, ${v.body}, ${v.tags} FROM ${s.table} X`,
          )
          .execute(trx);
      }
    }
  });
}

/** Every word as a prefix term, all required: 'gui amp' → 'gui:* & amp:*'; empty when there is nothing to search. */
export function toTsQuery(text: string): string {
  return searchWords(text)
    .map((w) => `${w}:*`)
    .join(' & ');
}

/** Best matches first; for very common terms, among the newest RANK_WINDOW matches; by title similarity when nothing matches. */
export async function searchIndex(
  db: Db,
  text: string,
  type: ContentType | undefined,
  limit: number,
): Promise<SearchHit[]> {
  const query = toTsQuery(text);
  if (!query) return [];
  const ofType = type ? sql`AND type = ${type}` : sql``;
  // The rank is computed where the row is read, so the window's sort carries a number rather than each tsvector.
  const { rows } = await sql<SearchHit>`
    WITH matches AS (
      SELECT type, ref_id, ts_rank(${WEIGHTS}::float4[], document, to_tsquery(${CONFIG}::regconfig, ${query})) AS rank FROM search_index
      WHERE document @@ to_tsquery(${CONFIG}::regconfig, ${query}) ${ofType}
      ORDER BY seq DESC LIMIT ${RANK_WINDOW})
    SELECT type, ref_id FROM matches ORDER BY rank DESC LIMIT ${limit}`.execute(db);
  if (rows.length > 0 || !(await hasTrigrams(db))) return rows;
  const words = searchWords(text).join(' ');
  const similar = await sql<SearchHit>`
    SELECT type, ref_id FROM search_index WHERE ${words} <% title ${ofType}
    ORDER BY word_similarity(${words}, title) DESC LIMIT ${limit}`.execute(db);
  return similar.rows;
}
