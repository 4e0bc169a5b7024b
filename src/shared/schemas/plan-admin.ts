/**
 * Pricing plan rules, shared by POST/PUT/PATCH /api/admin/plans and the admin form: name required, price
 * at least 0 with at most two decimals, up to 20 features of at most 120 characters, a whole sort order.
 */
import { BILLING_PERIODS } from '../plans.ts';
import { checkBody, type FieldCheck } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

export const PLAN_NAME_MAX = 100;
export const PLAN_DESCRIPTION_MAX = 500;
/** The largest price: a million in major units keeps the cents far inside a 32-bit integer. */
export const PLAN_PRICE_MAX = 1_000_000;
export const PLAN_FEATURES_MAX = 20;
export const PLAN_FEATURE_MAX = 120;
export const PLAN_ORDER_LIMIT = 10_000;

/** True when `value` has at most two decimals (19.99 yes, 19.999 no), allowing for binary fractions. */
const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const fields = {
  name: formText(PLAN_NAME_MAX).pipe(z.string().min(1, 'is required')),
  description: formText(PLAN_DESCRIPTION_MAX, { multiline: true }),
  price: z
    .number({ error: 'must be a number' })
    .min(0, 'must be 0 or more')
    .max(PLAN_PRICE_MAX, `must be at most ${PLAN_PRICE_MAX}`)
    .refine(twoDecimals, 'must have at most 2 decimals'),
  billing_period: z.enum(BILLING_PERIODS, { error: "must be 'month', 'year' or 'once'" }),
  features: z
    .array(formText(PLAN_FEATURE_MAX).pipe(z.string().min(1, 'must not be empty')), {
      error: 'must be a list of texts',
    })
    .max(PLAN_FEATURES_MAX, `must have at most ${PLAN_FEATURES_MAX} lines`),
  highlighted: z.boolean({ error: 'must be true or false' }),
  sort_order: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(-PLAN_ORDER_LIMIT, `must be from -${PLAN_ORDER_LIMIT} to ${PLAN_ORDER_LIMIT}`)
    .max(PLAN_ORDER_LIMIT, `must be from -${PLAN_ORDER_LIMIT} to ${PLAN_ORDER_LIMIT}`),
  published: z.boolean({ error: 'must be true or false' }),
};

/** POST and PUT body: a whole plan; what is left out takes its default (a draft month plan at 0). Unknown keys are ignored. */
export const PlanInput = z.object({
  name: fields.name,
  description: fields.description.default(''),
  price: fields.price.default(0),
  billing_period: fields.billing_period.default('month'),
  features: fields.features.default([]),
  highlighted: fields.highlighted.default(false),
  sort_order: fields.sort_order.default(0),
  published: fields.published.default(false),
});
export type PlanValues = z.output<typeof PlanInput>;

/** PATCH body: only the sent fields change (publish or unpublish sends `published` alone). */
export const PlanPatch = z.object(fields).partial();
export type PlanChanges = z.output<typeof PlanPatch>;

export type PlanCheck<T> = FieldCheck<T>;

/** The body checked, or the first bad field with its sentence (a feature names its line, 'features.2'). */
export function checkPlan<S extends typeof PlanInput | typeof PlanPatch>(
  schema: S,
  body: unknown,
): PlanCheck<z.output<S>> {
  const where = (path: PropertyKey[]) =>
    path.length > 1 ? `${String(path[0])} line ${Number(path[1]) + 1}` : String(path[0] ?? 'body');
  return checkBody(schema, body, where) as PlanCheck<z.output<S>>;
}

/** The form's features box (one per line) as the list the API takes: lines trimmed, blank ones dropped. */
export function featureLines(text: string): string[] {
  return text
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
