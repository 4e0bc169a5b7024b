/** The four stat cards of the dashboard (spec: Total Users, Total Products, Total Orders, Total Revenue). */
import { fetchDashboardStats } from '../../../lib/api/admin/dashboard.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { formatCount } from '../../../lib/format/numbers.ts';
import { statKeysFor, type DashboardStats } from '../../../shared/admin.ts';
import type { Role } from '../../../shared/staff-roles.ts';
import { amountToCents } from '../../../shared/money.ts';
import { LoadError } from './Panel.tsx';
import { useRemote } from './use-remote.ts';

interface Card {
  key: keyof DashboardStats;
  label: string;
  icon: string;
  format: (n: number, currency: string) => string;
}

const CARDS: readonly Card[] = [
  {
    key: 'totalUsers',
    label: 'Total Users',
    format: formatCount,
    icon: 'M16 20v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM21 20v-1a4 4 0 0 0-3-3.9M16 4.1a3.5 3.5 0 0 1 0 6.8',
  },
  {
    key: 'totalProducts',
    label: 'Total Products',
    format: formatCount,
    icon: 'M20 7 12 3 4 7v10l8 4 8-4V7ZM4 7l8 4 8-4M12 11v10',
  },
  {
    key: 'totalOrders',
    label: 'Total Orders',
    format: formatCount,
    icon: 'M6 2 3 6v14h18V6l-3-4H6ZM3 6h18M16 10a4 4 0 0 1-8 0',
  },
  {
    key: 'totalRevenue',
    label: 'Total Revenue',
    format: (revenue, currency) => formatMoney(amountToCents(revenue), currency),
    icon: 'M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6',
  },
];

/** currency: the store's, which the revenue is shown in; role: the cards are the figures it may see (statKeysFor). */
export default function StatCards({ currency, role }: { currency: string; role: Role }) {
  const { remote, reload } = useRemote(fetchDashboardStats, 'Could not load the statistics.');
  if (remote.state === 'error') return <LoadError message={remote.message} onRetry={() => void reload()} />;
  const stats = remote.state === 'ready' ? remote.data : null;
  const shown = new Set(statKeysFor(role));
  const cards = CARDS.filter((card) => shown.has(card.key));
  return (
    <ul
      className="m-0 grid list-none grid-cols-1 gap-4 p-0 min-[420px]:grid-cols-2 xl:grid-cols-4"
      aria-busy={!stats}
      aria-label="Statistics"
    >
      {cards.map((card) => (
        <li
          key={card.key}
          className="flex min-w-0 items-center gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-white/10 dark:bg-[#111821] sm:p-5"
        >
          <span
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-[color-mix(in_srgb,var(--color-primary)_15%,transparent)] text-[var(--color-primary-ink)]"
            aria-hidden="true"
          >
            <svg
              viewBox="0 0 24 24"
              width="22"
              height="22"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d={card.icon} />
            </svg>
          </span>
          <div className="min-w-0">
            <p className="m-0 text-sm text-gray-600 dark:text-gray-300">{card.label}</p>
            {stats?.[card.key] !== undefined ? (
              <p className="m-0 truncate text-2xl font-bold tabular-nums" data-stat={card.key}>
                {card.format(stats[card.key] ?? 0, currency)}
              </p>
            ) : (
              <span className="mt-1 block h-7 w-24 animate-pulse rounded bg-gray-200 motion-reduce:animate-none dark:bg-white/10" />
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
