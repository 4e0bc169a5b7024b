/** The current counts of a list's items, asked once the list is known, and a like's answer put in at once. */
import { useCallback, useEffect, useState } from 'react';
import { fetchCounts } from '../../lib/api/likes.ts';
import type { ActivityType, ItemCounts } from '../../shared/activity.ts';

export type CountsById = Readonly<Record<string, ItemCounts>>;

/**
 * Counts by id for `ids` (read after hydration: the build's numbers show until then) and `update`, which merges one
 * item's new counts (a like) in. A failed read leaves the build's numbers.
 */
export function useItemCounts(type: ActivityType, ids: readonly string[]) {
  const [counts, setCounts] = useState<CountsById>({});
  const key = ids.join(',');
  useEffect(() => {
    if (key === '') return;
    let live = true;
    fetchCounts(type, key.split(','))
      .then((fresh) => live && setCounts((shown) => ({ ...shown, ...fresh })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [type, key]);
  const update = useCallback(
    (id: string, changed: ItemCounts) => setCounts((shown) => ({ ...shown, [id]: { ...shown[id], ...changed } })),
    [],
  );
  return { counts, update };
}
