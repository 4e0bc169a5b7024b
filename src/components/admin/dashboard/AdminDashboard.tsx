/** The /admin-dashboard screen: stat cards, quick actions, the public site's publish state and recent admin activity. */
import PublishStatusCard from '../site/PublishStatusCard.tsx';
import AdminGate from '../ui/AdminGate.tsx';
import ActivityList from './ActivityList.tsx';
import QuickActions from './QuickActions.tsx';
import StatCards from './StatCards.tsx';

/** currency: the store's, baked in at build time (a change of currency rebuilds the site). */
export default function AdminDashboard({ currency }: { currency: string }) {
  return (
    <AdminGate>
      {() => (
        <div className="flex flex-col gap-6">
          <StatCards currency={currency} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <QuickActions />
            <PublishStatusCard />
          </div>
          <ActivityList />
        </div>
      )}
    </AdminGate>
  );
}
