/**
 * The /admin-dashboard screen: stat cards, quick actions, the public site's publish state and recent admin activity;
 * every staff role lands here, and is told once when it was sent here from a screen its role does not include.
 */
import { useState } from 'react';
import { takeNotYourScreenNotice } from '../../../lib/stores/admin-gate.ts';
import PublishStatusCard from '../site/PublishStatusCard.tsx';
import AdminGate from '../ui/AdminGate.tsx';
import ActivityList from './ActivityList.tsx';
import QuickActions from './QuickActions.tsx';
import StatCards from './StatCards.tsx';

/** currency: the store's, baked in at build time (a change of currency rebuilds the site). */
export default function AdminDashboard({ currency }: { currency: string }) {
  // Read once: a reload no longer shows it.
  const [notice] = useState(takeNotYourScreenNotice);
  return (
    <AdminGate>
      {(user) => (
        <div className="flex flex-col gap-6">
          {notice && (
            <p
              role="status"
              className="m-0 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-200"
            >
              {notice}
            </p>
          )}
          <StatCards currency={currency} role={user.role} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <QuickActions role={user.role} />
            <PublishStatusCard />
          </div>
          <ActivityList />
        </div>
      )}
    </AdminGate>
  );
}
