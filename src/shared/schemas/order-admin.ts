/**
 * Orders: the list query GET /api/admin/orders accepts and the change PATCH
 * /api/admin/orders/:id/status accepts. Whether a change may happen is the state machine's call (shared/order-status.ts).
 */
import { ORDER_STATUSES } from '../order-status.ts';
import { formText } from './text.ts';
import { listQueryFields, listQueryMessages, optionalChoice } from './list-query.ts';
import { checkWithMessages, objectBody } from './refusal.ts';
import { z } from './zod.ts';

/** At most this many orders per page (R48). */
export const ORDERS_PAGE_MAX = 100;
export const ORDERS_PAGE_DEFAULT = 10;
/** The longest search text (R48). */
export const ORDERS_QUERY_MAX = 200;
/** The longest note an admin adds to a status change. */
export const ORDER_NOTE_MAX = 500;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The first instant after the UTC day `day` (YYYY-MM-DD), as an ISO time. */
export const dayAfter = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** An optional UTC day: '' and absent mean "no bound". */
const day = z
  .string()
  .default('')
  .refine((v) => v === '' || isCalendarDay(v))
  .transform((v) => (v === '' ? undefined : v));

/** GET /api/admin/orders query. */
export const OrdersQuery = z
  .object({
    ...listQueryFields({ pageMax: ORDERS_PAGE_MAX, pageDefault: ORDERS_PAGE_DEFAULT, queryMax: ORDERS_QUERY_MAX }),
    status: optionalChoice(ORDER_STATUSES),
    from: day,
    to: day,
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'] });
export type OrdersFilter = z.output<typeof OrdersQuery>;

/** What each query field's refusal says. */
export const ORDERS_QUERY_MESSAGES: Record<keyof OrdersFilter, string> = {
  ...listQueryMessages({ pageMax: ORDERS_PAGE_MAX, queryMax: ORDERS_QUERY_MAX }),
  status: `Status must be one of ${ORDER_STATUSES.join(', ')}.`,
  from: 'From must be a date written YYYY-MM-DD.',
  to: 'To must be a date written YYYY-MM-DD, not before from.',
};

/** PATCH /api/admin/orders/:id/status body; other fields are ignored. */
export const OrderStatusChange = z.object({
  status: z.enum(ORDER_STATUSES),
  note: formText(ORDER_NOTE_MAX, { multiline: true }).default(''),
});
export type OrderStatusChangeInput = z.input<typeof OrderStatusChange>;
export type OrderStatusChangeData = z.output<typeof OrderStatusChange>;

export const ORDER_CHANGE_MESSAGES = {
  status: `Status must be one of ${ORDER_STATUSES.join(', ')}.`,
  note: `The note must be text of at most ${ORDER_NOTE_MAX} characters, without control characters.`,
} as const;

/** GET /api/admin/orders's query, checked. */
export const checkOrdersQuery = checkWithMessages(OrdersQuery, ORDERS_QUERY_MESSAGES, 'q');

/** PATCH /api/admin/orders/:id/status's body, checked. */
export const checkOrderStatusChange = objectBody(checkWithMessages(OrderStatusChange, ORDER_CHANGE_MESSAGES, 'status'));
