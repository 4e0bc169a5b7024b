/** Demo orders for the dashboard and the admin Orders screen (issue 17). */
import { randomUUID } from 'node:crypto';
import { amountToCents } from '../../../shared/money.ts';
import type { Db } from '../connection.ts';
import { ago } from './seed-time.ts';

interface DemoOrder {
  status: string;
  total: number;
  ageDays: number;
}

const ORDERS: DemoOrder[] = [
  { status: 'delivered', total: 1129.0, ageDays: 40 },
  { status: 'delivered', total: 348.5, ageDays: 22 },
  { status: 'shipped', total: 187.0, ageDays: 6 },
  { status: 'paid', total: 649.0, ageDays: 2 },
  { status: 'pending', total: 74.0, ageDays: 0.2 },
  { status: 'cancelled', total: 89.0, ageDays: 12 },
];

/** Inside seedDemo's transaction. */
export async function seedDemoOrders(trx: Db, now: Date): Promise<void> {
  await trx.insertInto('orders').values(ORDERS.map((o) => ({
    id: randomUUID(), user_id: null, status: o.status, total_cents: amountToCents(o.total), created_at: ago(now, o.ageDays),
  }))).execute();
}
