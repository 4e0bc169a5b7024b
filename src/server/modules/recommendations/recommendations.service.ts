import type { Selectable } from 'kysely';
import type { Recommendation, RecommendedItem } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import type { RecommendationsTable } from '../../db/schema.ts';
import { rankByViewedTags } from '../../../shared/recommend.ts';
import { findItemsByTitle, listRecommendationRows } from './recommendations.repository.ts';
import { recentViewTags } from './user-views.repository.ts';

export function recommendationFromRow(
  row: Selectable<RecommendationsTable>,
  item: RecommendedItem | null = null,
): Recommendation {
  return {
    _id: row.id,
    image: row.image,
    title: row.title,
    caption: row.caption,
    tags: parseStringArray(row.tags),
    item,
  };
}

/**
 * Each recommendation with the published item it is about: the one of the same title (a recommendation is a copy of
 * an item's title and picture), the first kind in findItemsByTitle's order when several kinds share it.
 */
async function withItems(db: Db, list: Recommendation[]): Promise<Recommendation[]> {
  const found = await findItemsByTitle(
    db,
    list.map((r) => r.title),
  );
  const byTitle = new Map<string, RecommendedItem>();
  for (const { title, ...item } of found) if (!byTitle.has(title)) byTitle.set(title, item);
  return list.map((r) => ({ ...r, item: byTitle.get(r.title) ?? null }));
}

/** Most popular first; for a signed-in user, ranked by overlap with the tags of what they viewed. */
export async function listRecommendations(
  db: Db,
  limit: number,
  offset: number,
  userId?: string,
): Promise<Recommendation[]> {
  if (!userId)
    return withItems(
      db,
      (await listRecommendationRows(db, limit, offset)).map((row) => recommendationFromRow(row)),
    );
  const [rows, views] = await Promise.all([listRecommendationRows(db, PERSONAL_POOL, 0), recentViewTags(db, userId)]);
  const viewedTags = views.flatMap((v) => parseStringArray(v.tags));
  const ranked = rankByViewedTags(
    rows.map((row) => recommendationFromRow(row)),
    viewedTags,
  );
  return withItems(db, ranked.slice(offset, offset + limit));
}

/** How many of the most popular recommendations a personal list is chosen from. */
const PERSONAL_POOL = 500;
