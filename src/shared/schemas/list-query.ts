/** The fields every admin list query shares (page, pageSize, q; '' and absent mean the default) and their refusals. */
import { z } from './zod.ts';

/** How far a page number may go, whatever the list: a bound, so no number is too big to read. */
const PAGE_LIMIT = 1_000_000;

interface Limits {
  pageMax: number;
  pageDefault: number;
  queryMax: number;
}

/** page, pageSize and the search text (trimmed) of a list query. */
export const listQueryFields = ({ pageMax, pageDefault, queryMax }: Limits) => ({
  page: z.coerce.number().int().min(1).max(PAGE_LIMIT).default(1),
  pageSize: z.coerce.number().int().min(1).max(pageMax).default(pageDefault),
  q: z
    .string()
    .max(queryMax)
    .default('')
    .transform((v) => v.trim()),
});

/** What a refusal of page, pageSize or q says. */
export const listQueryMessages = ({ pageMax, queryMax }: Pick<Limits, 'pageMax' | 'queryMax'>) => ({
  page: 'Page must be a whole number from 1.',
  pageSize: `Page size must be a whole number from 1 to ${pageMax}.`,
  q: `The search text must be at most ${queryMax} characters.`,
});

/** A filter that is one of `values`, or none ('' or absent, read as undefined). */
export const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values)])
    .default('')
    .transform((v) => (v === '' ? undefined : v));
