/** The redirects table: old paths (redirectPath's form) and where they lead now. */
import type { Db } from '../../db/connection.ts';

/** Where `path` (already in redirectPath's form) leads, or null. */
export async function findRedirect(db: Db, path: string): Promise<string | null> {
  const row = await db.selectFrom('redirects').select('to_path').where('from_path', '=', path).executeTakeFirst();
  return row?.to_path ?? null;
}

/** Sets where `from` leads (a second import of the same item moves it to the item's current address). */
export async function saveRedirect(db: Db, from: string, to: string, source: 'import' | 'admin'): Promise<void> {
  await db
    .insertInto('redirects')
    .values({ from_path: from, to_path: to, source })
    .onConflict((oc) => oc.column('from_path').doUpdateSet({ to_path: to, source }))
    .execute();
}

/** Every redirect, by old path. */
export function listRedirects(db: Db): Promise<{ from_path: string; to_path: string }[]> {
  return db.selectFrom('redirects').select(['from_path', 'to_path']).orderBy('from_path').execute();
}
