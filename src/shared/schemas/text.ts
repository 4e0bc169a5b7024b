/** The one rule for text an admin form sends (company, slider, photo): well formed, capped, no control characters. */
import { z } from './zod.ts';

// Tab and line breaks pass only in multi-line texts (a description, an address, a subtitle).
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f]/;

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
    .refine(
      (v) => v.isWellFormed() && !(multiline ? CONTROL : CONTROL_OR_BREAK).test(v),
      'must not contain control characters',
    )
    .transform((v) => (multiline ? v.replace(/\r\n?/g, '\n') : v));
