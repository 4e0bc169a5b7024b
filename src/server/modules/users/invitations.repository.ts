/** Staff invitations' rows (db schema StaffInvitationsTable). */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { StaffInvitationsTable } from '../../db/schema.ts';

export type InvitationRow = Selectable<StaffInvitationsTable>;

export async function insertInvitation(db: Db, values: Insertable<StaffInvitationsTable>): Promise<void> {
  await db.insertInto('staff_invitations').values(values).execute();
}

/** Invitations neither accepted nor withdrawn whose link still works at `now`, newest first. */
export async function pendingInvitations(db: Db, now: string): Promise<InvitationRow[]> {
  return db
    .selectFrom('staff_invitations')
    .selectAll()
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function invitationByTokenHash(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('staff_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Withdraws the open invitations of `email` (a new one replaces them); answers how many. */
export async function withdrawInvitationsOf(db: Db, email: string, now: string): Promise<number> {
  const result = await db
    .updateTable('staff_invitations')
    .set({ revoked_at: now })
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Withdraws one open invitation; answers its row, or undefined when there was no open one by that id. */
export async function withdrawInvitation(db: Db, id: string, now: string): Promise<InvitationRow | undefined> {
  const result = await db
    .updateTable('staff_invitations')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom('staff_invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Marks the invitation used if it still is open and unexpired at `now`; answers whether this call did. Two
 * acceptances at once: one row update wins, the other changes nothing.
 */
export async function claimInvitation(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_invitations')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
