/** What the admin Orders API answers: amounts in major units beside the exact cents. */
import type { ShipTo } from './commerce.ts';
import type { OrderStatus } from './order-status.ts';

/** The customer as the order knows them: the copies taken when it was placed, else the linked account. */
export interface OrderCustomer {
  name: string;
  email: string;
  /** The account the order belongs to; null for a guest order (or a deleted account). */
  userId: string | null;
}

/** One row of the Orders table. */
export interface AdminOrderSummary {
  _id: string;
  /** One of ORDER_STATUSES; a value outside it (a future status) is shown as it is and allows no change. */
  status: string;
  createdAt: string;
  updatedAt: string | null;
  customer: OrderCustomer;
  /** Units in all (the sum of the items' quantities). */
  itemCount: number;
  total: number;
  total_cents: number;
  /** ISO 4217 code the order was charged in. */
  currency: string;
}

export interface AdminOrderItem {
  _id: string;
  productId: string | null;
  name: string;
  quantity: number;
  unitPrice: number;
  unit_price_cents: number;
  lineTotal: number;
  line_total_cents: number;
}

/** One status change; `from` is null for the order's creation. */
export interface AdminOrderHistoryEntry {
  _id: string;
  from: string | null;
  to: string;
  at: string;
  actor: { id: string | null; name: string };
  note: string;
}

/** Where an order goes; every field '' for an order placed before checkout existed. */
export type AdminShippingAddress = ShipTo;

export interface AdminOrderDetail extends AdminOrderSummary {
  items: AdminOrderItem[];
  /** The sum of the items; the total is what was charged: subtotal + shipping (+ tax when it was added). */
  subtotal: number;
  subtotal_cents: number;
  /** The tax in the order: added on top, or the part of the subtotal that is tax when taxInclusive. */
  tax_cents: number;
  taxRateBp: number;
  taxInclusive: boolean;
  shipping_cents: number;
  shipping: AdminShippingAddress;
  /** 'manual' or 'stripe'; paymentRef is the provider's id (a Checkout Session id), '' for manual. */
  paymentMethod: string;
  paymentRef: string;
  /** Oldest first, so the newest change is last. */
  history: AdminOrderHistoryEntry[];
  /** The statuses the state machine allows next. */
  nextStatuses: OrderStatus[];
  /** The store's IANA zone, in which the order's times are shown. */
  timeZone: string;
}

export interface AdminOrderPage {
  results: AdminOrderSummary[];
  /** The store's IANA zone, in which the orders' times are shown. */
  timeZone: string;
  total: number;
  page: number;
  pageSize: number;
}

/** PATCH /api/admin/orders/:id/status's answer: what happened, and the order as it now is. */
export interface AdminOrderChange {
  message: string;
  order: AdminOrderDetail;
  /** Whether an email to the customer is on its way (false when the order has no address); sent after the commit. */
  notified: boolean;
}
