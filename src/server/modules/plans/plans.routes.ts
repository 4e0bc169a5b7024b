/** Pricing plans: public GET /api/plans (published only), admin GET/POST /api/admin/plans and PUT/PATCH/DELETE /api/admin/plans/:id (JSON). */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { revalidate } from '../../http/revalidate.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { checkPlan, PlanInput, PlanPatch } from '../../../shared/schemas/plan-admin.ts';
import {
  allPlans,
  createPlan,
  deletePlan,
  publishedPlans,
  updatePlan,
  type PlanWriteContext,
} from './plans.service.ts';
import { siteChanged } from '../../site/site-changed.ts';

function writeContext(c: Context<AppEnv>): PlanWriteContext {
  // The admin guard ran first, so the user is set.
  return { db: c.get('db'), dataDir: c.get('env').DATA_DIR, actor: signedInUser(c) };
}

const planInput = jsonBody((body) => checkPlan(PlanInput, body));
const planPatch = jsonBody((body) => checkPlan(PlanPatch, body));

export function planRoutes() {
  const router = new Hono<AppEnv>();

  router.get('/plans', revalidate, async (c) => c.json({ results: await publishedPlans(c.get('db')) }));

  router.get('/admin/plans', async (c) => c.json({ results: await allPlans(c.get('db')) }));

  router.post('/admin/plans', planInput, async (c) => {
    const { plan, publicChanged } = await createPlan(writeContext(c), c.req.valid('json'));
    siteChanged(c, 'plans', publicChanged);
    return c.json({ message: 'Plan created', plan }, 201);
  });

  router.put('/admin/plans/:id', planInput, async (c) => {
    const { plan, publicChanged } = await updatePlan(writeContext(c), c.req.param('id'), {
      replace: c.req.valid('json'),
    });
    siteChanged(c, 'plans', publicChanged);
    return c.json({ message: 'Plan updated', plan });
  });

  router.patch('/admin/plans/:id', planPatch, async (c) => {
    const patch = c.req.valid('json');
    const { plan, publicChanged } = await updatePlan(writeContext(c), c.req.param('id'), { patch });
    siteChanged(c, 'plans', publicChanged);
    const message =
      patch.published === undefined || Object.keys(patch).length > 1
        ? 'Plan updated'
        : patch.published
          ? 'Plan published'
          : 'Plan unpublished';
    return c.json({ message, plan });
  });

  router.delete('/admin/plans/:id', async (c) => {
    siteChanged(c, 'plans', await deletePlan(writeContext(c), c.req.param('id')));
    return c.json({ message: 'Plan deleted' });
  });

  return router;
}
