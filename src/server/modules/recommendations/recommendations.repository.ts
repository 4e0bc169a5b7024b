/**
 * The content the home page's rows are made of: every published item of the six kinds as one card row shape, read
 * per kind or across kinds (UNION ALL), always bounded by a limit or a list of ids. Kysely only.
 */
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import { ITEM_KINDS, POPULARITY_WEIGHTS as W, type ItemKind, type ItemRef } from '../../../shared/recommend-rank.ts';
import type { Database } from '../../db/schema.ts';
import { notHeld } from '../publish-checks/held.ts';

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

function filtered(q: AnyKindQuery, table: string, f: CardFilter): AnyKindQuery {
  let out = q;
  if (!f.drafts) out = out.where('published', '=', true).where(notHeld(table));
  if (f.ids) out = out.where('id', 'in', f.ids.length ? [...f.ids] : ['']);
  if (f.notIds?.length) out = out.where('id', 'not in', [...f.notIds]);
  if (f.categories) {
    const names = f.categories.length ? [...f.categories] : [''];
    out = out.where((eb) => eb(eb.fn('lower', ['category']), 'in', names));
  }
  return out;
}

/** Where each kind keeps what a card shows, and the counters its popularity is made of. */
const KIND_COLUMNS: Record<
  ItemKind,
  {
    table: 'products' | 'blogs' | 'photos' | 'videos' | 'audios' | 'events';
    title: string;
    image: string;
    caption: string;
    /** Items of the kind have a page of their own at their slug. */
    slug: boolean;
    /** Events have no tags. */
    tags: boolean;
    counters: readonly (keyof typeof W)[];
  }
> = {
  product: {
    table: 'products',
    title: 'name',
    image: 'image',
    caption: 'description',
    slug: true,
    tags: true,
    counters: ['views'],
  },
  blog: {
    table: 'blogs',
    title: 'title',
    image: 'image',
    caption: 'caption',
    slug: true,
    tags: true,
    counters: ['views'],
  },
  photo: {
    table: 'photos',
    title: 'title',
    image: 'image',
    caption: 'caption',
    slug: false,
    tags: true,
    counters: ['views', 'likes', 'downloads'],
  },
  video: {
    table: 'videos',
    title: 'name',
    image: 'poster',
    caption: 'description',
    slug: false,
    tags: true,
    counters: ['views', 'likes'],
  },
  audio: {
    table: 'audios',
    title: 'name',
    image: 'cover',
    caption: 'description',
    slug: false,
    tags: true,
    counters: ['plays', 'downloads'],
  },
  event: {
    table: 'events',
    title: 'name',
    image: 'image',
    caption: 'description',
    slug: true,
    tags: false,
    counters: ['views', 'registrations'],
  },
};

/** The card SELECT of one kind, filtered. */
export function cardQuery(db: Db, kind: ItemKind, f: CardFilter = {}): CardQuery {
  const c = KIND_COLUMNS[kind];
  const score = sql.join(
    c.counters.map((counter) => sql`${sql.ref(counter)} * ${sql.lit(W[counter])}`),
    sql` + `,
  );
  // Products stand in for the kind's table (AnyKindQuery): the output columns are the same CardRow for every kind.
  const query = db.selectFrom(c.table as 'products').select([
    // Literals, not parameters: PostgreSQL cannot type a bare parameter in a UNION's select list.
    sql<ItemKind>`${sql.lit(kind)}`.as('kind'),
    'id',
    (c.slug ? sql<string | null>`slug` : sql<string | null>`CAST(NULL AS TEXT)`).as('slug'),
    sql<string>`${sql.ref(c.title)}`.as('title'),
    sql<string>`${sql.ref(c.image)}`.as('image'),
    sql<string>`${sql.ref(c.caption)}`.as('caption'),
    (c.tags ? sql<string>`tags` : sql<string>`''`).as('tags'),
    'category',
    'created_at',
    sql<number | string>`${score}`.as('score'),
  ]);
  // An event's tickets are no product to recommend: the event is.
  return filtered(kind === 'product' ? query.where('event_id', 'is', null) : query, c.table, f);
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
