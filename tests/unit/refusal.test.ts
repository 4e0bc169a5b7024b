/** The one refusal of a zod check (src/shared/schemas/refusal.ts): the first issue's field and a whole sentence. */
import { describe, expect, it } from 'vitest';
import {
  checkAgainst,
  checkWithSentences,
  fieldCheck,
  fieldLabel,
  fieldSentence,
  isObject,
  NOT_AN_OBJECT,
  refusal,
  ruleOf,
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
      message: 'Name is required.',
    });
    expect(refusal(errorOf({ name: 'a', count: 'x' }), 'body')).toEqual({
      ok: false,
      field: 'count',
      message: 'Count must be a number.',
    });
  });

  it("answers 'is required' for a field missing from the sent body, and the rule for one sent wrong", () => {
    expect(refusal(errorOf({ name: 'a' }), 'body', { sent: { name: 'a' } }).message).toBe('Count is required.');
    expect(refusal(errorOf({ name: 'a', count: 'x' }), 'body', { sent: { name: 'a', count: 'x' } }).message).toBe(
      'Count must be a number.',
    );
  });

  it('lets a schema name nested places its own way', () => {
    const error = errorOf({ name: 'a', count: 1, lines: ['ok', 'long'] });
    expect(refusal(error, 'body', { whereOf: (path) => `${String(path[0])} line ${Number(path[1]) + 1}` })).toEqual({
      ok: false,
      field: 'lines',
      message: 'Lines line 2 is too long.',
    });
    expect(refusal(error, 'body', { fieldOf: (path) => path.map(String).join('.') })).toEqual({
      ok: false,
      field: 'lines.1',
      message: 'Lines item 2 is too long.',
    });
  });

  it('uses the fallback field for an issue without a path', () => {
    const parsed = z.string('must be text').safeParse(1);
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(refusal(parsed.error, 'body')).toEqual({ ok: false, field: 'body', message: 'Body must be text.' });
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
      message: 'Name is required.',
    });
  });

  it('tells a JSON object from null, arrays and scalars', () => {
    expect([{}, null, [], 'x', 1].map(isObject)).toEqual([true, false, false, false, false]);
    expect(NOT_AN_OBJECT).toEqual({ ok: false, field: 'body', message: 'The body must be a JSON object' });
  });

  it('checkAgainst answers the value, or the first bad field with its sentence', () => {
    const check = checkAgainst(Schema, 'body');
    expect(check({ name: 'a', count: 2 })).toEqual({ ok: true, value: { name: 'a', count: 2 } });
    expect(check({ name: 'a', count: 'x' })).toEqual({ ok: false, field: 'count', message: 'Count must be a number.' });
    expect(check('x')).toMatchObject({ ok: false, field: 'body' });
  });

  it("checkWithSentences answers the schema's own sentence, the field apart as its dotted path", () => {
    const check = checkWithSentences(Schema);
    expect(check({ name: 'a', count: 2 })).toEqual({ ok: true, value: { name: 'a', count: 2 } });
    expect(check({ name: '', count: 2 })).toEqual({ ok: false, field: 'name', message: 'Name is required.' });
    expect(check({ name: 'a', count: 2, lines: ['ok', 'long'] })).toEqual({
      ok: false,
      field: 'lines.1',
      message: 'Lines item 2 is too long.',
    });
    const Sentences = z.object({ email: z.string().min(1, 'Please enter your email') });
    expect(checkWithSentences(Sentences)({ email: '' })).toEqual({
      ok: false,
      field: 'email',
      message: 'Please enter your email',
    });
    expect(check(null)).toEqual({ ok: false, field: 'body', message: 'Please check the form and try again' });
  });
});

describe('fieldSentence', () => {
  it.each([
    ['title', 'title'],
    ['button1_text', 'button 1 text'],
    ['lines.0.quantity', 'lines item 1 quantity'],
    ['searchButton.style.textColor', 'search button style text color'],
    ['social[facebook]', 'social facebook'],
    ['shipping.postalCode', 'shipping postal code'],
  ])('names %s in words as %j', (field, label) => {
    expect(fieldLabel(field)).toBe(label);
  });

  it('makes a rule fragment a whole sentence about the field, never "<field>: <rule>"', () => {
    expect(fieldSentence('title', 'must be at most 200 characters')).toBe('Title must be at most 200 characters.');
    expect(fieldSentence('taxRateBp', 'is required')).toBe('Tax rate bp is required.');
    expect(fieldSentence('price', 'must be an amount such as 12.50')).toBe('Price must be an amount such as 12.50.');
    expect(fieldSentence('', 'must be text')).toBe('This value must be text.');
  });

  it('keeps a rule that is a sentence of its own as it is', () => {
    expect(fieldSentence('name', 'The company name is required.')).toBe('The company name is required.');
    expect(fieldSentence('link', 'Please provide a video link for video slides.')).toBe(
      'Please provide a video link for video slides.',
    );
  });

  it('gives a screen that names fields its own way the rule back (ruleOf)', () => {
    expect(ruleOf('taxRateBp', 'Tax rate bp must be at most 10000.')).toBe('must be at most 10000');
    expect(ruleOf('taxRateBp', 'The tax rate is odd.')).toBeNull();
    expect(ruleOf('', 'Anything.')).toBeNull();
  });
});
