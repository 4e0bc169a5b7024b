import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../../app-env.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  try {
    await sql`select 1`.execute(c.get('db'));
    return c.json({ ok: true });
  } catch {
    return c.json({ message: 'Database unavailable' }, 503);
  }
});
