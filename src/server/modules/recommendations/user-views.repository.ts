import type { Db } from '../../db/connection.ts';

/** Records (or refreshes) that a signed-in user opened an item, with its tags. */
export function recordView(db: Db, userId: string, contentType: string, refId: string, tags: string) {
  const viewedAt = new Date().toISOString();
  return db
    .insertInto('user_views')
    .values({ user_id: userId, content_type: contentType, ref_id: refId, tags, viewed_at: viewedAt })
    .onConflict((oc) => oc.columns(['user_id', 'content_type', 'ref_id']).doUpdateSet({ tags, viewed_at: viewedAt }))
    .execute();
}
