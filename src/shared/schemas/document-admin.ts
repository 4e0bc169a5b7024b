/**
 * Document form rules (issue 17), shared by POST/PUT/PATCH /api/admin/documents and the admin form: a required title,
 * an optional description and the publish state. Multipart sends 'true'/'false'; JSON sends booleans: both are taken.
 */
import { formText } from './text.ts';
import { z } from './zod.ts';

export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_DESCRIPTION_MAX = 2000;

const published = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: "must be true or false" })
  .transform((v) => v === true || v === 'true');

const fields = {
  title: formText(DOCUMENT_TITLE_MAX).pipe(z.string().min(1, 'is required')),
  description: formText(DOCUMENT_DESCRIPTION_MAX, { multiline: true }),
  published,
};

/** POST: a title is required; a missing description is '', a missing published a draft. Unknown fields are ignored. */
export const DocumentInput = z.object({ title: fields.title, description: fields.description.default(''), published: fields.published.default(false) });
export type DocumentValues = z.output<typeof DocumentInput>;

/** PUT and PATCH: only the sent fields change. */
export const DocumentPatch = z.object(fields).partial();
export type DocumentChanges = z.output<typeof DocumentPatch>;

export type DocumentCheck<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

/** The fields checked, or the first bad field with '<field>: <rule>'. */
export function checkDocumentFields<S extends typeof DocumentInput | typeof DocumentPatch>(schema: S, body: unknown): DocumentCheck<z.output<S>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, field: 'body', message: 'The body must be a JSON object' };
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data as z.output<S> };
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? 'body');
  if ((body as Record<string, unknown>)[field] === undefined) return { ok: false, field, message: `${field}: is required` };
  return { ok: false, field, message: `${field}: ${issue?.message ?? 'is invalid'}` };
}
