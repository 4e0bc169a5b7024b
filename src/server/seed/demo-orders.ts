/**
 * Demo orders for the dashboard and the admin Orders screen: guest orders of demo products over the last
 * 60 days in every status, each with its items, the customer's copies and a status history the state machine allows.
 */
import { randomUUID } from 'node:crypto';
import { canTransition, type OrderStatus } from '../../shared/order-status.ts';
import type { Db } from '../db/connection.ts';
import { ago, DAY_MS } from './seed-time.ts';

interface DemoOrder {
  /** The statuses the order went through after it was placed (pending), in order; the last is its status now. */
  path: OrderStatus[];
  ageDays: number;
  customer: [name: string, email: string];
  /** Product name (from the demo products) and quantity; 1 to 3 lines. */
  items: [product: string, quantity: number][];
  note?: string;
}

const ORDERS: DemoOrder[] = [
  {
    path: ['paid', 'shipped', 'delivered'],
    ageDays: 40,
    customer: ['Maya Thompson', 'maya.thompson@example.com'],
    items: [
      ['Studio 27 4K Monitor', 1],
      ['Quiet Hours Headphones', 1],
      ['Linear Mechanical Keyboard', 1],
    ],
  },
  {
    path: ['paid', 'shipped', 'delivered'],
    ageDays: 22,
    customer: ['Daniel Okafor', 'daniel.okafor@example.com'],
    items: [
      ['Harbour Shell Jacket', 1],
      ['Merino Crew Sweater', 1],
      ['Everyday Organic Tee', 1],
    ],
  },
  {
    path: ['paid', 'shipped'],
    ageDays: 6,
    customer: ['Sofia Rossi', 'sofia.rossi@example.com'],
    items: [
      ['Polarised Acetate Sunglasses', 1],
      ['Design Systems Handbook', 1],
    ],
  },
  {
    path: ['paid'],
    ageDays: 2,
    customer: ['Liam Chen', 'liam.chen@example.com'],
    items: [['Studio 27 4K Monitor', 1]],
  },
  {
    path: [],
    ageDays: 0.2,
    customer: ['Amara Singh', 'amara.singh@example.com'],
    items: [
      ['Aero USB-C Hub', 1],
      ['Market Canvas Tote', 1],
    ],
  },
  {
    path: ['cancelled'],
    ageDays: 12,
    customer: ['Noah Fischer', 'noah.fischer@example.com'],
    items: [['Merino Crew Sweater', 1]],
    note: "Cancelled at the customer's request",
  },
  {
    path: ['paid', 'shipped', 'delivered', 'refunded'],
    ageDays: 55,
    customer: ['Chloé Martin', 'chloe.martin@example.com'],
    items: [['Pulse Wireless Earbuds', 1]],
    note: 'Returned within 30 days',
  },
  {
    path: ['paid', 'shipped', 'delivered'],
    ageDays: 50,
    customer: ['Ethan Walker', 'ethan.walker@example.com'],
    items: [
      ['The Quiet Studio', 2],
      ['Field Guide to Light', 1],
    ],
  },
  {
    path: ['paid', 'shipped', 'delivered'],
    ageDays: 45,
    customer: ['Hana Kobayashi', 'hana.kobayashi@example.com'],
    items: [['Meridian Titanium Watch', 1]],
  },
  {
    path: ['paid', 'shipped', 'delivered'],
    ageDays: 33,
    customer: ['Lucas Silva', 'lucas.silva@example.com'],
    items: [
      ['Canvas Court Sneakers', 1],
      ['Everyday Organic Tee', 3],
    ],
  },
  {
    path: ['cancelled'],
    ageDays: 30,
    customer: ['Grace Oduya', 'grace.oduya@example.com'],
    items: [['Cashmere Overcoat', 1]],
  },
  {
    path: ['paid', 'refunded'],
    ageDays: 27,
    customer: ['Oliver Brandt', 'oliver.brandt@example.com'],
    items: [
      ['Pocket SSD 1 TB', 1],
      ['Aero USB-C Hub', 1],
    ],
    note: 'Out of stock after payment',
  },
  {
    path: ['paid', 'shipped', 'delivered'],
    ageDays: 18,
    customer: ['Isabel Moreno', 'isabel.moreno@example.com'],
    items: [
      ['Slow Kitchen Cookbook', 1],
      ['Walnut Desk Organiser', 1],
    ],
  },
  {
    path: ['paid', 'shipped'],
    ageDays: 9,
    customer: ['Ahmed Hassan', 'ahmed.hassan@example.com'],
    items: [
      ['Commuter Laptop Backpack', 1],
      ['Bridle Leather Wallet', 1],
    ],
  },
  {
    path: ['paid', 'shipped'],
    ageDays: 4,
    customer: ['Emma Johansson', 'emma.johansson@example.com'],
    items: [['Linen Camp Shirt', 2]],
  },
  {
    path: ['paid', 'cancelled'],
    ageDays: 3,
    customer: ['Ravi Patel', 'ravi.patel@example.com'],
    items: [['Modern Craft Box Set', 1]],
    note: 'Address could not be verified',
  },
  {
    path: ['paid'],
    ageDays: 1.5,
    customer: ['Zoe Williams', 'zoe.williams@example.com'],
    items: [
      ['Pulse Wireless Earbuds', 1],
      ['Market Canvas Tote', 1],
    ],
  },
  {
    path: [],
    ageDays: 0.1,
    customer: ['Mateo García', 'mateo.garcia@example.com'],
    items: [['Signed First Edition: Northwind at Ten', 1]],
  },
];

/** The store team's changes in the demo history (no account: the first admin is made after seeding). */
const TEAM = 'Store team';

/** Inside seedDemo's transaction, after the products. */
export async function seedDemoOrders(trx: Db, now: Date): Promise<void> {
  const names = [...new Set(ORDERS.flatMap((o) => o.items.map(([name]) => name)))];
  const products = await trx
    .selectFrom('products')
    .select(['id', 'name', 'price_cents'])
    .where('name', 'in', names)
    .execute();
  const byName = new Map(products.map((p) => [p.name, p]));
  const orders = [];
  const items = [];
  const history = [];
  for (const o of ORDERS) {
    const id = randomUUID();
    const createdAt = ago(now, o.ageDays);
    const lines = o.items.map(([name, quantity]) => {
      const product = byName.get(name);
      if (!product) throw new Error(`demo order names an unknown product: ${name}`);
      return {
        id: randomUUID(),
        order_id: id,
        product_id: product.id,
        name,
        unit_price_cents: product.price_cents,
        quantity,
      };
    });
    items.push(...lines);
    // Each change a step after the last, all before now: at most a day apart, closer for a recent order.
    const step = Math.min(DAY_MS, (now.getTime() - Date.parse(createdAt)) / (o.path.length + 1));
    const at = (k: number) => new Date(Date.parse(createdAt) + k * step).toISOString();
    history.push({
      id: randomUUID(),
      order_id: id,
      from_status: null,
      to_status: 'pending',
      at: createdAt,
      actor_id: null,
      actor_name: o.customer[0],
      note: 'Order placed',
    });
    let from: OrderStatus = 'pending';
    o.path.forEach((to, k) => {
      if (!canTransition(from, to)) throw new Error(`demo order path is not allowed: ${from} → ${to}`);
      const last = k === o.path.length - 1;
      history.push({
        id: randomUUID(),
        order_id: id,
        from_status: from,
        to_status: to,
        at: at(k + 1),
        actor_id: null,
        actor_name: TEAM,
        note: last ? (o.note ?? '') : '',
      });
      from = to;
    });
    orders.push({
      id,
      user_id: null,
      status: from,
      total_cents: lines.reduce((sum, l) => sum + l.unit_price_cents * l.quantity, 0),
      customer_name: o.customer[0],
      customer_email: o.customer[1],
      created_at: createdAt,
      updated_at: o.path.length > 0 ? at(o.path.length) : null,
    });
  }
  await trx.insertInto('orders').values(orders).execute();
  await trx.insertInto('order_items').values(items).execute();
  await trx.insertInto('order_status_history').values(history).execute();
}
