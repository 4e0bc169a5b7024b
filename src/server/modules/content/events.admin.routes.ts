/**
 * Events of Content Management: /api/admin/events; POST and PUT take multipart with an optional picture `image`, or
 * JSON. The event's drafts and history hang from the same path (event-draft.routes.ts).
 */
import { Hono } from 'hono';
import { checkEvent } from '../../../shared/schemas/event-admin.ts';
import { checkPublish } from '../../../shared/schemas/photo-admin.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { readWriteBody, uploadBodyLimit } from '../../http/upload-form.ts';
import { idParam, writeContext } from './content.admin.service.ts';
import { jsonBody, passed } from '../../http/valid-input.ts';
import { objectBody } from '../../../shared/schemas/refusal.ts';
import { adminEvents, createEvent, deleteEvent, setEventPublished, updateEvent } from './events.admin.ts';
import { eventDraftRoutes } from './event-draft.routes.ts';
import { siteChanged } from '../../site/site-changed.ts';
import { promoteAfterEdit } from '../events/registrations.service.ts';

export function eventAdminRoutes(deps: Deps) {
  const { mailer } = deps;
  const router = new Hono<AppEnv>();

  router.get('/admin/events', async (c) => c.json({ results: await adminEvents(c.get('db')) }));
  router.post('/admin/events', uploadBodyLimit(1), async (c) => {
    const { fields, files } = await readWriteBody(c, ['image']);
    const values = passed(checkEvent(fields));
    const { event, publicChange } = await createEvent(writeContext(c), values, files['image']);
    siteChanged(c, 'events', publicChange);
    return c.json({ message: 'Event created', event }, 201);
  });
  router.put('/admin/events/:id', uploadBodyLimit(1), async (c) => {
    const id = idParam(c, 'Event');
    const { fields, files } = await readWriteBody(c, ['image']);
    const values = passed(checkEvent(fields));
    const { event, publicChange } = await updateEvent(writeContext(c), id, values, files['image']);
    // A larger capacity moves the waiting list up (each person moved up is mailed).
    await promoteAfterEdit({ db: c.get('db'), env: c.get('env'), mailer }, id);
    siteChanged(c, 'events', publicChange);
    return c.json({ message: 'Event updated', event });
  });
  router.patch('/admin/events/:id', jsonBody(objectBody(checkPublish)), async (c) => {
    const { published } = c.req.valid('json');
    const { event, publicChange } = await setEventPublished(writeContext(c), idParam(c, 'Event'), published);
    siteChanged(c, 'events', publicChange);
    return c.json({ message: event.published ? 'Event published' : 'Event unpublished', event });
  });
  router.delete('/admin/events/:id', async (c) => {
    const { publicChange } = await deleteEvent(writeContext(c), idParam(c, 'Event'));
    siteChanged(c, 'events', publicChange);
    return c.json({ message: 'Event deleted' });
  });
  router.route('/', eventDraftRoutes(deps));
  return router;
}
