/** Full-text search over the six content types, on whichever database the server runs (one module per database). */
import type { ContentType } from '../../shared/types.ts';
import { databaseKind, type Db } from './connection.ts';
import * as postgres from './postgres-search.ts';
import type { SearchHit } from './search-sources.ts';
import * as sqlite from './sqlite-search.ts';

export type { SearchHit };

const modules = { sqlite, postgres };

/** Creates or updates the index and fills it when empty; run at start (prepare.ts). */
export function ensureSearchIndex(db: Db): Promise<void> {
  return modules[databaseKind(db)].ensureSearchIndex(db);
}

/** Hits in relevance order, at most `limit`; drafts included (the caller filters them). */
export function searchIndex(db: Db, text: string, type: ContentType | undefined, limit: number): Promise<SearchHit[]> {
  return modules[databaseKind(db)].searchIndex(db, text, type, limit);
}
