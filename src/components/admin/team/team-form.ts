/**
 * Pure rules of the team member form: its values from a member (or empty for a new one), the server's own rules
 * checked before sending (shared/schemas/team.ts), and the one multipart body of a save.
 */
import { checkTeamMemberCreate, type TeamMember } from '../../../shared/schemas/team.ts';

/** The form's fields as the inputs hold them. */
export interface TeamFormValues {
  name: string;
  role: string;
  bio: string;
  /** An existing portrait is to go (and no new one was chosen). */
  removePhoto: boolean;
}

export type TeamField = 'name' | 'role' | 'bio' | 'photo';

export const EMPTY_TEAM_FORM: TeamFormValues = { name: '', role: '', bio: '', removePhoto: false };

/** The form of an existing member, or an empty one. */
export function teamFormValuesOf(member: TeamMember | null): TeamFormValues {
  return member ? { name: member.name, role: member.role, bio: member.bio, removePhoto: false } : EMPTY_TEAM_FORM;
}

/** The server's rules for the whole form: the first bad field as { field, message }, like a 400 answer; null when fine. */
export function checkTeamForm(values: TeamFormValues): { field: TeamField; message: string } | null {
  const check = checkTeamMemberCreate({ name: values.name, role: values.role, bio: values.bio });
  return check.ok ? null : { field: check.field as TeamField, message: check.message };
}

/** The multipart body of a create or edit: every field, the portrait when one was chosen, or the wish to remove it. */
export function teamFormData(values: TeamFormValues, photo: File | null): FormData {
  const form = new FormData();
  form.append('name', values.name);
  form.append('role', values.role);
  form.append('bio', values.bio);
  if (photo) form.append('photo', photo);
  else if (values.removePhoto) form.append('removePhoto', 'true');
  return form;
}

/** 'Saved: "Ada" is now number 2 of 4.' after a move. */
export function orderNotice(name: string, position: number, count: number): string {
  return `Order saved: ${name} is now number ${position} of ${count}.`;
}

/** What the removal confirmation says follows: the person leaves About (and with nobody left, placeholders show). */
export function removalNote(member: TeamMember, members: readonly TeamMember[]): string {
  const last = members.every((m) => m._id === member._id);
  return `${member.name} will no longer appear on the About page.${
    last ? ' With nobody left on the team, About shows three placeholders until you add someone.' : ''
  } This cannot be undone.`;
}
