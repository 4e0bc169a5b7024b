/** What every Content Management write shares: who writes where, and the 404 of an unknown id. */
import type { Context } from 'hono';
import { signedInUser } from '../../middleware/auth.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/errors.ts';
import type { AuthUser } from '../auth/user-dto.ts';

/** Where stored files live (DATA_DIR) and who is writing. */
export interface ContentWriteContext {
  db: Db;
  dataDir: string;
  actor: AuthUser;
}

/** The write context of a request that passed the admin guard (so the user is set). */
export function writeContext(c: Context<AppEnv>): ContentWriteContext {
  return { db: c.get('db'), dataDir: c.get('env').DATA_DIR, actor: signedInUser(c) };
}

/** 404 with a message naming the type ('Video not found'). */
export const missing = (what: string) => new ApiError(404, `${what} not found`);

/** Ids are server-made UUIDs (or the seed's ids); anything longer is refused before it reaches a query. */
export function idParam(c: Context<AppEnv>, what: string): string {
  const id = c.req.param('id') ?? '';
  if (id.length === 0 || id.length > 100) throw missing(what);
  return id;
}
