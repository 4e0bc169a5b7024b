import type { Db } from '../../db/connection.ts';

/** Most popular first; `limit` rows from `offset`. */
export function listRecommendationRows(db: Db, limit: number, offset: number) {
  return db
    .selectFrom('recommendations')
    .selectAll()
    .orderBy('popularity', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}
