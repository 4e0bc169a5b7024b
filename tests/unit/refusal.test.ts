/** The one refusal of a zod check (src/shared/schemas/refusal.ts): '<field>: <rule>' of the first issue. */
import { describe, expect, it } from 'vitest';
import {
  checkAgainst,
  checkWithSentences,
  fieldCheck,
  isObject,
  NOT_AN_OBJECT,
  refusal,
} from '../../src/shared/schemas/refusal.ts';
import { z } from '../../src/shared/schemas/zod.ts';

const Schema = z.object({
  name: z.string().min(1, 'is required'),
  count: z.number('must be a number'),
  lines: z.array(z.string().max(3, 'is too long')).optional(),
});
const errorOf = (input: unknown) => {
  const parsed = Schema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return parsed.error;
};

describe('refusal', () => {
  it('names the first bad field and its rule', () => {
    expect(refusal(errorOf({ name: '', count: 1 }), 'body')).toEqual({
      ok: false,
      field: 'name',
      message: 'name: is required',
    });
    expect(refusal(errorOf({ name: 'a', count: 'x' }), 'body')).toEqual({
      ok: false,
      field: 'count',
      message: 'count: must be a number',
    });
  });

  it("answers 'is required' for a field missing from the sent body, and the rule for one sent wrong", () => {
    expect(refusal(errorOf({ name: 'a' }), 'body', { sent: { name: 'a' } }).message).toBe('count: is required');
    expect(refusal(errorOf({ name: 'a', count: 'x' }), 'body', { sent: { name: 'a', count: 'x' } }).message).toBe(
      'count: must be a number',
    );
  });

  it('lets a schema name nested places its own way', () => {
    const error = errorOf({ name: 'a', count: 1, lines: ['ok', 'long'] });
    expect(refusal(error, 'body', { whereOf: (path) => `${String(path[0])} line ${Number(path[1]) + 1}` })).toEqual({
      ok: false,
      field: 'lines',
      message: 'lines line 2: is too long',
    });
    expect(refusal(error, 'body', { fieldOf: (path) => path.map(String).join('.') })).toEqual({
      ok: false,
      field: 'lines.1',
      message: 'lines.1: is too long',
    });
  });

  it('uses the fallback field for an issue without a path', () => {
    const parsed = z.string('must be text').safeParse(1);
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(refusal(parsed.error, 'body')).toEqual({ ok: false, field: 'body', message: 'body: must be text' });
  });
});

describe('fieldCheck and isObject', () => {
  it('passes a valid value through and refuses an invalid one', () => {
    expect(fieldCheck(Schema.safeParse({ name: 'a', count: 2 }), 'name')).toEqual({
      ok: true,
      value: { name: 'a', count: 2 },
    });
    expect(fieldCheck(Schema.safeParse({ name: '', count: 2 }), 'name')).toEqual({
      ok: false,
      field: 'name',
      message: 'name: is required',
    });
  });

  it('tells a JSON object from null, arrays and scalars', () => {
    expect([{}, null, [], 'x', 1].map(isObject)).toEqual([true, false, false, false, false]);
    expect(NOT_AN_OBJECT).toEqual({ ok: false, field: 'body', message: 'The body must be a JSON object' });
  });

  it('checkAgainst answers the value, or the first bad field as <field>: <rule>', () => {
    const check = checkAgainst(Schema, 'body');
    expect(check({ name: 'a', count: 2 })).toEqual({ ok: true, value: { name: 'a', count: 2 } });
    expect(check({ name: 'a', count: 'x' })).toEqual({ ok: false, field: 'count', message: 'count: must be a number' });
    expect(check('x')).toMatchObject({ ok: false, field: 'body' });
  });

  it("checkWithSentences answers the schema's own sentence, the field apart as its dotted path", () => {
    const check = checkWithSentences(Schema);
    expect(check({ name: 'a', count: 2 })).toEqual({ ok: true, value: { name: 'a', count: 2 } });
    expect(check({ name: '', count: 2 })).toEqual({ ok: false, field: 'name', message: 'is required' });
    expect(check({ name: 'a', count: 2, lines: ['ok', 'long'] })).toEqual({
      ok: false,
      field: 'lines.1',
      message: 'is too long',
    });
    expect(check(null)).toEqual({ ok: false, field: 'body', message: 'Please check the form and try again' });
  });
});
