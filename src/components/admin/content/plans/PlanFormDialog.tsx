/** Create or edit a pricing plan (POST /api/admin/plans, PUT /api/admin/plans/{id}), checked by the server's own rules first. */
import { useId } from 'react';
import { createPlan, updatePlan } from '../../../../lib/api/admin/plans.ts';
import type { AdminPlan, BillingPeriod } from '../../../../shared/plans.ts';
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
import ContentFormDialog from '../ui/ContentFormDialog.tsx';
import { PUBLISHED_OPTIONS, TextArea } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';

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
  const { form, set, busy, errors, refuse, refusals, submit } = useContentForm(target, blank, formOf);
  const featuresId = useId();

  const lines = featureLines(form.features);

  async function save() {
    if (target === null) return;
    const check = checkPlan(PlanInput, {
      ...form,
      price: numberOf(form.price),
      sort_order: numberOf(form.sort_order),
      features: lines,
      published: form.published === 'true',
    });
    if (!check.ok) {
      refuse(check.field, check.message);
      return;
    }
    const plan = check.value;
    await submit(
      () => (target === 'new' ? createPlan(plan) : updatePlan(target.id, plan)),
      'The plan could not be saved. Please try again.',
      onSaved,
    );
  }

  return (
    <ContentFormDialog
      open={target !== null}
      title={target === 'new' ? 'New plan' : 'Edit plan'}
      busy={busy}
      refusals={refusals}
      onCancel={onClose}
      onSubmit={() => void save()}
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
        <SelectInput
          label="Status"
          name="published"
          error={errors['published']}
          value={form.published}
          options={PUBLISHED_OPTIONS}
          onChange={set('published')}
        />
      </div>
      <CheckboxInput
        label="Highlighted (emphasised on the pricing page)"
        checked={form.highlighted}
        onChange={set('highlighted')}
      />
    </ContentFormDialog>
  );
}
