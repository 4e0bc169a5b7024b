import { describe, expect, it } from 'vitest';
import { isSlug, SLUG_MAX, slugify, uniqueSlug } from '../../src/shared/slug.ts';

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Hello,   World!  ', 'hello-world'],
    ['Crème Brûlée à la mode', 'creme-brulee-a-la-mode'],
    ['Salt & Pepper', 'salt-and-pepper'],
    ['2026: The Year—Ahead', '2026-the-year-ahead'],
    ['already-a-slug', 'already-a-slug'],
    ['--Leading and trailing--', 'leading-and-trailing'],
    ['日本語', ''],
    ['!!!', ''],
    ['', ''],
  ])('%j becomes %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('caps the slug at SLUG_MAX without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(SLUG_MAX - 1)} bcd`);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug.endsWith('-')).toBe(false);
    expect(isSlug(slug)).toBe(true);
  });
});

describe('uniqueSlug', () => {
  const taken =
    (...slugs: string[]) =>
    (slug: string) =>
      slugs.includes(slug);

  it.each([
    [[], 'post', 'post'],
    [['post'], 'post', 'post-2'],
    [['post', 'post-2'], 'post', 'post-3'],
    [['post', 'post-3'], 'post', 'post-2'],
    [['post-2'], 'post', 'post'],
  ])('with %j taken, %j becomes %j', (slugs, base, expected) => {
    expect(uniqueSlug(base, taken(...slugs))).toBe(expected);
  });

  it('shortens a long base so the suffix still fits', () => {
    const base = 'a'.repeat(SLUG_MAX);
    const slug = uniqueSlug(base, taken(base));
    expect(slug).toBe(`${'a'.repeat(SLUG_MAX - 2)}-2`);
    expect(isSlug(slug)).toBe(true);
  });
});

describe('isSlug', () => {
  it.each([
    ['a', true],
    ['privacy-policy', true],
    ['2026', true],
    ['', false],
    ['Upper', false],
    ['two--hyphens', false],
    ['-lead', false],
    ['trail-', false],
    ['sp ace', false],
    ['ü', false],
    ['a'.repeat(SLUG_MAX + 1), false],
  ])('%j → %s', (value, ok) => {
    expect(isSlug(value)).toBe(ok);
  });
});
