import { Hono } from 'hono';
import type { AppEnv } from '../../app.ts';
import { getCompany } from './company.service.ts';

export const companyRoutes = new Hono<AppEnv>().get('/', async (c) => c.json(await getCompany(c.get('db'))));
