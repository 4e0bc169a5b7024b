/**
 * The content the home page's rows are made of: every published item of the six kinds as one card row shape, read
 * per kind or across kinds (UNION ALL), always bounded by a limit or a list of ids. Kysely only.
 */
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import { ITEM_KINDS, POPULARITY_WEIGHTS as W, type ItemKind, type ItemRef } from '../../../shared/recommend-rank.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** One item as a card: what the row shows, what ranking reads, and its popularity from its kind's counters. */
export interface CardRow {
  kind: ItemKind;
  id: string;
  slug: string | null;
  title: string;
  image: string;
  caption: string;
  /** JSON text of the item's tags ('' for events, which have none). */
  tags: string;
  category: string;
  created_at: string;
  score: number;
}

export interface CardFilter {
  /** Only these ids (of this kind). */
  ids?: readonly string[];
  /** Never these ids (of this kind). */
  notIds?: readonly string[];
  /** Only items in one of these categories (lower-cased names). */
  categories?: readonly string[];
  /** Drafts too (a visitor's history may name an item unpublished since). */
  drafts?: boolean;
}

/** A card as the database answers it: PostgreSQL answers a big sum as text. */
type RawCard = Omit<CardRow, 'score'> & { score: number | string };

/** The SELECT shape every kind answers; its table is whichever the kind reads. */
type CardQuery = SelectQueryBuilder<Database, never, RawCard>;

/** The columns filtered on (id, published, category) are in every kind's table; products stands in for all six. */
type AnyKindQuery = SelectQueryBuilder<Database, 'products', RawCard>;

function filtered(q: AnyKindQuery, f: CardFilter): AnyKindQuery {
  let out = q;
  if (!f.drafts) out = out.where('published', '=', true);
  if (f.ids) out = out.where('id', 'in', f.ids.length ? [...f.ids] : ['']);
  if (f.notIds?.length) out = out.where('id', 'not in', [...f.notIds]);
  if (f.categories) {
    const names = f.categories.length ? [...f.categories] : [''];
    out = out.where((eb) => eb(eb.fn('lower', ['category']), 'in', names));
  }
  return out;
}

/** The card SELECT of one kind, filtered. */
export function cardQuery(db: Db, kind: ItemKind, f: CardFilter = {}): CardQuery {
  // A literal, not a parameter: PostgreSQL cannot type a bare parameter in a UNION's select list.
  const k = sql<ItemKind>`${sql.lit(kind)}`.as('kind');
  // Each branch's table differs; their output columns are the same CardRow, which is all a caller reads.
  const where = (q: unknown) => filtered(q as AnyKindQuery, f) as unknown as CardQuery;
  switch (kind) {
    case 'product':
      return where(
        db
          .selectFrom('products')
          .select([
            k,
            'id',
            sql<string | null>`slug`.as('slug'),
            'name as title',
            'image',
            'description as caption',
            'tags',
            'category',
            'created_at',
            sql<number | string>`views * ${sql.lit(W.views)}`.as('score'),
          ]),
      );
    case 'blog':
      return where(
        db
          .selectFrom('blogs')
          .select([
            k,
            'id',
            sql<string | null>`slug`.as('slug'),
            'title',
            'image',
            'caption',
            'tags',
            'category',
            'created_at',
            sql<number | string>`views * ${sql.lit(W.views)}`.as('score'),
          ]),
      );
    case 'photo':
      return where(
        db
          .selectFrom('photos')
          .select([
            k,
            'id',
            sql<string | null>`CAST(NULL AS TEXT)`.as('slug'),
            'title',
            'image',
            'caption',
            'tags',
            'category',
            'created_at',
            sql<
              number | string
            >`views * ${sql.lit(W.views)} + likes * ${sql.lit(W.likes)} + downloads * ${sql.lit(W.downloads)}`.as(
              'score',
            ),
          ]),
      );
    case 'video':
      return where(
        db
          .selectFrom('videos')
          .select([
            k,
            'id',
            sql<string | null>`CAST(NULL AS TEXT)`.as('slug'),
            'name as title',
            'poster as image',
            'description as caption',
            'tags',
            'category',
            'created_at',
            sql<number | string>`views * ${sql.lit(W.views)} + likes * ${sql.lit(W.likes)}`.as('score'),
          ]),
      );
    case 'audio':
      return where(
        db
          .selectFrom('audios')
          .select([
            k,
            'id',
            sql<string | null>`CAST(NULL AS TEXT)`.as('slug'),
            'name as title',
            'cover as image',
            'description as caption',
            'tags',
            'category',
            'created_at',
            sql<number | string>`plays * ${sql.lit(W.plays)} + downloads * ${sql.lit(W.downloads)}`.as('score'),
          ]),
      );
    case 'event':
      return where(
        db
          .selectFrom('events')
          .select([
            k,
            'id',
            sql<string | null>`slug`.as('slug'),
            'name as title',
            'image',
            'description as caption',
            sql<string>`''`.as('tags'),
            'category',
            'created_at',
            sql<number | string>`views * ${sql.lit(W.views)} + registrations * ${sql.lit(W.registrations)}`.as('score'),
          ]),
      );
  }
}

/** The ids of `refs` of one kind. */
const idsOf = (refs: readonly ItemRef[], kind: ItemKind) => refs.filter((r) => r.kind === kind).map((r) => r.id);

/** The cards of `refs` (published only unless `drafts`), in no particular order; one read per kind named. */
export async function cardsOf(db: Db, refs: readonly ItemRef[], drafts = false): Promise<CardRow[]> {
  const kinds = ITEM_KINDS.filter((kind) => refs.some((r) => r.kind === kind));
  const rows = await Promise.all(
    kinds.map((kind) => cardQuery(db, kind, { ids: idsOf(refs, kind), drafts }).execute()),
  );
  return rows.flat().map(numeric);
}

/** A score is a number everywhere. */
const numeric = (row: RawCard): CardRow => ({ ...row, score: Number(row.score) });

/**
 * The popular fill, across kinds: items created since `since` first, then the rest; the most popular, then the
 * newest, then by kind and id. `limit` rows from `offset`, never one of `exclude`.
 */
export async function popularCards(
  db: Db,
  since: string,
  limit: number,
  offset: number,
  exclude: readonly ItemRef[] = [],
): Promise<CardRow[]> {
  if (limit <= 0) return [];
  const [first, ...rest] = ITEM_KINDS.map((kind) => cardQuery(db, kind, { notIds: idsOf(exclude, kind) }));
  if (!first) return [];
  const all = rest.reduce((union, q) => union.unionAll(q), first);
  const rows = await db
    .selectFrom(all.as('c'))
    .selectAll()
    .orderBy(sql`CASE WHEN c.created_at >= ${since} THEN 0 ELSE 1 END`)
    .orderBy('c.score', 'desc')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.kind')
    .orderBy('c.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(numeric);
}

/** The newest published items of `kinds` (every kind), `limit` of them (the admin's list before a search). */
export async function newestCards(db: Db, limit: number, kinds: readonly ItemKind[] = ITEM_KINDS): Promise<CardRow[]> {
  const [first, ...rest] = kinds.map((kind) => cardQuery(db, kind));
  if (!first) return [];
  const all = rest.reduce((union, q) => union.unionAll(q), first);
  const rows = await db
    .selectFrom(all.as('c'))
    .selectAll()
    .orderBy('c.created_at', 'desc')
    .orderBy('c.kind')
    .orderBy('c.id')
    .limit(limit)
    .execute();
  return rows.map(numeric);
}

/**
 * For You's candidates of one kind: its `pool` newest published items, and its `pool` newest in the visitor's
 * favourite categories (older items the visitor is likely to want), never one of `notIds`.
 */
export async function candidateCards(
  db: Db,
  kind: ItemKind,
  pool: number,
  categories: readonly string[],
  notIds: readonly string[],
): Promise<CardRow[]> {
  const newest = cardQuery(db, kind, { notIds }).orderBy('created_at', 'desc').orderBy('id').limit(pool).execute();
  const liked = categories.length
    ? cardQuery(db, kind, { notIds, categories }).orderBy('created_at', 'desc').orderBy('id').limit(pool).execute()
    : Promise.resolve([]);
  return (await Promise.all([newest, liked])).flat().map(numeric);
}

/** The pins in the admin's order. */
export function listPinRows(db: Db) {
  return db
    .selectFrom('featured_pins')
    .selectAll()
    .orderBy('position')
    .orderBy('content_type')
    .orderBy('content_id')
    .execute();
}

/** Replaces every pin with `refs`, positions 0..n-1 in that order. */
export async function replacePins(db: Db, refs: readonly ItemRef[], now: string): Promise<void> {
  await db.deleteFrom('featured_pins').execute();
  if (refs.length === 0) return;
  await db
    .insertInto('featured_pins')
    .values(refs.map((ref, position) => ({ content_type: ref.kind, content_id: ref.id, position, created_at: now })))
    .execute();
}
