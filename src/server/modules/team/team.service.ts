/**
 * The team on About. Admin writes: each write and its audit entry commit together; a portrait is
 * stored before the transaction and released after it (a failed write releases the new one, a replaced or deleted
 * member's old one goes once nothing else names it). The caller asks for the site rebuild once a write has returned.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  checkTeamMemberChanges,
  checkTeamMemberCreate,
  isCompleteOrder,
  TEAM_FULL_MESSAGE,
  TEAM_MEMBER_NOT_FOUND,
  TEAM_ORDER_MESSAGE,
  TEAM_SIZE_MAX,
  type TeamMember,
} from '../../../shared/schemas/team.ts';
import type { Db } from '../../db/connection.ts';
import { readBack } from '../../db/read-back.ts';
import type { TeamMembersTable } from '../../db/schema.ts';
import { ApiError, fieldError, notFound } from '../../http/errors.ts';
import { storeFormPicture, type WriteBody } from '../../media/upload-check.ts';
import { releaseMediaIfUnused, writeNamingFile } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import {
  countTeamRows,
  deleteTeamRow,
  findTeamRow,
  insertTeamRow,
  listTeamRows,
  nextTeamOrder,
  updateTeamRow,
} from './team.repository.ts';

/** Where stored pictures live (DATA_DIR) and who is writing. */
export interface TeamWriteContext {
  db: Db;
  dataDir: string;
  actor: AuthUser;
}

/** The body of a create or edit: multipart fields and the `photo` file, or a JSON object (no file). */
export type TeamInput = WriteBody;

const missing = () => notFound(TEAM_MEMBER_NOT_FOUND);
const label = (name: string) => `Team member "${name}"`;

export function teamMemberFromRow(row: Selectable<TeamMembersTable>): TeamMember {
  return { _id: row.id, name: row.name, role: row.role, bio: row.bio, photo: row.photo, order: row.sort_order };
}

/** GET /api/team and /api/admin/team: every member in order. */
export async function listTeam(db: Db): Promise<TeamMember[]> {
  return (await listTeamRows(db)).map(teamMemberFromRow);
}

/** True when the edit asks for the portrait to go (`removePhoto` true) without sending a new one. */
function removesPhoto(input: TeamInput): boolean {
  const value = input.fields['removePhoto'];
  return value === true || value === 'true';
}

/** POST /api/admin/team: the fields are checked before the portrait is stored, so a refusal stores nothing. */
export async function createTeamMember(ctx: TeamWriteContext, input: TeamInput): Promise<TeamMember> {
  const check = checkTeamMemberCreate(input.fields);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  if ((await countTeamRows(ctx.db)) >= TEAM_SIZE_MAX) throw new ApiError(409, TEAM_FULL_MESSAGE);
  const photo = await storeFormPicture(ctx.db, ctx.dataDir, input, 'photo', 'team');
  const id = randomUUID();
  return writeNamingFile(ctx, photo, () =>
    ctx.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      await insertTeamRow(trx, {
        id,
        ...check.value,
        photo: photo ?? '',
        sort_order: await nextTeamOrder(trx),
        created_at: now,
        updated_at: now,
      });
      await claimMedia(trx, photo);
      await recordAudit(trx, ctx.actor, {
        action: 'team.create',
        target: { type: 'team', id },
        summary: `${label(check.value.name)} added`,
      });
      return teamMemberFromRow(readBack(await findTeamRow(trx, id), `team member ${id}`));
    }),
  );
}

/** PUT /api/admin/team/:id: the sent fields change, the others keep theirs; a new portrait replaces the old one. */
export async function updateTeamMember(ctx: TeamWriteContext, id: string, input: TeamInput): Promise<TeamMember> {
  if (!(await findTeamRow(ctx.db, id))) throw missing();
  const check = checkTeamMemberChanges(input.fields);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  const photo = await storeFormPicture(ctx.db, ctx.dataDir, input, 'photo', 'team');
  const changes = { ...check.value, ...(photo ? { photo } : removesPhoto(input) ? { photo: '' } : {}) };
  const { member } = await writeNamingFile(
    ctx,
    photo,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await findTeamRow(trx, id);
        if (!before) throw missing();
        await updateTeamRow(trx, id, { ...changes, updated_at: new Date().toISOString() });
        await claimMedia(trx, photo);
        const after = readBack(await findTeamRow(trx, id), `team member ${id}`);
        if (before.photo !== after.photo) await unclaimMedia(trx, before.photo);
        await recordAudit(trx, ctx.actor, {
          action: 'team.update',
          target: { type: 'team', id },
          summary: `${label(after.name)} updated`,
        });
        return { member: teamMemberFromRow(after), before };
      }),
    (written) => (written.before.photo !== written.member.photo ? written.before.photo : undefined),
  );
  return member;
}

/** DELETE /api/admin/team/:id; the portrait leaves DATA_DIR/media once nothing else names it. */
export async function deleteTeamMember(ctx: TeamWriteContext, id: string): Promise<void> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const deleted = await deleteTeamRow(trx, id);
    if (!deleted) throw missing();
    await unclaimMedia(trx, deleted.photo);
    await recordAudit(trx, ctx.actor, {
      action: 'team.delete',
      target: { type: 'team', id },
      summary: `${label(deleted.name)} removed`,
    });
    return deleted;
  });
  if (row.photo) await releaseMediaIfUnused(ctx.db, ctx.dataDir, row.photo);
}

/** PUT /api/admin/team/order: `ids` names every member once; their order becomes 0..n-1 in that sequence. */
export async function reorderTeam(ctx: TeamWriteContext, ids: readonly string[]): Promise<TeamMember[]> {
  return ctx.db.transaction().execute(async (trx) => {
    const stored = (await listTeamRows(trx)).map((row) => row.id);
    if (!isCompleteOrder(ids, stored)) throw fieldError(400, TEAM_ORDER_MESSAGE, 'ids');
    const now = new Date().toISOString();
    for (const [order, id] of ids.entries()) await updateTeamRow(trx, id, { sort_order: order, updated_at: now });
    await recordAudit(trx, ctx.actor, {
      action: 'team.update',
      target: { type: 'team' },
      summary: `Team reordered (${ids.length})`,
    });
    return (await listTeamRows(trx)).map(teamMemberFromRow);
  });
}
