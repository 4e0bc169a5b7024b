/**
 * The admin's Featured screen: the pins with the row they make, the search for published items to pin, and the save
 * of the whole pin list (pin, unpin and reorder alike), audited in the same transaction.
 */
import {
  FEATURED_PINS_MAX,
  FEATURED_PREVIEW,
  FEATURED_SEARCH_MAX,
  type FeaturedItem,
  type FeaturedState,
} from '../../../shared/schemas/featured.ts';
import { itemKey, type ItemKind, type ItemRef } from '../../../shared/recommend-rank.ts';
import type { Db } from '../../db/connection.ts';
import { searchIndex } from '../../db/search-index.ts';
import { fieldError } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { cardsOf, newestCards, replacePins, type CardRow } from './recommendations.repository.ts';
import { cardsInOrder, featuredCards, pinRefs, recommendationFromCard } from './recommendations.service.ts';

const KIND_NAMES: Record<ItemKind, string> = {
  product: 'product',
  blog: 'post',
  photo: 'photo',
  video: 'video',
  audio: 'audio item',
  event: 'event',
};

function featuredItem(row: CardRow, published: boolean): FeaturedItem {
  const { caption, ...card } = recommendationFromCard(row);
  return {
    kind: row.kind,
    id: row.id,
    title: card.title,
    image: card.image,
    caption,
    published,
    createdAt: row.created_at,
  };
}

/** GET /api/admin/featured: the pins in order (an unpublished one marked, a deleted one gone) and the row's first items. */
export async function featuredState(db: Db, now = new Date()): Promise<FeaturedState> {
  const refs = await pinRefs(db);
  const [all, published, row] = await Promise.all([
    cardsInOrder(db, refs, true),
    cardsOf(db, refs),
    featuredCards(db, FEATURED_PREVIEW, 0, now),
  ]);
  const live = new Set(published.map(itemKey));
  const pinned = new Set(refs.map(itemKey));
  return {
    pins: all.map((r) => featuredItem(r, live.has(itemKey(r)))),
    preview: row.map((r) => ({ ...recommendationFromCard(r), pinned: pinned.has(itemKey(r)) })),
  };
}

/** GET /api/admin/featured/search: published items matching the words (best first), or the newest with none. */
export async function searchPinnable(db: Db, q: string, type?: ItemKind): Promise<FeaturedItem[]> {
  const words = q.trim();
  if (!words) return (await newestCards(db, FEATURED_SEARCH_MAX, type ? [type] : undefined)).map(live);
  // Drafts are among the hits (the index holds every item); a few more are read so that enough published ones remain.
  const hits = await searchIndex(db, words, type, FEATURED_SEARCH_MAX * 3);
  const refs = hits.map((hit) => ({ kind: hit.type, id: hit.ref_id }));
  return (await cardsInOrder(db, refs)).slice(0, FEATURED_SEARCH_MAX).map(live);
}

const live = (row: CardRow) => featuredItem(row, true);

/** Who saves. */
export interface FeaturedWriteContext {
  db: Db;
  actor: AuthUser;
}

/**
 * PUT /api/admin/featured: `items` become the pins in that order. A new pin must name a published item; a pin kept
 * from before may name one unpublished since (it waits, skipped by the row, until it is published or unpinned).
 */
export async function savePins(ctx: FeaturedWriteContext, items: readonly ItemRef[]): Promise<FeaturedState> {
  if (items.length > FEATURED_PINS_MAX) throw fieldError(400, `Pin at most ${FEATURED_PINS_MAX} items.`, 'items');
  await ctx.db.transaction().execute(async (trx) => {
    const before = new Set((await pinRefs(trx)).map(itemKey));
    const published = new Set((await cardsOf(trx, items)).map(itemKey));
    const existing = new Set((await cardsOf(trx, items, true)).map(itemKey));
    for (const item of items) {
      const key = itemKey(item);
      if (!existing.has(key) || (!published.has(key) && !before.has(key)))
        throw fieldError(400, `No published ${KIND_NAMES[item.kind]} has the id "${item.id}".`, 'items');
    }
    await replacePins(trx, items, new Date().toISOString());
    await recordAudit(trx, ctx.actor, {
      action: 'featured.update',
      target: { type: 'featured' },
      summary: items.length === 0 ? 'Featured row: no pins' : `Featured row: ${items.length} pinned`,
    });
  });
  return featuredState(ctx.db);
}
