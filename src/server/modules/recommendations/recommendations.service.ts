import type { Selectable } from 'kysely';
import type { Recommendation } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import type { RecommendationsTable } from '../../db/schema.ts';
import { rankByViewedTags } from '../../../shared/recommend.ts';
import { listRecommendationRows } from './recommendations.repository.ts';
import { recentViewTags } from './user-views.repository.ts';

export function recommendationFromRow(row: Selectable<RecommendationsTable>): Recommendation {
  return { _id: row.id, image: row.image, title: row.title, caption: row.caption, tags: parseStringArray(row.tags) };
}

/** Most popular first; for a signed-in user, ranked by overlap with the tags of what they viewed. */
export async function listRecommendations(
  db: Db,
  limit: number,
  offset: number,
  userId?: string,
): Promise<Recommendation[]> {
  if (!userId) return (await listRecommendationRows(db, limit, offset)).map(recommendationFromRow);
  const [rows, views] = await Promise.all([listRecommendationRows(db, PERSONAL_POOL, 0), recentViewTags(db, userId)]);
  const viewedTags = views.flatMap((v) => parseStringArray(v.tags));
  return rankByViewedTags(rows.map(recommendationFromRow), viewedTags).slice(offset, offset + limit);
}

/** How many of the most popular recommendations a personal list is chosen from. */
const PERSONAL_POOL = 500;
