/**
 * Orders: list, read and change an order's status. The state machine (shared/order-status.ts)
 * decides; the change, its history row and the audit entry commit together, and the customer's mail goes after.
 */
import { centsToAmount } from '../../../shared/money.ts';
import {
  canTransition,
  nextStatuses,
  statusLabel,
  transitionRefusal,
  type OrderStatus,
} from '../../../shared/order-status.ts';
import type { AdminOrderDetail, AdminOrderPage, AdminOrderSummary } from '../../../shared/orders-admin.ts';
import type { OrdersFilter, OrderStatusChangeData } from '../../../shared/schemas/order-admin.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { actorName, recordAudit } from '../audit/audit.repository.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { settleOrderTickets } from '../events/event-tickets.service.ts';
import { restockOrder } from '../payments/payments.repository.ts';
import { readStore } from '../store/store.service.ts';
import { queueWebhookEvent } from '../webhooks/webhook-queue.ts';
import { orderReference, orderStatusMail } from './orders-mails.ts';
import {
  findOrderRow,
  insertOrderHistory,
  listOrderHistory,
  listOrderItems,
  listOrderRows,
  type OrderRow,
  updateOrderStatusFrom,
} from './orders.admin.repository.ts';

export const ORDER_NOT_FOUND = 'Order not found';

/** The row as the admin API shows it; the customer from the order's copies, else from its account. */
export function orderSummaryFromRow(row: OrderRow): AdminOrderSummary {
  const accountName = row.user_first_name === null ? '' : `${row.user_first_name} ${row.user_last_name ?? ''}`.trim();
  return {
    _id: row.id,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    customer: {
      name: row.customer_name || accountName,
      email: row.customer_email || (row.user_email ?? ''),
      userId: row.user_id,
    },
    itemCount: row.item_count ?? 0,
    total: centsToAmount(row.total_cents),
    total_cents: row.total_cents,
    currency: row.currency,
  };
}

/** GET /api/admin/orders. */
export async function listAdminOrders(db: Db, filter: OrdersFilter): Promise<AdminOrderPage> {
  const [{ rows, total }, store] = await Promise.all([listOrderRows(db, filter), readStore(db)]);
  return {
    results: rows.map(orderSummaryFromRow),
    timeZone: store.time_zone,
    total,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/** GET /api/admin/orders/:id; 404 when there is no such order. */
export async function getAdminOrder(db: Db, id: string): Promise<AdminOrderDetail> {
  const row = await findOrderRow(db, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const [items, history, store] = await Promise.all([listOrderItems(db, id), listOrderHistory(db, id), readStore(db)]);
  const subtotalCents = items.reduce((sum, i) => sum + i.unit_price_cents * i.quantity, 0);
  return {
    ...orderSummaryFromRow(row),
    items: items.map((i) => ({
      _id: i.id,
      productId: i.product_id,
      name: i.name,
      quantity: i.quantity,
      unitPrice: centsToAmount(i.unit_price_cents),
      unit_price_cents: i.unit_price_cents,
      lineTotal: centsToAmount(i.unit_price_cents * i.quantity),
      line_total_cents: i.unit_price_cents * i.quantity,
    })),
    subtotal: centsToAmount(subtotalCents),
    subtotal_cents: subtotalCents,
    tax_cents: row.tax_cents,
    taxRateBp: row.tax_rate_bp,
    taxInclusive: Boolean(row.tax_inclusive),
    shipping_cents: row.shipping_cents,
    shipping: {
      name: row.ship_name,
      line1: row.ship_line1,
      line2: row.ship_line2,
      city: row.ship_city,
      region: row.ship_region,
      postalCode: row.ship_postal_code,
      country: row.ship_country,
    },
    paymentMethod: row.payment_method,
    paymentRef: row.payment_ref,
    history: history.map((h) => ({
      _id: h.id,
      from: h.from_status,
      to: h.to_status,
      at: h.at,
      actor: { id: h.actor_id, name: h.actor_name },
      note: h.note,
    })),
    nextStatuses: [...nextStatuses(row.status)],
    timeZone: store.time_zone,
  };
}

export interface StatusChangeContext {
  db: Db;
  actor: AuthUser;
  mailer: Mailer;
  siteUrl: string;
}

/**
 * PATCH /api/admin/orders/:id/status. The transition is judged on the status read first, and the UPDATE applies only
 * while the order still has that status, so of two changes sent at once from the same status one wins and the other
 * gets a 409 (never both, never a history row for a change that did not happen).
 */
export async function changeOrderStatus(ctx: StatusChangeContext, id: string, change: OrderStatusChangeData) {
  const { db, actor } = ctx;
  const before = await findOrderRow(db, id);
  if (!before) throw notFound(ORDER_NOT_FOUND);
  const from = before.status;
  const to = change.status;
  if (!canTransition(from, to)) throw new ApiError(409, transitionRefusal(from, to));
  const ref = orderReference(id);
  await db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    if (!(await updateOrderStatusFrom(trx, id, from, to, at))) {
      const now = await findOrderRow(trx, id);
      throw new ApiError(
        409,
        now
          ? `Order ${ref} was changed meanwhile and is now ${statusLabel(now.status).toLowerCase()}; reload it and try again`
          : ORDER_NOT_FOUND,
      );
    }
    // A cancelled order's items go back on sale (a refund after shipping does not: the goods are with the customer).
    if (to === 'cancelled') await restockOrder(trx, id);
    // Tickets: paid, they become registrations; cancelled or refunded after the payment, their seats go back on sale.
    await settleOrderTickets(trx, id, from, to);
    await insertOrderHistory(trx, {
      orderId: id,
      from,
      to,
      at,
      actor: { id: actor.id, name: actorName(actor) },
      note: change.note,
    });
    const summary = `Order ${ref}: ${statusLabel(from)} → ${statusLabel(to)}`;
    await recordAudit(trx, actor, { action: 'order.status', target: { type: 'order', id }, summary });
    await queueWebhookEvent(trx, 'order.updated', { id, status: to, summary });
  });
  const order = await getAdminOrder(db, id);
  const notified = order.customer.email !== '';
  if (notified) notifyCustomer(ctx, id, to, change.note, order);
  return { message: `Order ${ref} is now ${statusLabel(to).toLowerCase()}`, order, notified };
}

/** What mailing a customer about their order needs. */
export type OrderMailContext = Pick<StatusChangeContext, 'db' | 'mailer' | 'siteUrl'>;

/**
 * Mails the customer an order's new status (when the order has an email) after the commit, without holding up the
 * answer; a failure is logged and the change stands. `order` spares reading it again when the caller has it.
 */
export function notifyCustomer(
  { db, mailer, siteUrl }: OrderMailContext,
  orderId: string,
  status: OrderStatus,
  note: string,
  order?: AdminOrderDetail,
): void {
  void Promise.all([mailBrand(db, siteUrl), order ?? getAdminOrder(db, orderId)])
    .then(([brand, detail]) =>
      detail.customer.email ? mailer.send(orderStatusMail(brand, detail, status, note, siteUrl)) : undefined,
    )
    .catch((error: unknown) =>
      console.error(
        `order status mail for ${orderReference(orderId)} failed:`,
        error instanceof Error ? error.message : error,
      ),
    );
}
