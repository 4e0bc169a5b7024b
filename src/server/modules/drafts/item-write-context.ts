/** Who writes, and where pictures live, for a draft or history call: the admin guard ran first, so the user is set. */
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { signedInUser } from '../../middleware/auth.ts';
import type { ItemWriteContext } from './draft.service.ts';

export const itemWriteContext = (c: Context<AppEnv>): ItemWriteContext => ({
  db: c.get('db'),
  dataDir: c.get('env').DATA_DIR,
  actor: signedInUser(c),
});
