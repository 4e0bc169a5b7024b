import { slugify, uniqueSlug } from '../../shared/slug.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Addresses the site's own pages take in a table's section: /events/cancel is where a registration is cancelled. */
const RESERVED: Record<'events' | 'products', readonly string[]> = { events: ['cancel'], products: [] };

/**
 * A free slug for a new row of `table`, made from its name (`fallback` when nothing is left of it); kept when the row
 * is renamed, so its address stays; never one of the site's own pages in that section. Used for events (/events/{slug}) and products (/shop/{slug}).
 */
export async function freeSlug(
  db: Kysely<Database> | Transaction<Database>,
  table: 'events' | 'products',
  name: string,
  fallback: string,
): Promise<string> {
  const base = slugify(name) || fallback;
  const rows = await db.selectFrom(table).select('slug').where('slug', 'like', `${base}%`).execute();
  const taken = new Set([...RESERVED[table], ...rows.map((r) => r.slug)]);
  return uniqueSlug(base, (slug) => taken.has(slug));
}
