/** Figures of the admin dashboard, computed in the database (no rows are loaded to count them). */
import type { DashboardStats } from '../../../shared/admin.ts';
import { centsToAmount } from '../../../shared/money.ts';
import { REVENUE_STATUSES } from '../../../shared/order-status.ts';
import type { Db } from '../../db/connection.ts';

/** Counts are numbers whatever the driver returns (PostgreSQL answers COUNT and SUM as text). */
const toNumber = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/** Users, the shop's products and orders counted, and the totals (integer cents) of paid, shipped and delivered orders summed. */
export async function dashboardStats(db: Db): Promise<DashboardStats> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('users').select(eb.fn.countAll().as('n')).as('users'),
      // An event's ticket is sold from its event's page, not the shop: not one of the shop's products.
      eb.selectFrom('products').where('event_id', 'is', null).select(eb.fn.countAll().as('n')).as('products'),
      eb.selectFrom('orders').select(eb.fn.countAll().as('n')).as('orders'),
      eb
        .selectFrom('orders')
        .where('status', 'in', REVENUE_STATUSES)
        .select((o) => o.fn.sum('total_cents').as('n'))
        .as('revenue'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalUsers: toNumber(row.users),
    totalProducts: toNumber(row.products),
    totalOrders: toNumber(row.orders),
    totalRevenue: centsToAmount(toNumber(row.revenue)),
  };
}
