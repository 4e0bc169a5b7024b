/** Admin writes of sliders, beside the public read in sliders.routes.ts; every route is admin-only. */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { readUploadForm, uploadBodyLimit } from '../../http/upload-form.ts';
import { mediaType } from '../../http/validate.ts';
import { signedInUser } from '../../middleware/auth.ts';
import {
  allSliders,
  createSlider,
  deleteSlider,
  reorderSliders,
  setSliderActive,
  updateSlider,
  type WriteContext,
} from './sliders.admin.service.ts';
import { siteChanged } from '../../site/site-changed.ts';

/** Slider ids are server-made UUIDs; a cap keeps any id list small. */
const ID = z.string().min(1).max(100);
const ActiveBody = z.object({ isActive: z.boolean() });
const OrderBody = z.object({ ids: z.array(ID).max(1000) });

function writeContext(c: Context<AppEnv>): WriteContext {
  // The admin guard ran first, so the user is set.
  return { db: c.get('db'), dataDir: c.get('env').DATA_DIR, actor: signedInUser(c) };
}

/** The slider form: multipart only (a file may come with it). */
async function sliderForm(c: Context<AppEnv>) {
  if (mediaType(c.req.header('content-type')) !== 'multipart/form-data')
    throw new ApiError(415, 'Content-Type must be multipart/form-data');
  return readUploadForm(c, ['image']);
}

/** A JSON body checked against `schema`, or a 400 naming `field`. */
async function jsonBody<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
  field: string,
  message: string,
): Promise<z.infer<S>> {
  const body: unknown = await c.req.json().catch(() => undefined);
  const result = schema.safeParse(body);
  if (!result.success) throw fieldError(400, message, field);
  return result.data;
}

export function sliderAdminRoutes() {
  const router = new Hono<AppEnv>();

  router.get('/admin/sliders', async (c) => c.json({ results: await allSliders(c.get('db')) }));

  router.post('/sliders', uploadBodyLimit(1), async (c) => {
    const slider = await createSlider(writeContext(c), await sliderForm(c));
    siteChanged(c, 'sliders');
    return c.json({ message: 'Slider created successfully!', slider }, 201);
  });

  router.put('/sliders/:id', uploadBodyLimit(1), async (c) => {
    const slider = await updateSlider(writeContext(c), c.req.param('id'), await sliderForm(c));
    siteChanged(c, 'sliders');
    return c.json({ message: 'Slider updated successfully!', slider });
  });

  router.patch('/sliders/:id', async (c) => {
    const { isActive } = await jsonBody(c, ActiveBody, 'isActive', 'isActive: must be true or false');
    const slider = await setSliderActive(writeContext(c), c.req.param('id'), isActive);
    siteChanged(c, 'sliders');
    return c.json({ message: isActive ? 'Slider activated' : 'Slider deactivated', slider });
  });

  router.delete('/sliders/:id', async (c) => {
    await deleteSlider(writeContext(c), c.req.param('id'));
    siteChanged(c, 'sliders');
    return c.json({ message: 'Slider deleted' });
  });

  router.put('/admin/sliders/order', async (c) => {
    const { ids } = await jsonBody(c, OrderBody, 'ids', 'ids: must be a list of slider ids');
    const results = await reorderSliders(writeContext(c), ids);
    siteChanged(c, 'sliders');
    return c.json({ results });
  });

  return router;
}
