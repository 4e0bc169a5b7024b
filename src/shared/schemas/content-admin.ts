/**
 * Field rules shared by the Content Management forms and their API: values arrive as JSON or as
 * multipart text, so published, numbers and tags take both forms.
 */
import { describedBy, fieldCheck, type FieldCheck } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

export const TAG_MAX = 50;
export const TAGS_MAX = 20;

/** true/false, or the text 'true'/'false' (multipart, spec section 3). */
export const publishedField = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
  .transform((v) => v === true || v === 'true');

/** A list of tags, or one comma-separated text; blanks dropped, duplicates kept once. */
export const tagsField = z
  .union([z.array(z.string({ error: 'must be text' })).max(TAGS_MAX), z.string()], { error: 'must be a list of tags' })
  .transform((v) => (typeof v === 'string' ? v.split(',') : v).map((t) => t.trim()).filter(Boolean))
  .pipe(z.array(formText(TAG_MAX)).max(TAGS_MAX, `at most ${TAGS_MAX} tags`))
  .transform((tags) => [...new Set(tags)]);

/** One of `values`, or '' for none. */
export const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.literal(''), z.enum(values)], { error: `must be one of ${values.join(', ')}` });

/** A whole number from `min` to `max`, as a number or its text. */
export const wholeNumber = (min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+$/, 'must be a whole number')
          .transform(Number),
      ],
      { error: 'must be a whole number' },
    )
    .pipe(
      z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`),
    );

/** Required text of at most `max` characters. */
export const requiredText = (max: number) => formText(max).refine((v) => v.length > 0, 'is required');

export type { FieldCheck };

/** `input` checked against `schema` (unknown keys ignored), or the first bad field with its sentence. */
/** checkFields as a check of its own, known to follow `schema`. */
export const fieldsCheck = <S extends z.ZodType>(schema: S, fallbackField = 'body') =>
  describedBy((input: unknown) => checkFields(schema, input, fallbackField), schema);

export function checkFields<S extends z.ZodType>(
  schema: S,
  input: unknown,
  fallbackField = 'body',
): FieldCheck<z.output<S>> {
  return fieldCheck(schema.safeParse(input ?? {}), fallbackField);
}
