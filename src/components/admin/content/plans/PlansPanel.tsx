/**
 * The Plans tab: every pricing plan (drafts included) with New plan, Edit, Publish/Unpublish and Delete; a published
 * plan with changes kept as a draft says so beside its badge.
 */
import { deletePlan, fetchAdminPlans, patchPlan } from '../../../../lib/api/admin/plans.ts';
import { formatMoney } from '../../../../lib/format/money.ts';
import { billingSuffix, type AdminPlan } from '../../../../shared/plans.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentPanel from '../ui/ContentPanel.tsx';
import PanelToolbar from '../ui/PanelToolbar.tsx';
import PlanFormDialog from './PlanFormDialog.tsx';

// A plan has no picture: its card leads with the description and shows the price line as a visitor sees it.
const toCard = (plan: AdminPlan) => ({
  id: plan.id,
  title: plan.name,
  caption: plan.description,
  image: null,
  createdAt: plan.created_at,
  published: plan.published,
  hasDraft: plan.draft !== null,
});

const details = (currency: string) => (plan: AdminPlan) => {
  const facts = [`${plan.features.length} features`, `order ${plan.sort_order}`];
  if (plan.highlighted) facts.push('highlighted');
  return (
    <p className="m-0 text-sm">
      <span className="font-semibold">{`${formatMoney(plan.price_cents, currency, { free: true })} ${billingSuffix(plan.billing_period)}`}</span>
      <span className="text-xs text-gray-600 dark:text-gray-400"> · {facts.join(' · ')}</span>
    </p>
  );
};

const setPublished = (id: string, published: boolean) => patchPlan(id, { published });

export default function PlansPanel(props: ContentPanelProps) {
  return (
    <ContentPanel
      {...props}
      label="Plans"
      noun="plan"
      load={fetchAdminPlans}
      toCard={toCard}
      setPublished={setPublished}
      remove={deletePlan}
      showImage={false}
      details={details(props.currency)}
      toolbar={(openNew) => (
        <PanelToolbar addLabel="New plan" onAdd={openNew}>
          Published plans show on the{' '}
          <a className="underline" href="/pricing">
            pricing page
          </a>{' '}
          after the next site update.
        </PanelToolbar>
      )}
      form={(slot) => <PlanFormDialog {...slot} currency={props.currency} />}
    />
  );
}
