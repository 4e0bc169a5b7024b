/** The Featured screen's calls, one function per endpoint. */
import type { ItemKind, ItemRef } from '../../../shared/recommend-rank.ts';
import type { FeaturedItem, FeaturedSaved, FeaturedState } from '../../../shared/schemas/featured.ts';
import type { ListResponse } from '../../../shared/types.ts';
import { api } from '../client.ts';

/** GET /api/admin/featured: the pins in order and the first items of the row they make. */
export const fetchFeatured = () => api<FeaturedState>('/api/admin/featured');

/** GET /api/admin/featured/search: published items matching `q` (the newest without words), of one kind or all. */
export const searchFeatured = async (q: string, type?: ItemKind): Promise<FeaturedItem[]> =>
  (await api<ListResponse<FeaturedItem>>('/api/admin/featured/search', { query: { q, ...(type ? { type } : {}) } }))
    .results;

/** PUT /api/admin/featured: every pin, in the new order (pin, unpin and reorder are each a save of the list). */
export const saveFeatured = (items: readonly ItemRef[]) =>
  api<FeaturedSaved>('/api/admin/featured', {
    method: 'PUT',
    body: { items: items.map(({ kind, id }) => ({ kind, id })) },
  });
