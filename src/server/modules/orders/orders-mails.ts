/**
 * The mails a customer gets about an order, with the company's branding (layout.ts escapes every value): the
 * confirmation when it is placed, and one each time its status changes.
 */
import { formatDateTime } from '../../../lib/format/dates.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { taxRateLabel } from '../../../shared/commerce.ts';
import type { OrderStatus } from '../../../shared/order-status.ts';
import { statusLabel } from '../../../shared/order-status.ts';
import type { AdminOrderDetail } from '../../../shared/orders-admin.ts';
import type { CustomerOrder } from '../../../shared/orders-customer.ts';
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

/** 'Your order #1A2B3C4D is now shipped', with the items, the total and the admin's note when there is one. */
export function orderStatusMail(
  brand: MailBrand,
  order: AdminOrderDetail,
  status: OrderStatus,
  note: string,
  siteUrl: string,
): MailMessage {
  const ref = orderReference(order._id);
  const label = statusLabel(status).toLowerCase();
  const money = (cents: number) => formatMoney(cents, order.currency);
  const placed = formatDateTime(order.createdAt);
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
  return {
    to: order.customer.email,
    fromName: brand.name,
    subject: `${brand.name}: your order ${ref} is now ${label}`,
    text: renderText(brand, content),
    html: renderHtml(brand, content),
  };
}

/** The link to the order's page: a guest's carries the access token (they have no session to read it with). */
export function orderViewUrl(siteUrl: string, orderId: string, accessToken?: string): string {
  const query = new URLSearchParams({ id: orderId, ...(accessToken ? { token: accessToken } : {}) });
  return `${siteUrl}/orders/view?${query.toString()}`;
}

/** The address as lines of a letter. */
const addressOf = (s: CustomerOrder['shipping']) =>
  [s.name, s.line1, s.line2, [s.postalCode, s.city].filter(Boolean).join(' '), s.region, s.country]
    .filter(Boolean)
    .join(', ');

/**
 * 'Thank you for your order #1A2B3C4D': every line, the totals, where it goes, how to pay, the link to the order, and
 * the calendar file of each event it holds tickets for.
 */
export function orderConfirmationMail(
  brand: MailBrand,
  to: string,
  order: CustomerOrder,
  viewUrl: string,
  calendars: readonly { name: string; url: string }[] = [],
): MailMessage {
  const ref = order.reference;
  const price = (cents: number) => formatMoney(cents, order.currency);
  const lines = order.items.map(
    (i) => `${i.quantity} × ${i.name} at ${price(i.unit_price_cents)}: ${price(i.line_total_cents)}`,
  );
  const tax =
    order.tax_cents > 0
      ? [`${order.taxInclusive ? 'Including' : 'Tax'} ${taxRateLabel(order.taxRateBp)} tax: ${price(order.tax_cents)}.`]
      : [];
  const paragraphs = [
    order.shipping.name ? `Hello ${order.shipping.name},` : 'Hello,',
    `Thank you for your order ${ref} with ${brand.name}. Here is what you ordered:`,
    ...lines,
    `Subtotal: ${price(order.subtotal_cents)}. Shipping: ${order.shipping_cents > 0 ? price(order.shipping_cents) : 'free'}.`,
    ...tax,
    `Total: ${price(order.total_cents)}.`,
    `We will ship it to: ${addressOf(order.shipping)}.`,
    ...(order.paymentInstructions
      ? [`How to pay: ${order.paymentInstructions}`]
      : order.paymentMethod === 'stripe'
        ? ['You pay by card on the secure payment page; we will let you know once the payment has arrived.']
        : []),
    ...calendars.map((c) => `Add ${c.name} to your calendar: ${c.url}`),
  ];
  const content = {
    heading: `Thank you for your order ${ref}`,
    paragraphs,
    action: { label: 'View your order', url: viewUrl },
    footer: `You receive this email because order ${ref} was placed with ${brand.name} with this address.`,
  };
  return {
    to,
    fromName: brand.name,
    subject: `${brand.name}: your order ${ref}`,
    text: renderText(brand, content),
    html: renderHtml(brand, content),
  };
}

/** 'Your link to order #1A2B3C4D': asked for on the order page when an older link no longer opened it. */
export function guestOrderLinkMail(
  brand: MailBrand,
  to: string,
  order: { id: string; name: string; createdAt: string },
  viewUrl: string,
): MailMessage {
  const ref = orderReference(order.id);
  const content = {
    heading: `Your link to order ${ref}`,
    paragraphs: [
      order.name ? `Hello ${order.name},` : 'Hello,',
      `Here is a new link to your order ${ref}, placed on ${formatDateTime(order.createdAt)}. Keep this email: the link opens the order without an account.`,
    ],
    action: { label: 'View your order', url: viewUrl },
    footer: `You receive this email because a new link to order ${ref} was asked for on ${brand.name}. If that was not you, you can ignore it.`,
  };
  return {
    to,
    fromName: brand.name,
    subject: `${brand.name}: your link to order ${ref}`,
    text: renderText(brand, content),
    html: renderHtml(brand, content),
  };
}
