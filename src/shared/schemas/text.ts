/** The one rule for text an admin form sends (company, slider, photo): well formed, capped, no control characters. */
import { hasControlCharacters } from './control-characters.ts';
import { z } from './zod.ts';

export interface FormTextOptions {
  /** Tab and line breaks allowed; CRLF (HTML's form encoding) is stored as '\n' whatever the sender. */
  multiline?: boolean;
  /** Leading and trailing white space removed (default); off where spaces are the value's own (a placeholder). */
  trim?: boolean;
}

/** Text of at most `max` characters. */
export const formText = (max: number, { multiline = false, trim = true }: FormTextOptions = {}) =>
  (trim ? z.string({ error: 'must be text' }).trim() : z.string({ error: 'must be text' }))
    .max(max, `must be at most ${max} characters`)
    .refine((v) => v.isWellFormed() && !hasControlCharacters(v, { multiline }), 'must not contain control characters')
    .transform((v) => (multiline ? v.replace(/\r\n?/g, '\n') : v));
