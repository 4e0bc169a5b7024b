import type { Db } from '../../db/connection.ts';

export function listActiveSliderRows(db: Db) {
  return db.selectFrom('sliders').selectAll().where('is_active', '=', true).orderBy('sort_order').orderBy('created_at').orderBy('id').execute();
}
