import { Hono } from 'hono';
import { PageQuery } from '../../../shared/schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { revalidatePerUser } from '../../http/revalidate.ts';
import { validate } from '../../http/validate.ts';
import { listRecommendations } from './recommendations.service.ts';

export const recommendationRoutes = new Hono<AppEnv>().get('/personalized', revalidatePerUser, async (c) => {
  const { limit, offset } = validate(PageQuery, c.req.query());
  return c.json({ results: await listRecommendations(c.get('db'), limit, offset, c.get('user')?.id) });
});
