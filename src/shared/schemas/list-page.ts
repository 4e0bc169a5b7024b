/**
 * The optional page of a public list (GET /api/products, blogs, photos, videos, audios, events): limit and offset.
 * Without either the list answers every row, as the spec's { results }; with either, one page and the total.
 */
import { LIST_PAGE_SIZE } from '../constants.ts';
import { checkWithMessages } from './refusal.ts';
import { z } from './zod.ts';

/** The largest page a list answers, so one answer stays small at any list size. */
export const LIST_PAGE_MAX = 100;
/** How far an offset may go: a bound, so no number is too big to read. */
export const LIST_OFFSET_MAX = 1_000_000;

/** One page of a list: `limit` items from position `offset` (0 is the first). */
export interface ListPage {
  limit: number;
  offset: number;
}

/** A whole number written with digits only ('' and absent mean none): '1e2', '+3', ' 4' and '2.0' are refused. */
const wholeNumber = (min: number, max: number) =>
  z
    .union([
      z.literal('').transform(() => undefined),
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number)
        .refine((n) => n >= min && n <= max),
    ])
    .optional();

const ListPageQuery = z
  .object({ limit: wholeNumber(1, LIST_PAGE_MAX), offset: wholeNumber(0, LIST_OFFSET_MAX) })
  .transform(({ limit, offset }): ListPage | undefined =>
    limit === undefined && offset === undefined ? undefined : { limit: limit ?? LIST_PAGE_SIZE, offset: offset ?? 0 },
  );

/** What a refusal of limit or offset says. */
export const LIST_PAGE_MESSAGES = {
  limit: `Limit must be a whole number from 1 to ${LIST_PAGE_MAX}.`,
  offset: `Offset must be a whole number from 0 to ${LIST_OFFSET_MAX}.`,
} as const;

/** A list's query checked: the page asked for, undefined for the whole list, or the first bad field. */
export const checkListPage = checkWithMessages(ListPageQuery, LIST_PAGE_MESSAGES, 'limit');
