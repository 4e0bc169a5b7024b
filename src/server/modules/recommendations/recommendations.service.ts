import type { Selectable } from 'kysely';
import type { Recommendation } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import type { RecommendationsTable } from '../../db/schema.ts';
import { listRecommendationRows } from './recommendations.repository.ts';

export function recommendationFromRow(row: Selectable<RecommendationsTable>): Recommendation {
  return { _id: row.id, image: row.image, title: row.title, caption: row.caption, tags: parseStringArray(row.tags) };
}

/** Most popular first; personal ranking by viewed tags comes with the accounts and content work. */
export async function listRecommendations(db: Db, limit: number, offset: number): Promise<Recommendation[]> {
  return (await listRecommendationRows(db, limit, offset)).map(recommendationFromRow);
}
