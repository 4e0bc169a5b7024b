/**
 * GET /api/recommendations/personalized: 'For You' for a signed-in visitor (their views, likes, purchases and event
 * registrations scored by category and tag, src/shared/recommend-rank.ts), 'Featured' for everyone else and for a
 * visitor with no history (the admin's pins, then the most popular items). Only published items; never what the
 * visitor bought or registered for.
 */
import type { Recommendation } from '../../../shared/types.ts';
import {
  affinityOf,
  featuredWindow,
  isEmptyAffinity,
  isItemKind,
  itemKey,
  ITEM_KINDS,
  popularSince,
  rankForYou,
  shortCaption,
  topCategories,
  type Candidate,
  type ItemRef,
  type Signal,
  type SignalKind,
} from '../../../shared/recommend-rank.ts';
import type { Db } from '../../db/connection.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import { candidateCards, cardsOf, listPinRows, popularCards, type CardRow } from './recommendations.repository.ts';
import { boughtProducts, likedItems, registeredEvents, viewedItems } from './signals.repository.ts';

/** How many of each kind's newest items (and of its newest in the visitor's favourite categories) For You ranks. */
const CANDIDATE_POOL = 50;
/** How many favourite categories reach back past the newest items. */
const FAVOURITE_CATEGORIES = 5;

/** A card row as the API's Recommendation; `_id` is the item's kind and id ('product:…'). */
export function recommendationFromCard(row: CardRow): Recommendation {
  return {
    _id: itemKey(row),
    image: row.image,
    title: row.title,
    caption: shortCaption(row.caption),
    tags: parseStringArray(row.tags),
    item: { kind: row.kind, id: row.id, slug: row.slug },
  };
}

/** The stored pins in the admin's order (unknown kinds dropped). */
export async function pinRefs(db: Db): Promise<ItemRef[]> {
  return (await listPinRows(db)).flatMap((row) =>
    isItemKind(row.content_type) ? [{ kind: row.content_type, id: row.content_id }] : [],
  );
}

/** The cards of `refs` in that order; an item missing (or unpublished, unless `drafts`) is skipped. */
export async function cardsInOrder(db: Db, refs: readonly ItemRef[], drafts = false): Promise<CardRow[]> {
  const byKey = new Map((await cardsOf(db, refs, drafts)).map((row) => [itemKey(row), row]));
  return refs.flatMap((ref) => byKey.get(itemKey(ref)) ?? []);
}

/**
 * The Featured row's items `offset` to `offset + limit`: the published pins in order, then the popular fill without
 * them. `exclude` (a visitor's purchases) is left out of both.
 */
export async function featuredCards(
  db: Db,
  limit: number,
  offset: number,
  now: Date,
  exclude: readonly ItemRef[] = [],
): Promise<CardRow[]> {
  const pinned = await cardsInOrder(db, await pinRefs(db));
  const excluded = new Set(exclude.map(itemKey));
  const window = featuredWindow(
    pinned.filter((row) => !excluded.has(itemKey(row))),
    limit,
    offset,
  );
  const fill = await popularCards(db, popularSince(now), window.fillLimit, window.fillOffset, [...pinned, ...exclude]);
  return [...window.pins, ...fill];
}

const toCandidate = (row: CardRow): Candidate & { row: CardRow } => ({
  kind: row.kind,
  id: row.id,
  category: row.category,
  tags: parseStringArray(row.tags),
  createdAt: row.created_at,
  row,
});

const unique = (refs: readonly ItemRef[]) => [...new Map(refs.map((ref) => [itemKey(ref), ref])).values()];

/** What the visitor did, each as the signal it is with the item's current category and tags. */
async function signalsOf(db: Db, userId: string) {
  const [viewed, bought] = await Promise.all([viewedItems(db, userId), boughtProducts(db, userId)]);
  const [liked, registered] = await engagement(db, userId);
  const cards = new Map(
    (await cardsOf(db, unique([...viewed, ...liked, ...bought, ...registered]), true)).map((row) => [
      itemKey(row),
      row,
    ]),
  );
  const signals: Signal[] = [];
  const add = (kind: SignalKind, refs: readonly ItemRef[]) => {
    for (const ref of refs) {
      const row = cards.get(itemKey(ref));
      if (row) signals.push({ kind, category: row.category, tags: parseStringArray(row.tags) });
    }
  };
  add('view', viewed);
  add('like', liked);
  add('purchase', bought);
  add('registration', registered);
  return { signals, exclude: unique([...bought, ...registered]), seen: unique([...viewed, ...liked]) };
}

/** The visitor's likes and event registrations (content_likes, event_registrations): the stronger signals. */
function engagement(db: Db, userId: string): Promise<[ItemRef[], ItemRef[]]> {
  return Promise.all([likedItems(db, userId), registeredEvents(db, userId)]);
}

/** For You's items `offset` to `offset + limit`; Featured (without what they bought) when nothing ranks them. */
export async function forYouCards(db: Db, userId: string, limit: number, offset: number, now: Date) {
  const { signals, exclude, seen } = await signalsOf(db, userId);
  const affinity = affinityOf(signals);
  if (isEmptyAffinity(affinity)) return featuredCards(db, limit, offset, now, exclude);
  const categories = topCategories(affinity, FAVOURITE_CATEGORIES);
  const pools = await Promise.all(
    ITEM_KINDS.map((kind) =>
      candidateCards(
        db,
        kind,
        CANDIDATE_POOL,
        categories,
        exclude.filter((ref) => ref.kind === kind).map((ref) => ref.id),
      ),
    ),
  );
  const ranked = rankForYou(pools.flat().map(toCandidate), affinity, {
    exclude: new Set(exclude.map(itemKey)),
    seen: new Set(seen.map(itemKey)),
  });
  return ranked.slice(offset, offset + limit).map((c) => c.row);
}

/** The answer of GET /api/recommendations/personalized. */
export async function listRecommendations(
  db: Db,
  limit: number,
  offset: number,
  userId?: string,
  now = new Date(),
): Promise<Recommendation[]> {
  const rows = userId ? await forYouCards(db, userId, limit, offset, now) : await featuredCards(db, limit, offset, now);
  return rows.map(recommendationFromCard);
}
