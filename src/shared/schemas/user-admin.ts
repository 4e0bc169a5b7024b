/**
 * Manage Users: the list query and the change GET/PATCH /api/admin/users accept, and the one rule
 * that decides whether a change may happen (the last active admin stays; nobody changes their own account here).
 */
import { listQueryFields, listQueryMessages, optionalChoice } from './list-query.ts';
import { checkWithMessages, objectBody, type FieldCheck } from './refusal.ts';
import { z } from './zod.ts';
import { ROLE_LABELS, ROLES, type Role } from '../staff-roles.ts';

/** At most this many accounts per page (R48). */
export const USERS_PAGE_MAX = 100;
export const USERS_PAGE_DEFAULT = 20;
/** The longest search text (R48). */
export const USERS_QUERY_MAX = 200;

export const USER_ROLES = ROLES;
export const USER_STATUSES = ['active', 'deactivated'] as const;

/** 'customer, admin, editor, shop_manager or support': the values a role may take, for the refusals. */
const ROLE_CHOICES = `${USER_ROLES.slice(0, -1).join(', ')} or ${USER_ROLES.at(-1) ?? ''}`;

/** Exact texts of the refusals. */
export const LAST_ADMIN_MESSAGE = 'There must always be at least one active admin';
export const SELF_CHANGE_MESSAGE = 'You cannot change your own role or deactivate yourself';

/** Query text as it arrives: '' and absent mean "any". */

/** GET /api/admin/users query. */
export const UsersQuery = z.object({
  ...listQueryFields({ pageMax: USERS_PAGE_MAX, pageDefault: USERS_PAGE_DEFAULT, queryMax: USERS_QUERY_MAX }),
  role: optionalChoice(USER_ROLES),
  status: optionalChoice(USER_STATUSES),
});
export type UsersFilter = z.output<typeof UsersQuery>;

/** What each query field's refusal says. */
export const USERS_QUERY_MESSAGES: Record<keyof UsersFilter, string> = {
  ...listQueryMessages({ pageMax: USERS_PAGE_MAX, queryMax: USERS_QUERY_MAX }),
  role: `Role must be ${ROLE_CHOICES}.`,
  status: 'Status must be active or deactivated.',
};

/** PATCH /api/admin/users/:id body; other fields are ignored. */
export const UserChange = z.object({
  role: z.enum(USER_ROLES).optional(),
  disabled: z.boolean().optional(),
});
export type UserChangeInput = z.output<typeof UserChange>;

export const USER_CHANGE_MESSAGES = {
  role: `Role must be ${ROLE_CHOICES}.`,
  disabled: 'Disabled must be true or false.',
  empty: 'Nothing to change: send role or disabled',
} as const;

/** The account a change is aimed at, as far as the rule needs it. */
export interface ChangeTarget {
  id: string;
  role: Role;
  disabled: boolean;
}

export type ChangeVerdict =
  /** `endsSessions`: the account's sessions end with the change (deactivated, or given another role). */
  | { ok: true; changed: boolean; endsSessions: boolean }
  | { ok: false; status: 400; field: 'role' | 'disabled'; message: string }
  | { ok: false; status: 409; message: string };

const isActiveAdmin = (role: string, disabled: boolean) => role === 'admin' && !disabled;

/**
 * May `actorId` apply `change` to `target` while `activeAdmins` active admins exist (the target counted)?
 * A change to one's own account is refused even when harmless, so an admin never locks themself out by a slip;
 * a change that leaves no active admin is refused; asking for what already is, is allowed and changes nothing.
 * A new role or a deactivation ends the account's sessions: its next one comes from a sign-in judged by the rules of
 * the role it has then (an admin's second factor among them).
 */
export function judgeUserChange(
  actorId: string,
  target: ChangeTarget,
  change: UserChangeInput,
  activeAdmins: number,
): ChangeVerdict {
  const roleChanges = change.role !== undefined && change.role !== target.role;
  const disabledChanges = change.disabled !== undefined && change.disabled !== target.disabled;
  if (!roleChanges && !disabledChanges) return { ok: true, changed: false, endsSessions: false };
  if (actorId === target.id)
    return { ok: false, status: 400, field: roleChanges ? 'role' : 'disabled', message: SELF_CHANGE_MESSAGE };
  const after = isActiveAdmin(change.role ?? target.role, change.disabled ?? target.disabled);
  if (isActiveAdmin(target.role, target.disabled) && !after && activeAdmins <= 1)
    return { ok: false, status: 409, message: LAST_ADMIN_MESSAGE };
  return { ok: true, changed: true, endsSessions: roleChanges || change.disabled === true };
}

/** The audit line and answer message for a change, e.g. 'Ana Diaz made admin and reactivated'. */
export function changeSummary(name: string, target: ChangeTarget, change: UserChangeInput): string {
  const parts: string[] = [];
  if (change.role !== undefined && change.role !== target.role)
    parts.push(`made ${ROLE_LABELS[change.role].toLowerCase()}`);
  if (change.disabled !== undefined && change.disabled !== target.disabled)
    parts.push(change.disabled ? 'deactivated' : 'reactivated');
  return parts.length > 0 ? `${name} ${parts.join(' and ')}` : `${name} unchanged`;
}

/** GET /api/admin/users's query, checked. */
export const checkUsersQuery = checkWithMessages(UsersQuery, USERS_QUERY_MESSAGES, 'q');

/** PATCH /api/admin/users/:id's body, checked: a JSON object naming role, disabled or both. */
export const checkUserChange = objectBody((body): FieldCheck<UserChangeInput> => {
  const checked = checkWithMessages(UserChange, USER_CHANGE_MESSAGES, 'role')(body);
  if (checked.ok && checked.value.role === undefined && checked.value.disabled === undefined)
    return { ok: false, field: 'role', message: USER_CHANGE_MESSAGES.empty };
  return checked;
});
