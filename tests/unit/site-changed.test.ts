import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../../src/server/app-env.ts';
import { ApiError } from '../../src/server/http/errors.ts';
import { onError } from '../../src/server/http/on-error.ts';
import { rebuildAfterChange, siteChanged } from '../../src/server/site/site-changed.ts';

/** An app with the middleware mounted as app.ts mounts it, and routes that mark a change in each way a write can end. */
function appAsking() {
  const asked: string[] = [];
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.use(rebuildAfterChange({ request: (reason) => asked.push(reason) }));
  app.post('/published', (c) => {
    siteChanged(c, 'blogs');
    return c.json({ message: 'Blog created' }, 201);
  });
  app.post('/draft', (c) => {
    siteChanged(c, 'blogs', false);
    return c.json({ message: 'Draft saved' }, 201);
  });
  app.post('/refused-after', (c) => {
    siteChanged(c, 'products');
    throw new ApiError(409, 'Conflict');
  });
  app.post('/failed-after', (c) => {
    siteChanged(c, 'pages');
    throw new Error('disk gone');
  });
  app.post('/unmarked', (c) => c.json({ message: 'Saved' }));
  return { app, asked };
}

describe('one rebuild request per successful admin write', () => {
  it('asks once, with the reason the handler named, when the answer is a success', async () => {
    const { app, asked } = appAsking();
    expect((await app.request('/published', { method: 'POST' })).status).toBe(201);
    expect(asked).toEqual(['blogs changed']);
  });

  it('asks nothing for a draft, an unmarked write, or a write refused or failed after it was marked', async () => {
    const { app, asked } = appAsking();
    // The failed write's error is logged by onError, as every unexpected one is.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await app.request('/draft', { method: 'POST' })).status).toBe(201);
    expect((await app.request('/unmarked', { method: 'POST' })).status).toBe(200);
    expect((await app.request('/refused-after', { method: 'POST' })).status).toBe(409);
    expect((await app.request('/failed-after', { method: 'POST' })).status).toBe(500);
    expect(asked).toEqual([]);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
