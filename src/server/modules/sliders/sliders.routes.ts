import { Hono } from 'hono';
import type { AppEnv } from '../../app.ts';
import { activeSliders } from './sliders.service.ts';

export const sliderRoutes = new Hono<AppEnv>().get('/', async (c) => c.json({ results: await activeSliders(c.get('db')) }));
