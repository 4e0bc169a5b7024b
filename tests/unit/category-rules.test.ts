/** The pure rules of the company's categories: addresses, duplicates, order, which category a value names, filter links. */
import { describe, expect, it } from 'vitest';
import { categoryOptions } from '../../src/components/admin/categories/use-category-names.ts';
import { categoryField, defineListSection } from '../../src/lib/filters/core.ts';
import {
  categoriesOf,
  categoryInUse,
  categoryNamed,
  categorySlug,
  checkCategoryChanges,
  checkCategoryCreate,
  duplicateOf,
  isCompleteOrder,
  moveOne,
  unknownCategory,
} from '../../src/shared/schemas/category.ts';
import { DEFAULT_CATEGORIES } from '../../src/shared/constants.ts';
import { defaultCategories } from '../../src/shared/default-categories.ts';

const CAKES = { _id: 'c1', name: 'Cakes', slug: 'cakes' };
const PIES = { _id: 'c2', name: 'Pies & Tarts', slug: 'pies-and-tarts' };

describe('addresses', () => {
  it.each([
    ['Cakes', '', 'cakes'],
    ['Pies & Tarts', '', 'pies-and-tarts'],
    ['Crème brûlée', '', 'creme-brulee'],
    ['Cakes', 'sweet-things', 'sweet-things'],
  ])('%s (typed %j) lives at %s', (name, typed, slug) => {
    expect(categorySlug(name, typed)).toEqual({ ok: true, value: slug });
  });

  it('refuses a name with nothing to make an address from, naming the slug field', () => {
    expect(categorySlug('***')).toMatchObject({ ok: false, field: 'slug' });
  });
});

describe('duplicates', () => {
  it.each([
    [{ name: 'cakes' }, 'name'],
    [{ name: ' Cakes ' }, 'name'],
    [{ name: 'Scones', slug: 'cakes' }, 'slug'],
  ])('refuses %j as a duplicate of its %s', (wanted, field) => {
    expect(duplicateOf([CAKES, PIES], wanted)?.field).toBe(field);
  });

  it('takes a new name and address, and a category keeping its own', () => {
    expect(duplicateOf([CAKES, PIES], { name: 'Scones', slug: 'scones' })).toBeNull();
    expect(duplicateOf([CAKES, PIES], { name: 'CAKES', slug: 'cakes' }, 'c1')).toBeNull();
  });
});

describe('order', () => {
  it('accepts every id once, and nothing else', () => {
    expect(isCompleteOrder(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(isCompleteOrder(['a'], ['a', 'b'])).toBe(false);
    expect(isCompleteOrder(['a', 'a'], ['a', 'b'])).toBe(false);
    expect(isCompleteOrder(['a', 'c'], ['a', 'b'])).toBe(false);
  });

  it.each([
    [1, -1, ['b', 'a', 'c']],
    [1, 1, ['a', 'c', 'b']],
    [0, -1, ['a', 'b', 'c']],
    [2, 1, ['a', 'b', 'c']],
  ] as const)('moves the entry at %i by %i', (index, step, expected) => {
    expect(moveOne(['a', 'b', 'c'], index, step)).toEqual(expected);
  });

  it("lists one kind's categories in their order", () => {
    const all = [
      { kind: 'blog' as const, order: 1, name: 'B' },
      { kind: 'product' as const, order: 0, name: 'P' },
      { kind: 'blog' as const, order: 0, name: 'A' },
    ];
    expect(categoriesOf(all, 'blog').map((c) => c.name)).toEqual(['A', 'B']);
  });
});

describe('which category a value names', () => {
  it('finds the exact name, then another case, then the address', () => {
    expect(categoryNamed([CAKES, PIES], 'Cakes')).toBe(CAKES);
    expect(categoryNamed([CAKES, PIES], 'pies & tarts')).toBe(PIES);
    expect(categoryNamed([CAKES, PIES], 'pies-and-tarts')).toBe(PIES);
    expect(categoryNamed([CAKES, PIES], 'Scones')).toBeUndefined();
  });

  it('says which names are allowed, as a sentence', () => {
    expect(unknownCategory('category', ['Cakes', 'Pies'])).toBe('Category must be one of Cakes, Pies.');
    expect(unknownCategory('type', ['Music'])).toBe('Type must be one of Music.');
    expect(categoryInUse('Cakes', 1)).toBe(
      '"Cakes" still has 1 item; choose a category to move it to before removing it.',
    );
  });
});

describe('inputs', () => {
  it('trims a name and refuses a missing or overlong one with a sentence', () => {
    expect(checkCategoryCreate({ kind: 'product', name: ' Cakes ' })).toEqual({
      ok: true,
      value: { kind: 'product', name: 'Cakes', slug: '' },
    });
    expect(checkCategoryCreate({ kind: 'product' })).toEqual({
      ok: false,
      field: 'name',
      message: 'Name is required.',
    });
    expect(checkCategoryChanges({ name: 'x'.repeat(61) })).toEqual({
      ok: false,
      field: 'name',
      message: 'Name must be at most 60 characters.',
    });
  });

  it("makes a new site's defaults from the spec's lists", () => {
    expect(defaultCategories('audio').map((c) => [c.name, c.slug])).toContainEqual([
      'Live Recording',
      'live-recording',
    ]);
    expect(defaultCategories('event').map((c) => c.name)).toEqual(DEFAULT_CATEGORIES.event);
  });
});

describe('the admin forms', () => {
  it("offers 'None' and the names, keeping a stored value the list does not (yet) have", () => {
    expect(categoryOptions(['Cakes'], '')).toEqual([
      ['', 'None'],
      ['Cakes', 'Cakes'],
    ]);
    expect(categoryOptions([], 'Pies', { none: false })).toEqual([['Pies', 'Pies']]);
  });
});

describe('filter links', () => {
  const section = defineListSection<{ category: string }>()({
    fields: { category: categoryField('Category', [{ name: 'Novels', slug: 'books' }, CAKES], 'All Categories') },
    sorts: { none: { label: 'None', key: () => 0, direction: 'asc' } },
    noun: ['item', 'items'],
    match: (item, f) => f.category === 'all' || item.category === f.category,
  });

  it.each([
    ['category=Novels', 'Novels'],
    ['category=novels', 'Novels'],
    // Made before 'Books' was renamed: its address stayed.
    ['category=Books', 'Novels'],
    ['category=books', 'Novels'],
    ['category=Scones', 'all'],
  ])('reads %s as %s', (query, category) => {
    expect(section.fromQuery(new URLSearchParams(query)).category).toBe(category);
  });

  it("labels the options with the company's names after 'All Categories'", () => {
    expect(section.panel([], section.defaults).selects[0]?.options.map((o) => o.label)).toEqual([
      'All Categories',
      'Novels',
      'Cakes',
    ]);
  });
});
