import { Hono } from 'hono';
import { z } from 'zod';
import { CONTENT_TYPES } from '../../../shared/constants.ts';
import type { AppEnv } from '../../app-env.ts';
import { addressLimit } from '../../http/address-limit.ts';
import { revalidate } from '../../http/revalidate.ts';
import { validQuery } from '../../http/valid-input.ts';
import { checkAgainst } from '../../../shared/schemas/refusal.ts';
import { search } from './search.service.ts';

const SearchQuery = z.object({
  k: z.string({ error: 'Enter a search term.' }).max(200, 'The search term must be at most 200 characters.'),
  type: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined),
    z.enum(CONTENT_TYPES, { error: `must be one of ${CONTENT_TYPES.join(', ')}` }).optional(),
  ),
});

/** Searches one client address may make in a minute: far above a person's typing, well below a scraper's loop. */
export const SEARCH_LIMIT = { limit: 60, windowMs: 60_000 } as const;
export const SEARCH_TOO_MANY = 'Too many searches. Please wait a moment and try again.';

export const searchRoutes = new Hono<AppEnv>().get(
  '/',
  addressLimit('search.ip', SEARCH_LIMIT, SEARCH_TOO_MANY),
  revalidate,
  validQuery(checkAgainst(SearchQuery, 'k')),
  async (c) => {
    const { k, type } = c.req.valid('query');
    return c.json({ results: await search(c.get('db'), k, type) });
  },
);
