/**
 * A customer's orders: the list of the caller's own, and one order for its owner or for whoever holds
 * its access token (a guest's confirmation link). Anyone else gets the same 404 as for no order at all.
 */
import { timingSafeEqual } from 'node:crypto';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/commerce.ts';
import { centsToAmount } from '../../../shared/money.ts';
import {
  ORDER_NOT_FOUND,
  type CustomerOrder,
  type CustomerOrderList,
  type CustomerOrderSummary,
} from '../../../shared/orders-customer.ts';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../http/errors.ts';
import { sha256Hex } from '../auth/tokens.ts';
import { readStore } from '../store/store.service.ts';
import { orderReference } from './orders-mails.ts';
import { listOrderHistory } from './orders.admin.repository.ts';
import {
  findCustomerOrderRow,
  listCustomerOrderItems,
  listCustomerOrderRows,
  type CustomerOrderRow,
} from './orders.customer.repository.ts';

const paymentMethodOf = (value: string): PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value) ? (value as PaymentMethod) : 'manual';

function summaryOf(
  row: { id: string; status: string; created_at: string; total_cents: number; currency: string },
  itemCount: number,
): CustomerOrderSummary {
  return {
    _id: row.id,
    reference: orderReference(row.id),
    status: row.status,
    createdAt: row.created_at,
    total: centsToAmount(row.total_cents),
    total_cents: row.total_cents,
    currency: row.currency,
    itemCount,
  };
}

/** GET /api/orders: the account's own orders, newest first. */
export async function listCustomerOrders(db: Db, userId: string): Promise<CustomerOrderList> {
  const rows = await listCustomerOrderRows(db, userId);
  return { results: rows.map((row) => summaryOf(row, row.item_count ?? 0)) };
}

/** The order as its customer reads it. */
export async function customerOrderFromRow(db: Db, row: CustomerOrderRow): Promise<CustomerOrder> {
  const [items, history, store] = await Promise.all([
    listCustomerOrderItems(db, row.id),
    listOrderHistory(db, row.id),
    readStore(db),
  ]);
  const paymentMethod = paymentMethodOf(row.payment_method);
  const awaitingManualPayment = paymentMethod === 'manual' && row.status === 'pending';
  return {
    ...summaryOf(
      row,
      items.reduce((sum, i) => sum + i.quantity, 0),
    ),
    items: items.map((i) => ({
      productId: i.product_id,
      slug: i.slug ?? null,
      name: i.name,
      quantity: i.quantity,
      unit_price_cents: i.unit_price_cents,
      line_total_cents: i.unit_price_cents * i.quantity,
    })),
    subtotal_cents: row.subtotal_cents,
    tax_cents: row.tax_cents,
    shipping_cents: row.shipping_cents,
    taxInclusive: Boolean(row.tax_inclusive),
    taxRateBp: row.tax_rate_bp,
    shipping: {
      name: row.ship_name,
      line1: row.ship_line1,
      line2: row.ship_line2,
      city: row.ship_city,
      region: row.ship_region,
      postalCode: row.ship_postal_code,
      country: row.ship_country,
    },
    paymentMethod,
    paymentInstructions: awaitingManualPayment ? store.manual_payment_instructions : null,
    history: history.map((h) => ({ status: h.to_status, at: h.at })),
    timeZone: store.time_zone,
  };
}

/** True when `token` is the order's access token (only its SHA-256 is stored). */
function tokenOpens(row: CustomerOrderRow, token: string | undefined): boolean {
  if (!token || !row.access_token_hash) return false;
  const actual = Buffer.from(sha256Hex(token), 'hex');
  const expected = Buffer.from(row.access_token_hash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** GET /api/orders/:id: for the signed-in owner, or with the order's access token; 404 for anyone else. */
export async function getCustomerOrder(
  db: Db,
  id: string,
  caller: { userId?: string | undefined; token?: string | undefined },
): Promise<CustomerOrder> {
  const row = await findCustomerOrderRow(db, id);
  // A signed-in caller's own order (a guest's order has no user_id).
  const owner = caller.userId !== undefined && row?.user_id === caller.userId;
  if (!row || !(owner || tokenOpens(row, caller.token))) throw notFound(ORDER_NOT_FOUND);
  return customerOrderFromRow(db, row);
}
