/**
 * Manage Users: list accounts, change a role, deactivate or reactivate. A change is judged by the
 * pure rule in shared/schemas/user-admin.ts inside its transaction, which also revokes sessions and records the audit.
 */
import type { AdminUser, AdminUserPage } from '../../../shared/admin.ts';
import { omit } from '../../../shared/omit.ts';
import {
  changeSummary,
  judgeUserChange,
  type UserChangeInput,
  type UsersFilter,
} from '../../../shared/schemas/user-admin.ts';
import type { Db } from '../../db/connection.ts';
import { readBack } from '../../db/read-back.ts';
import { ApiError, fieldError, notFound } from '../../http/errors.ts';
import { actorName, recordAudit } from '../audit/audit.repository.ts';
import { bool } from '../content/content.mappers.ts';
import { deleteSessionsOfUser } from '../auth/sessions.repository.ts';
import { userFromRow, type AuthUser } from '../auth/user-dto.ts';
import {
  type AdminUserRow,
  countActiveAdmins,
  findAdminUserRow,
  listAdminUserRows,
  updateUserRow,
} from './users.admin.repository.ts';

/** The row as the admin API shows it. */
export function adminUserFromRow(row: AdminUserRow): AdminUser {
  // The identity fields as every user answer has them; a profile picture is not what this list shows.
  const user = omit(userFromRow({ ...row, profile_image: null }), 'profile_image');
  return {
    ...user,
    disabled: bool(row.disabled),
    created_at: row.created_at,
    last_seen_at: typeof row.last_seen_at === 'string' ? row.last_seen_at : null,
    two_factor: row.two_factor_enabled !== null && bool(row.two_factor_enabled),
  };
}

/** GET /api/admin/users. */
export async function listAdminUsers(db: Db, filter: UsersFilter): Promise<AdminUserPage> {
  const { rows, total } = await listAdminUserRows(db, filter);
  return { results: rows.map(adminUserFromRow), total, page: filter.page, pageSize: filter.pageSize };
}

/** PATCH /api/admin/users/:id: the message says what changed ('Ana Diaz made admin'). */
export async function changeUser(
  db: Db,
  actor: AuthUser,
  id: string,
  change: UserChangeInput,
): Promise<{ message: string; user: AdminUser }> {
  return db.transaction().execute(async (trx) => {
    const row = await findAdminUserRow(trx, id);
    if (!row) throw notFound('User not found');
    const target = adminUserFromRow(row);
    const verdict = judgeUserChange(
      actor.id,
      { id: target._id, role: target.role, disabled: target.disabled },
      change,
      await countActiveAdmins(trx),
    );
    if (!verdict.ok)
      throw verdict.status === 400
        ? fieldError(400, verdict.message, verdict.field)
        : new ApiError(verdict.status, verdict.message);
    const summary = changeSummary(actorName(target), { id, role: target.role, disabled: target.disabled }, change);
    if (!verdict.changed) return { message: summary, user: target };
    await updateUserRow(trx, id, { ...change, updated_at: new Date().toISOString() });
    // In the same transaction: no request after the answer gets through with a session the change ended.
    if (verdict.endsSessions) await deleteSessionsOfUser(trx, id);
    await recordAudit(trx, actor, { action: 'user.update', target: { type: 'user', id }, summary });
    return { message: summary, user: adminUserFromRow(readBack(await findAdminUserRow(trx, id), `user ${id}`)) };
  });
}
