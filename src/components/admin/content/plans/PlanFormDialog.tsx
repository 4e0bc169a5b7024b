/**
 * Create or edit a pricing plan (POST /api/admin/plans, PATCH /api/admin/plans/{id}), checked by the server's own rules
 * first. A published plan's changes may instead be kept as a draft (Save draft) that visitors do not see until it is
 * published; Preview saves (the draft of a published plan, an unpublished plan itself) and shows a link to the pricing
 * page as it will look; History lists the plan's kept versions and restores one as the draft the form then shows.
 */
import { useId, useMemo } from 'react';
import { omit } from '../../../../shared/omit.ts';
import {
  adminPlanPath,
  createPlan,
  discardPlanDraft,
  fetchPlanDraft,
  patchPlan,
  planPreviewLink,
  publishPlanDraft,
  savePlanDraft,
} from '../../../../lib/api/admin/plans.ts';
import type { AdminPlan, BillingPeriod, PlanDraft, PlanDraftFields } from '../../../../shared/plans.ts';
import {
  checkPlan,
  featureLines,
  PLAN_DESCRIPTION_MAX,
  PLAN_FEATURE_MAX,
  PLAN_FEATURES_MAX,
  PLAN_NAME_MAX,
  PLAN_PRICE_MAX,
  PlanInput,
} from '../../../../shared/schemas/plan-admin.ts';
import { inputClass } from '../../../auth/fields.tsx';
import { FieldError, INVALID_BORDER, invalidProps } from '../../ui/field-errors.tsx';
import { CheckboxInput, SelectInput, TextInput } from '../../sliders/fields.tsx';
import DraftContentFormDialog from '../ui/DraftContentFormDialog.tsx';
import { PUBLISHED_OPTIONS, TextArea } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';
import { draftFormActions, useItemDraft, type DraftCalls } from '../ui/use-item-draft.ts';

const PERIODS = [
  ['month', 'Monthly'],
  ['year', 'Yearly'],
  ['once', 'One-time'],
] as const;

interface Form {
  name: string;
  description: string;
  price: string;
  billing_period: BillingPeriod;
  features: string;
  highlighted: boolean;
  sort_order: string;
  published: 'true' | 'false';
}

const blank = (): Form => ({
  name: '',
  description: '',
  price: '0',
  billing_period: 'month',
  features: '',
  highlighted: false,
  sort_order: '0',
  published: 'false',
});

const formOf = (plan: AdminPlan): Form => ({
  name: plan.name,
  description: plan.description,
  price: String(plan.price),
  billing_period: plan.billing_period,
  features: plan.features.join('\n'),
  highlighted: plan.highlighted,
  sort_order: String(plan.sort_order),
  published: plan.published ? 'true' : 'false',
});

/** The form filled from a plan's draft (its state stays the plan's). */
const formOfDraft = (plan: AdminPlan, { fields }: PlanDraft): Form => ({
  ...formOf(plan),
  ...formOf({ ...plan, ...fields }),
  published: plan.published ? 'true' : 'false',
});

/** What the form sends for an existing plan: the fields a draft holds, and its state when it is sent. */
type PlanFormInput = PlanDraftFields & { published?: boolean };

/** A plan as the draft hook knows items (by `_id`). */
type DraftablePlan = AdminPlan & { _id: string };

const PLAN_DRAFTS: DraftCalls<PlanFormInput, PlanDraft> = {
  itemPath: (id) => adminPlanPath(id),
  fetchDraft: (id) => fetchPlanDraft(id),
  saveDraft: (id, input) => savePlanDraft(id, omit(input, 'published')),
  update: (id, input) => patchPlan(id, input),
  publishDraft: (id) => publishPlanDraft(id),
  discardDraft: (id) => discardPlanDraft(id),
  previewLink: (id) => planPreviewLink(id),
};

/** A number box's text as the API takes it: '' or junk stays text, so the shared check names the field. */
const numberOf = (text: string): number | string =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

interface Props {
  /** null: closed; 'new': create; a plan: edit it. */
  target: AdminPlan | 'new' | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  /** The store's currency, which the price is typed in. */
  currency: string;
}

export default function PlanFormDialog({ target, onClose, onSaved, currency }: Props) {
  const { form, setForm, set, busy, errors, refuse, refusals, submit } = useContentForm(target, blank, formOf);
  const featuresId = useId();
  const item = useMemo(() => (target && target !== 'new' ? { ...target, _id: target.id } : target), [target]);
  const drafts = useItemDraft<DraftablePlan, PlanFormInput, PlanDraft>({
    target: item,
    calls: PLAN_DRAFTS,
    show: (shown, saved) => setForm(formOfDraft(shown, saved)),
  });
  const existing = item && item !== 'new' ? item : null;

  const lines = featureLines(form.features);

  /** The form checked by the server's rules (refused under the field when not), or null. */
  function checked() {
    const check = checkPlan(PlanInput, {
      ...form,
      price: numberOf(form.price),
      sort_order: numberOf(form.sort_order),
      features: lines,
      published: form.published === 'true',
    });
    if (!check.ok) {
      refuse(check.field, check.message);
      return null;
    }
    return check.value;
  }

  async function save() {
    if (item === null) return;
    const plan = checked();
    if (!plan) return;
    const { published, ...fields } = plan;
    await submit(
      () =>
        item === 'new'
          ? createPlan(plan)
          : drafts.submit(item, drafts.draft === null ? { ...fields, published } : fields),
      'The plan could not be saved. Please try again.',
      onSaved,
    );
  }

  /** Saves the form to the plan's draft (or an unpublished plan itself); with `thenLink`, stays open with a link. */
  async function keep(thenLink: boolean) {
    if (!existing) return;
    const plan = checked();
    if (!plan) return;
    await submit(
      () => drafts.keep(existing, omit(plan, 'published'), thenLink),
      'The draft could not be saved. Please try again.',
      // A preview keeps the form open to share the link; a draft saved closes it.
      thenLink ? () => undefined : onSaved,
    );
  }

  const { showRestored, discard } = draftFormActions(drafts, existing, submit, onSaved, 'plan');

  return (
    <DraftContentFormDialog
      open={target !== null}
      title={target === 'new' ? 'New plan' : 'Edit plan'}
      busy={busy}
      refusals={refusals}
      onCancel={onClose}
      onSubmit={() => void save()}
      drafts={drafts}
      existing={existing !== null}
      historyTitle={existing ? `History of "${existing.name}"` : 'History'}
      onKeep={(thenLink) => void keep(thenLink)}
      onDiscard={() => void discard()}
      onRestored={(message) => void showRestored(message)}
    >
      <TextInput
        label="Name"
        name="name"
        error={errors['name']}
        maxLength={PLAN_NAME_MAX}
        value={form.name}
        onChange={set('name')}
      />
      <TextArea
        label="Description"
        name="description"
        error={errors['description']}
        rows={2}
        maxLength={PLAN_DESCRIPTION_MAX}
        value={form.description}
        onChange={set('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label={`Price (${currency})`}
          name="price"
          error={errors['price']}
          type="number"
          min={0}
          max={PLAN_PRICE_MAX}
          value={form.price}
          onChange={set('price')}
        />
        <SelectInput
          label="Billing period"
          name="billing_period"
          error={errors['billing_period']}
          value={form.billing_period}
          options={PERIODS}
          onChange={set('billing_period')}
        />
      </div>
      <div>
        <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
          Features (one per line)
          <textarea
            className={`${inputClass} ${INVALID_BORDER}`}
            name="features"
            rows={5}
            value={form.features}
            onChange={(e) => set('features')(e.target.value)}
            {...invalidProps(featuresId, errors['features'], `${featuresId}-hint`)}
          />
        </label>
        <p
          id={`${featuresId}-hint`}
          className={`m-0 mt-1 text-xs ${lines.length > PLAN_FEATURES_MAX || lines.some((l) => l.length > PLAN_FEATURE_MAX) ? 'text-red-700 dark:text-red-300' : 'text-gray-500 dark:text-gray-400'}`}
        >
          {lines.length} of at most {PLAN_FEATURES_MAX} lines, each up to {PLAN_FEATURE_MAX} characters.
        </p>
        <FieldError id={featuresId} error={errors['features']} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Order"
          name="sort_order"
          error={errors['sort_order']}
          type="number"
          value={form.sort_order}
          onChange={set('sort_order')}
        />
        {/* While a draft is edited the state is not the form's to choose: Publish draft makes the draft the live plan. */}
        {!drafts.draft && (
          <SelectInput
            label="Status"
            name="published"
            error={errors['published']}
            value={form.published}
            options={PUBLISHED_OPTIONS}
            onChange={set('published')}
          />
        )}
      </div>
      <CheckboxInput
        label="Highlighted (emphasised on the pricing page)"
        checked={form.highlighted}
        onChange={set('highlighted')}
      />
    </DraftContentFormDialog>
  );
}
