/**
 * How a settings write's body is read, for PUT /api/company and the settings' drafts alike: a form's social[key]
 * fields gathered under social, then checked by the shared rules (shared/schemas/company.ts).
 */
import { fieldSentence } from '../../../shared/schemas/refusal.ts';
import type { z } from '../../../shared/schemas/zod.ts';
import { fieldError } from '../../http/errors.ts';

/** `social[facebook]` (a form's name) as the field path `social.facebook`. */
const SOCIAL_FIELD = /^social\[([a-z]+)\]$/;

/** Sent fields as an update object: social[key] gathered under social (with any social object sent whole). */
export function settingsInput(fields: Record<string, unknown>): Record<string, unknown> {
  const sent = fields['social'];
  const social: Record<string, unknown> = sent && typeof sent === 'object' ? { ...sent } : {};
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const key = SOCIAL_FIELD.exec(name)?.[1];
    if (key) social[key] = value;
    else if (name !== 'social') input[name] = value;
  }
  if (Object.keys(social).length > 0) input['social'] = social;
  return input;
}

/** The input checked by `rules`: 400 { message, field } on the first bad field (social.x named social[x]). */
export function parseSettings<T extends z.ZodType>(rules: T, input: Record<string, unknown>): z.infer<T> {
  const result = rules.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const [head, ...rest] = issue?.path.map(String) ?? [];
  const field = head === undefined ? '' : rest.length > 0 ? `${head}[${rest.join('][')}]` : head;
  throw fieldError(400, fieldSentence(field, issue?.message ?? 'is invalid'), field);
}
