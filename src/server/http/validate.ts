import type { z } from 'zod';
import { badRequest } from './errors.ts';

/** Parses input with a schema or throws a 400 whose message names the first bad field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  throw badRequest(field ? `${field}: ${issue?.message ?? 'invalid'}` : (issue?.message ?? 'Invalid request'));
}

/** The media type of a Content-Type header, lower-cased and without parameters; undefined when there is none. */
export function mediaType(header: string | undefined): string | undefined {
  const type = header?.split(';', 1)[0]?.trim().toLowerCase();
  return type === '' ? undefined : type;
}
