/** Auth request bodies: parsed against a schema, refused with the schema's sentence and the field apart (`field`). */
import type { z } from 'zod';
import { fieldError } from '../../http/errors.ts';

/** A 400 whose message is a sentence for the visitor; the API names the input at fault in `field` only. */
export const refuseField = (field: string, message: string) => fieldError(400, message, field);

/** Parses input with a schema or throws refuseField for the first bad field. */
export function parseAuthInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  // A body that is not an object at all has no field and no sentence of ours: a plain one instead of zod's.
  if (!field || !issue) throw refuseField('body', 'Please check the form and try again');
  throw refuseField(field, issue.message);
}
