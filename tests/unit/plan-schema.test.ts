/** The pricing plan rules (src/shared/schemas/plan-admin.ts) and the billing suffix (src/shared/plans.ts). */
import { describe, expect, it } from 'vitest';
import { billingSuffix } from '../../src/shared/plans.ts';
import { checkPlan, featureLines, PlanInput, PlanPatch } from '../../src/shared/schemas/plan-admin.ts';

describe('checkPlan', () => {
  it('fills the defaults of a plan with a name only: a free monthly draft', () => {
    expect(checkPlan(PlanInput, { name: ' Basic ' })).toEqual({
      ok: true,
      value: {
        name: 'Basic',
        description: '',
        price: 0,
        billing_period: 'month',
        features: [],
        highlighted: false,
        sort_order: 0,
        published: false,
      },
    });
  });

  it.each([0, 1, 19.9, 19.99, 0.1 + 0.2, 1_000_000])('takes the price %d', (price) => {
    expect(checkPlan(PlanInput, { name: 'P', price }).ok).toBe(true);
  });

  it.each([
    [{ price: 19.999 }, 'Price must have at most 2 decimals.'],
    [{ price: -0.01 }, 'Price must be 0 or more.'],
    [{ price: Number.NaN }, 'Price must be a number.'],
    [{ features: Array(21).fill('x') }, 'Features must have at most 20 lines.'],
    [{ features: ['a', 'b', 'c'.repeat(121)] }, 'Features line 3 must be at most 120 characters.'],
    [{ sort_order: 10_001 }, 'Sort order must be from -10000 to 10000.'],
    [{ billing_period: 'weekly' }, "Billing period must be 'month', 'year' or 'once'."],
    [{ name: '' }, 'Name is required.'],
  ])('refuses %j: %s', (change, message) => {
    expect(checkPlan(PlanInput, { name: 'P', ...change })).toMatchObject({ ok: false, message });
  });

  it('changes only the sent fields on a patch, and checks them the same', () => {
    expect(checkPlan(PlanPatch, { published: true })).toEqual({ ok: true, value: { published: true } });
    expect(checkPlan(PlanPatch, { name: '' })).toMatchObject({
      ok: false,
      field: 'name',
      message: 'Name is required.',
    });
    expect(checkPlan(PlanPatch, null)).toMatchObject({ ok: false, field: 'body' });
  });
});

describe('featureLines', () => {
  it('takes one feature per line, trimmed, without blank lines', () => {
    expect(featureLines(' One \r\n\r\nTwo\n  \nThree\r')).toEqual(['One', 'Two', 'Three']);
    expect(featureLines('')).toEqual([]);
  });
});

describe('billingSuffix', () => {
  it.each([
    ['month', '/month'],
    ['year', '/year'],
    ['once', 'one-time'],
  ] as const)('%s reads %s', (period, text) => {
    expect(billingSuffix(period)).toBe(text);
  });
});
