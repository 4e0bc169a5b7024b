import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { revalidate } from '../../http/revalidate.ts';
import { activeSliders } from './sliders.service.ts';

export const sliderRoutes = new Hono<AppEnv>().get('/', revalidate, async (c) =>
  c.json({ results: await activeSliders(c.get('db')) }),
);
