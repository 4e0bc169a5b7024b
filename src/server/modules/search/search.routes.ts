import { Hono } from 'hono';
import { z } from 'zod';
import { CONTENT_TYPES } from '../../../shared/constants.ts';
import type { AppEnv } from '../../app-env.ts';
import { revalidate } from '../../http/revalidate.ts';
import { validQuery } from '../../http/valid-input.ts';
import { checkAgainst } from '../../../shared/schemas/refusal.ts';
import { search } from './search.service.ts';

const SearchQuery = z.object({
  k: z.string({ error: 'is required' }).max(200, 'must be at most 200 characters'),
  type: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined),
    z.enum(CONTENT_TYPES).optional(),
  ),
});

export const searchRoutes = new Hono<AppEnv>().get(
  '/',
  revalidate,
  validQuery(checkAgainst(SearchQuery, 'k')),
  async (c) => {
    const { k, type } = c.req.valid('query');
    return c.json({ results: await search(c.get('db'), k, type) });
  },
);
