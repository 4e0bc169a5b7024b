/** The one place where user columns become the spec's User (no secrets ever leave). */
import { parseRole, type Role } from '../../../shared/staff-roles.ts';
import type { User } from '../../../shared/types.ts';

interface UserColumns {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  role: string;
  profile_image: string | null;
}

/** The stored role; any text that is not a role reads as a customer's (no rights). */
export function roleOf(role: string): Role {
  return parseRole(role) ?? 'customer';
}

export function userFromRow(row: UserColumns): User {
  return {
    _id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    username: row.username,
    role: roleOf(row.role),
    profile_image: row.profile_image ?? '',
  };
}

/** The signed-in user as handlers see it (c.var.user): the DTO plus the row id, the current session and whether a new password is due. */
export type AuthUser = User & { id: string; sessionId: string; mustChangePassword: boolean };
