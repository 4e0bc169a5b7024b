/**
 * The team shown on About: the public GET /api/team in order, and the admin's list, create, edit
 * (multipart with an optional `photo`, or JSON), delete and reorder under /api/admin/team, each write asking for the
 * site rebuild.
 */
import { Hono, type Context } from 'hono';
import { checkTeamOrder, TEAM_MEMBER_NOT_FOUND } from '../../../shared/schemas/team.ts';
import type { AppEnv } from '../../app-env.ts';
import { notFound } from '../../http/errors.ts';
import { readWriteBody, uploadBodyLimit } from '../../http/upload-form.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import {
  createTeamMember,
  deleteTeamMember,
  listTeam,
  reorderTeam,
  updateTeamMember,
  type TeamWriteContext,
} from './team.service.ts';
import { siteChanged } from '../../site/site-changed.ts';

/** Member ids are server-made UUIDs; anything longer is no member. */
const ID_MAX = 100;

function writeContext(c: Context<AppEnv>): TeamWriteContext {
  // The admin guard ran first, so the user is set.
  return { db: c.get('db'), dataDir: c.get('env').DATA_DIR, actor: signedInUser(c) };
}

function memberId(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (id.length > ID_MAX) throw notFound(TEAM_MEMBER_NOT_FOUND);
  return id;
}

/** The body of a create or edit: a multipart form (its file field is `photo`) or a JSON object. */
const teamInput = (c: Context<AppEnv>) => readWriteBody(c, ['photo']);

export function teamRoutes() {
  return (
    new Hono<AppEnv>()
      .get('/team', async (c) => c.json({ results: await listTeam(c.get('db')) }))
      .get('/admin/team', async (c) => c.json({ results: await listTeam(c.get('db')) }))
      .post('/admin/team', uploadBodyLimit(1), async (c) => {
        const member = await createTeamMember(writeContext(c), await teamInput(c));
        siteChanged(c, 'team');
        return c.json({ message: `${member.name} was added to the team`, member }, 201);
      })
      // Before /admin/team/:id, which would otherwise take 'order' for an id.
      .put('/admin/team/order', jsonBody(checkTeamOrder), async (c) => {
        const results = await reorderTeam(writeContext(c), c.req.valid('json').ids);
        siteChanged(c, 'team');
        return c.json({ results });
      })
      .put('/admin/team/:id', uploadBodyLimit(1), async (c) => {
        const member = await updateTeamMember(writeContext(c), memberId(c), await teamInput(c));
        siteChanged(c, 'team');
        return c.json({ message: `${member.name} was updated`, member });
      })
      .delete('/admin/team/:id', async (c) => {
        await deleteTeamMember(writeContext(c), memberId(c));
        siteChanged(c, 'team');
        return c.json({ message: 'Team member removed' });
      })
  );
}
