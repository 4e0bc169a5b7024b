/** The Plans tab (issue 17 item 2): every pricing plan (drafts included) with New plan, Edit, Publish/Unpublish and Delete. */
import { useCallback, useState } from 'react';
import { deletePlan, fetchAdminPlans, patchPlan } from '../../../../lib/api/admin/plans.ts';
import { formatPrice } from '../../../../lib/format/money.ts';
import { billingSuffix, type AdminPlan } from '../../../../shared/plans.ts';
import { useRemote } from '../../dashboard/use-remote.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentCards, { type ContentCardItem } from '../ui/ContentCards.tsx';
import ContentNotice from '../ui/ContentNotice.tsx';
import DeleteContentDialog from '../ui/DeleteContentDialog.tsx';
import PanelToolbar from '../ui/PanelToolbar.tsx';
import { useContentWrites } from '../ui/use-content-writes.ts';
import PlanFormDialog from './PlanFormDialog.tsx';

type PlanCard = ContentCardItem & { plan: AdminPlan };

/** The price line leads the caption, so the list shows what a visitor sees; the description follows. */
function captionOf(plan: AdminPlan): string {
  const facts = [`${formatPrice(plan.price, { free: true })} ${billingSuffix(plan.billing_period)}`, `${plan.features.length} features`, `order ${plan.sort_order}`];
  if (plan.highlighted) facts.push('highlighted');
  return [facts.join(' · '), plan.description].filter(Boolean).join(' — ');
}

const toCard = (plan: AdminPlan): PlanCard => ({
  id: plan.id, title: plan.name, caption: captionOf(plan), image: null, createdAt: plan.created_at, published: plan.published, plan,
});

export default function PlansPanel({ query, view }: ContentPanelProps) {
  const load = useCallback(async () => (await fetchAdminPlans()).map(toCard), []);
  const { remote, reload } = useRemote<PlanCard[]>(load, 'Error fetching content');
  const { notice, setNotice, busyId, run } = useContentWrites(reload);
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPlan | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <PanelToolbar addLabel="New plan" onAdd={() => setEditing('new')}>
        Published plans show on the <a className="underline" href="/pricing">pricing page</a> after the next site update.
      </PanelToolbar>
      <ContentNotice notice={notice} />
      <ContentCards
        remote={remote}
        onRetry={() => void reload()}
        view={view}
        query={query}
        label="Plans"
        actions={({ plan }) => [
          { label: 'Edit', onClick: () => setEditing(plan), disabled: busyId !== null },
          {
            label: plan.published ? 'Unpublish' : 'Publish',
            disabled: busyId !== null,
            onClick: () => void run(plan.id, () => patchPlan(plan.id, { published: !plan.published }), 'The plan could not be changed.'),
          },
          { label: 'Delete', tone: 'danger', onClick: () => setDeleting(plan), disabled: busyId !== null },
        ]}
      />
      <PlanFormDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          setNotice({ tone: 'ok', text: message });
          void reload(true);
        }}
      />
      <DeleteContentDialog
        name={deleting ? deleting.name : null}
        busy={busyId !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void run(deleting.id, () => deletePlan(deleting.id), 'The plan could not be deleted.').then(() => setDeleting(null))}
      />
    </div>
  );
}
