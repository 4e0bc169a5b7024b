/** Admin writes of sliders, beside the public read in sliders.routes.ts; every route is admin-only. */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { checkWithMessages } from '../../../shared/schemas/refusal.ts';
import type { AppEnv } from '../../app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { readUploadForm, uploadBodyLimit } from '../../http/upload-form.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { mediaType } from '../../http/media-type.ts';
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
const checkActive = checkWithMessages(
  z.object({ isActive: z.boolean() }),
  { isActive: 'Active must be true or false.' },
  'isActive',
);
const checkOrder = checkWithMessages(
  z.object({ ids: z.array(ID).max(1000) }),
  { ids: 'The list must hold slider ids.' },
  'ids',
);

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

  router.patch('/sliders/:id', jsonBody(checkActive), async (c) => {
    const { isActive } = c.req.valid('json');
    const slider = await setSliderActive(writeContext(c), c.req.param('id'), isActive);
    siteChanged(c, 'sliders');
    return c.json({ message: isActive ? 'Slider activated' : 'Slider deactivated', slider });
  });

  router.delete('/sliders/:id', async (c) => {
    await deleteSlider(writeContext(c), c.req.param('id'));
    siteChanged(c, 'sliders');
    return c.json({ message: 'Slider deleted' });
  });

  router.put('/admin/sliders/order', jsonBody(checkOrder), async (c) => {
    const { ids } = c.req.valid('json');
    const results = await reorderSliders(writeContext(c), ids);
    siteChanged(c, 'sliders');
    return c.json({ results });
  });

  return router;
}
