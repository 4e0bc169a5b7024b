/** The mail a customer gets when their order changes status, with the company's branding (layout.ts escapes every value). */
import type { OrderStatus } from '../../../shared/order-status.ts';
import { statusLabel } from '../../../shared/order-status.ts';
import type { AdminOrderDetail } from '../../../shared/orders-admin.ts';
import { renderHtml, renderText, type MailBrand } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** The order's short reference, as the Orders screen shows it. */
export const orderReference = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;

/** What each status means for the customer. */
const MEANING: Record<OrderStatus, string> = {
  pending: 'We have your order and are waiting for the payment.',
  paid: 'We received your payment and are preparing your order.',
  shipped: 'Your order is on its way.',
  delivered: 'Your order was delivered. We hope you enjoy it.',
  cancelled: 'Your order was cancelled. If you paid for it, the payment will be returned to you.',
  refunded: 'Your order was refunded. The amount goes back to the way you paid.',
};

const money = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** 'Your order #1A2B3C4D is now shipped', with the items, the total and the admin's note when there is one. */
export function orderStatusMail(brand: MailBrand, order: AdminOrderDetail, status: OrderStatus, note: string, siteUrl: string): MailMessage {
  const ref = orderReference(order._id);
  const label = statusLabel(status).toLowerCase();
  const placed = new Date(order.createdAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const items = order.items.map((i) => `${i.quantity} × ${i.name}: ${money(i.line_total_cents)}`).join('; ');
  const paragraphs = [
    order.customer.name ? `Hello ${order.customer.name},` : 'Hello,',
    `Your order ${ref}, placed on ${placed}, is now ${label}. ${MEANING[status]}`,
    ...(items ? [`Items: ${items}. Total: ${money(order.total_cents)}.`] : [`Total: ${money(order.total_cents)}.`]),
    ...(note ? [`A note from ${brand.name}: ${note}`] : []),
  ];
  const content = {
    heading: `Your order ${ref} is now ${label}`,
    paragraphs,
    action: { label: `Visit ${brand.name}`, url: `${siteUrl}/` },
    footer: `You receive this email because you placed order ${ref} with ${brand.name}.`,
  };
  return { to: order.customer.email, fromName: brand.name, subject: `${brand.name}: your order ${ref} is now ${label}`, text: renderText(brand, content), html: renderHtml(brand, content) };
}
