import { Hono } from 'hono';
import { PageQuery } from '../../../shared/schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { revalidatePerUser } from '../../http/revalidate.ts';
import { validQuery } from '../../http/valid-input.ts';
import { checkAgainst } from '../../../shared/schemas/refusal.ts';
import { listRecommendations } from './recommendations.service.ts';

export const recommendationRoutes = new Hono<AppEnv>().get(
  '/personalized',
  revalidatePerUser,
  validQuery(checkAgainst(PageQuery, 'limit')),
  async (c) => {
    const { limit, offset } = c.req.valid('query');
    return c.json({ results: await listRecommendations(c.get('db'), limit, offset, c.get('user')?.id) });
  },
);
