/**
 * Document form rules, shared by POST/PUT/PATCH /api/admin/documents and the admin form: a required title,
 * an optional description and the publish state. Multipart sends 'true'/'false'; JSON sends booleans: both are taken.
 */
import { checkBody, type FieldCheck } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_DESCRIPTION_MAX = 2000;

const published = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
  .transform((v) => v === true || v === 'true');

const fields = {
  title: formText(DOCUMENT_TITLE_MAX).pipe(z.string().min(1, 'is required')),
  description: formText(DOCUMENT_DESCRIPTION_MAX, { multiline: true }),
  published,
};

/** POST: a title is required; a missing description is '', a missing published a draft. Unknown fields are ignored. */
export const DocumentInput = z.object({
  title: fields.title,
  description: fields.description.default(''),
  published: fields.published.default(false),
});

/** PUT and PATCH: only the sent fields change. */
export const DocumentPatch = z.object(fields).partial();
export type DocumentChanges = z.output<typeof DocumentPatch>;

export type DocumentCheck<T> = FieldCheck<T>;

/** The fields checked, or the first bad field with its sentence. */
export function checkDocumentFields<S extends typeof DocumentInput | typeof DocumentPatch>(
  schema: S,
  body: unknown,
): DocumentCheck<z.output<S>> {
  return checkBody(schema, body) as DocumentCheck<z.output<S>>;
}
