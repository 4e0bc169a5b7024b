/**
 * The order status machine: the one place that says which status may follow which. Pure, shared by
 * the server (which enforces it) and the Orders screen (which only offers what it allows).
 *
 *   pending → paid | cancelled
 *   paid → shipped | cancelled | refunded
 *   shipped → delivered | refunded      (a parcel lost or sent back is refunded; once shipped it cannot be cancelled)
 *   delivered → refunded                (a return)
 *   cancelled, refunded: final
 */

export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Each status's allowed next statuses, in the order the screen offers them. */
const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** What the screen and the mails call each status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** Changes the screen asks to confirm first: they cannot be undone and concern the customer's money. */
/** Orders whose money the company has and keeps: what the dashboard's revenue sums. */
export const REVENUE_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'delivered'];

export const CONFIRMED_STATUSES: readonly OrderStatus[] = ['cancelled', 'refunded'];

/** Never trust a stored or sent value: narrows any text to a status. */
export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

/** The statuses an order in `from` may move to; none for a final or unknown status. */
export const nextStatuses = (from: string): readonly OrderStatus[] => (isOrderStatus(from) ? TRANSITIONS[from] : []);

/** May an order in `from` become `to`? Staying in the same status is no transition. */
export const canTransition = (from: string, to: string): boolean =>
  isOrderStatus(to) && nextStatuses(from).includes(to);

/** True when nothing may follow `status`. */
export const isFinalStatus = (status: string): boolean => nextStatuses(status).length === 0;

/** A status's label; an unknown stored value shows as it is. */
export const statusLabel = (status: string): string => (isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status);

/** Why `from` → `to` is refused (the 409's message). */
export function transitionRefusal(from: string, to: string): string {
  if (from === to) return `The order is already ${statusLabel(from).toLowerCase()}`;
  if (isFinalStatus(from)) return `A ${statusLabel(from).toLowerCase()} order cannot change its status`;
  const allowed = nextStatuses(from)
    .map((s) => statusLabel(s).toLowerCase())
    .join(' or ');
  return `A ${statusLabel(from).toLowerCase()} order cannot become ${statusLabel(to).toLowerCase()}; it can become ${allowed}`;
}
