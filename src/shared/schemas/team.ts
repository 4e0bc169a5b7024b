/**
 * The team on About: one member's fields and their rules. POST/PUT /api/admin/team check the sent
 * fields with them and the admin's Team screen checks the same before sending.
 */
import { checkAgainst, checkWithMessages, isObject, refusal, type FieldCheck } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

/** One person as GET /api/team answers: in `order` (0 first); `photo` a stored picture URL or ''. */
export interface TeamMember {
  _id: string;
  name: string;
  role: string;
  bio: string;
  photo: string;
  order: number;
}

/** What a create or edit answers. */
export interface TeamMemberSaved {
  message: string;
  member: TeamMember;
}

export const TEAM_NAME_MAX = 120;
export const TEAM_ROLE_MAX = 120;
export const TEAM_BIO_MAX = 600;
/** A team is a handful of people; the cap keeps the About page and the order list small. */
export const TEAM_SIZE_MAX = 60;

export const TEAM_MEMBER_NOT_FOUND = 'Team member not found';
export const TEAM_ORDER_MESSAGE = 'The list must name every team member exactly once.';
export const TEAM_FULL_MESSAGE = `The team already has ${TEAM_SIZE_MAX} members; remove one before adding another`;

const TEAM_RULES = {
  name: formText(TEAM_NAME_MAX).refine((v) => v !== '', 'is required'),
  role: formText(TEAM_ROLE_MAX),
  bio: formText(TEAM_BIO_MAX, { multiline: true }),
};

/** Every field; on create a missing role or bio is empty. */
export const TeamMemberFields = z.object({
  ...TEAM_RULES,
  role: TEAM_RULES.role.default(''),
  bio: TEAM_RULES.bio.default(''),
});
export type TeamMemberValues = z.output<typeof TeamMemberFields>;

/** PUT: only the sent fields change. */
export const TeamMemberChanges = z.object(TEAM_RULES).partial();

/** POST: every field checked ('Name is required.' when it is missing), unknown ones ignored. */
export function checkTeamMemberCreate(fields: unknown): FieldCheck<TeamMemberValues> {
  const parsed = TeamMemberFields.safeParse(fields);
  if (parsed.success) return { ok: true, value: parsed.data };
  return refusal(parsed.error, 'name', isObject(fields) ? { sent: fields } : {});
}
/** PUT: the sent fields checked. */
export const checkTeamMemberChanges = checkAgainst(TeamMemberChanges, 'name');

/** PUT /api/admin/team/order: every member's id once, in the new order. */
export const TeamOrder = z.object({ ids: z.array(z.string().min(1).max(100)).max(TEAM_SIZE_MAX) });

/** True when `ids` names each of `stored` exactly once. */
export function isCompleteOrder(ids: readonly string[], stored: readonly string[]): boolean {
  const sent = new Set(ids);
  const known = new Set(stored);
  return sent.size === ids.length && sent.size === known.size && ids.every((id) => known.has(id));
}

/** PUT /api/admin/team/order's body, checked. */
export const checkTeamOrder = checkWithMessages(TeamOrder, { ids: TEAM_ORDER_MESSAGE }, 'ids');
