/**
 * Scheduled publishing: POST /api/admin/schedule sets a change, GET lists them, DELETE /api/admin/schedule/:id
 * withdraws one, GET /api/admin/schedule/items lists a type's items for the form. The roles that publish something
 * reach the routes (the admin guard); each type is kept to the roles that may publish it.
 */
import { Hono } from 'hono';
import { checkSchedule, checkScheduleItemsQuery, SCHEDULE_CANCELLED } from '../../../shared/schemas/schedule.ts';
import type { AppEnv } from '../../app-env.ts';
import { jsonBody, validQuery } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { cancelChange, listSchedule, scheduleChange, scheduleItems } from './schedule.service.ts';
import { wakeScheduleRunners } from './schedule-runner.ts';

export function scheduleRoutes() {
  return new Hono<AppEnv>()
    .get('/admin/schedule', async (c) => c.json(await listSchedule({ db: c.get('db'), actor: signedInUser(c) })))
    .get('/admin/schedule/items', validQuery(checkScheduleItemsQuery), async (c) =>
      c.json({
        results: await scheduleItems({ db: c.get('db'), actor: signedInUser(c) }, c.req.valid('query').type),
      }),
    )
    .post('/admin/schedule', jsonBody(checkSchedule), async (c) => {
      const result = await scheduleChange({ db: c.get('db'), actor: signedInUser(c) }, c.req.valid('json'));
      wakeScheduleRunners();
      return c.json(result, 201);
    })
    .delete('/admin/schedule/:id', async (c) => {
      await cancelChange({ db: c.get('db'), actor: signedInUser(c) }, c.req.param('id'));
      return c.json({ message: SCHEDULE_CANCELLED });
    });
}
