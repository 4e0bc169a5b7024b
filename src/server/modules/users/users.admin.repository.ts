/** Accounts as Manage Users reads and changes them (Kysely only); never a password hash or sign-in secret. */
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, type Updateable } from 'kysely';
import type { UsersFilter } from '../../../shared/schemas/user-admin.ts';
import type { Db } from '../../db/connection.ts';
import type { Database, UsersTable } from '../../db/schema.ts';

/** `\`, `%` and `_` match themselves in a LIKE ... ESCAPE '\' pattern (R48). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Only what Manage Users shows; the latest session activity from an aggregate, not loaded rows; two-factor on or off. */
function selectAdminUsers(db: Db) {
  return db.selectFrom('users').select((eb) => [
    'users.id',
    'users.first_name',
    'users.last_name',
    'users.email',
    'users.username',
    'users.role',
    'users.disabled',
    'users.created_at',
    eb
      .selectFrom('sessions')
      .select((s) => s.fn.max('sessions.last_seen_at').as('m'))
      .whereRef('sessions.user_id', '=', 'users.id')
      .as('last_seen_at'),
    // Whether two-factor sign-in is on (null without an authenticator): never the secret.
    eb
      .selectFrom('user_two_factor')
      .select('user_two_factor.enabled')
      .whereRef('user_two_factor.user_id', '=', 'users.id')
      .as('two_factor_enabled'),
  ]);
}

export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findAdminUserRow>>>;

/** The filter as one condition on users (every part optional). */
function matching(filter: UsersFilter) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const parts: Expression<SqlBool>[] = [];
    if (filter.q) {
      const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
      // lower() on both sides: LIKE is case-sensitive on PostgreSQL.
      const like = (text: RawBuilder<unknown>) => sql<SqlBool>`lower(${text}) like ${pattern} escape '\\'`;
      parts.push(
        eb.or([
          like(sql`${sql.ref('users.first_name')} || ' ' || ${sql.ref('users.last_name')}`),
          like(sql`${sql.ref('users.email')}`),
          like(sql`${sql.ref('users.username')}`),
        ]),
      );
    }
    if (filter.role) parts.push(eb('users.role', '=', filter.role));
    if (filter.status) parts.push(eb('users.disabled', '=', filter.status === 'deactivated'));
    return eb.and(parts);
  };
}

/** One page of accounts matching the filter, newest first, and how many match in all. */
export async function listAdminUserRows(db: Db, filter: UsersFilter) {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(matching(filter))
      .executeTakeFirstOrThrow(),
    selectAdminUsers(db)
      .where(matching(filter))
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findAdminUserRow(db: Db, id: string) {
  return selectAdminUsers(db).where('users.id', '=', id).executeTakeFirst();
}

/** Whether any admin account exists, disabled or not. */
export async function anyAdminExists(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst()) !== undefined;
}

/** Accounts that can use the admin area now. */
export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('role', '=', 'admin')
    .where('disabled', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateUserRow(db: Db, id: string, values: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}
