/**
 * The Manage Products rules, table-driven: prices (text and numbers, decimals, negatives, huge),
 * stock, category, names, tags, publish state; the list query's defaults and refusals; the screen's list reducer.
 */
import { describe, expect, it } from 'vitest';
import {
  EMPTY_PRODUCT_FORM,
  checkProductForm,
  formValuesOf,
  formValuesOfDraft,
  productFormData,
} from '../../src/components/admin/products/product-form.ts';
import {
  INITIAL_PRODUCTS_QUERY,
  parseSortChoice,
  productsQueryReducer,
} from '../../src/components/admin/products/products-list.ts';
import { amountToCents } from '../../src/shared/money.ts';
import type { AdminProduct } from '../../src/shared/products-admin.ts';
import { checkProductCreate, checkProductUpdate, ProductsQuery } from '../../src/shared/schemas/product-admin.ts';

const VALID = { name: 'Studio Mug', price: '12.50', category: 'Accessories' };

describe('price', () => {
  it.each([
    ['12.50', 12.5, 1250],
    ['12.5', 12.5, 1250],
    ['12', 12, 1200],
    ['0', 0, 0],
    ['0.01', 0.01, 1],
    [' 7.10 ', 7.1, 710],
    ['1000000', 1_000_000, 100_000_000],
    ['1000000.00', 1_000_000, 100_000_000],
    ['000.99', 0.99, 99],
    [19.99, 19.99, 1999],
    [0.1 + 0.2, 0.3, 30],
  ])('accepts %j as %d (%d cents)', (price, amount, cents) => {
    const check = checkProductCreate({ ...VALID, price });
    expect(check).toMatchObject({ ok: true, value: { price: amount } });
    if (check.ok) expect(amountToCents(check.value.price)).toBe(cents);
  });

  it.each([
    ['', 'Price is required.'],
    ['   ', 'Price is required.'],
    [undefined, 'Price is required.'],
    ['12.505', 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    [12.505, 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    [1.005, 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    ['12.', 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    ['.5', 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    ['1e3', 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    ['12,50', 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    ['$12', 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    ['0x10', 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    ['Infinity', 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    [Number.NaN, 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    [Number.POSITIVE_INFINITY, 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    [true, 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    [null, 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    ['-1', 'Price must not be negative.'],
    ['-0.01', 'Price must not be negative.'],
    [-5, 'Price must not be negative.'],
    [-0, 'Price must not be negative.'],
    ['1000000.01', 'Price must be at most 1000000.'],
    ['99999999999999999999', 'Price must be at most 1000000.'],
    [1e21, 'Price must be at most 1000000.'],
  ])('refuses %j: %s', (price, message) => {
    expect(checkProductCreate({ ...VALID, price })).toEqual({ ok: false, field: 'price', message });
  });
});

describe('the other fields', () => {
  it.each([
    ['name', { name: '' }, 'Name is required.'],
    ['name', { name: '   ' }, 'Name is required.'],
    ['name', { name: undefined }, 'Name is required.'],
    ['name', { name: 'x'.repeat(201) }, 'Name must be at most 200 characters.'],
    ['name', { name: 'Line\nbreak' }, 'Name must not contain control characters.'],
    ['name', { name: 42 }, 'Name must be text.'],
    ['description', { description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters.'],
    ['category', { category: undefined }, 'Category is required.'],
    ['category', { category: '' }, 'Category is required.'],
    // Which names are categories is the company's list, checked by the server (categories-api.test.ts).
    ['category', { category: 'x'.repeat(61) }, 'Category must be at most 60 characters.'],
    ['category', { category: ['Books'] }, 'Category must be text.'],
    ['stock', { stock: '-1' }, 'Stock must be a whole number from 0 to 1000000.'],
    ['stock', { stock: '1.5' }, 'Stock must be a whole number from 0 to 1000000.'],
    ['stock', { stock: '' }, 'Stock must be a whole number from 0 to 1000000.'],
    ['stock', { stock: '1000001' }, 'Stock must be a whole number from 0 to 1000000.'],
    ['stock', { stock: 2.5 }, 'Stock must be a whole number from 0 to 1000000.'],
    ['stock', { stock: '1e3' }, 'Stock must be a whole number from 0 to 1000000.'],
    ['published', { published: 'yes' }, 'Published must be true or false.'],
    ['published', { published: 1 }, 'Published must be true or false.'],
    ['tags', { tags: 'x'.repeat(51) }, 'Tags must be at most 50 characters.'],
    [
      'tags',
      { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      'Tags must be at most 20 tags of at most 50 characters each.',
    ],
    ['tags', { tags: 7 }, 'Tags must be at most 20 tags of at most 50 characters each.'],
  ])('refuses %s %j', (field, change, message) => {
    expect(checkProductCreate({ ...VALID, ...change })).toEqual({ ok: false, field, message });
  });

  it('fills the defaults of a new product: a draft with nothing in stock, no tags, no description', () => {
    expect(checkProductCreate({ ...VALID, name: '  Studio Mug  ' })).toEqual({
      ok: true,
      value: {
        name: 'Studio Mug',
        description: '',
        price: 12.5,
        category: 'Accessories',
        tags: [],
        stock: 0,
        published: false,
      },
    });
  });

  it.each([
    [{ stock: '12' }, { stock: 12 }],
    [{ stock: 0 }, { stock: 0 }],
    [{ stock: ' 1000000 ' }, { stock: 1_000_000 }],
    [{ published: 'true' }, { published: true }],
    [{ published: false }, { published: false }],
    [{ tags: ' desk, gift ,Desk,, ' }, { tags: ['desk', 'gift'] }],
    [{ tags: ['a', 'b'] }, { tags: ['a', 'b'] }],
    [{ tags: '' }, { tags: [] }],
    [{ description: 'Two\r\nlines' }, { description: 'Two\nlines' }],
  ])('reads %j', (change, expected) => {
    expect(checkProductCreate({ ...VALID, ...change })).toMatchObject({ ok: true, value: expected });
  });

  it('an edit keeps only what it sends and still checks each', () => {
    expect(checkProductUpdate({ price: '3', unknown: 'x' })).toEqual({ ok: true, value: { price: 3 } });
    expect(checkProductUpdate({})).toEqual({ ok: true, value: {} });
    expect(checkProductUpdate({ name: '' })).toEqual({ ok: false, field: 'name', message: 'Name is required.' });
    expect(checkProductUpdate({ category: 'x'.repeat(61) })).toMatchObject({ ok: false, field: 'category' });
  });
});

describe('list query', () => {
  it('defaults: page 1 of 20, newest first, every product', () => {
    expect(ProductsQuery.parse({})).toEqual({
      page: 1,
      pageSize: 20,
      q: '',
      sort: 'created_at',
      dir: 'desc',
      published: 'all',
      category: undefined,
    });
  });

  it.each([
    [{ sort: 'name' }, { sort: 'name', dir: 'asc' }],
    [
      { sort: 'price', dir: 'desc' },
      { sort: 'price', dir: 'desc' },
    ],
    [
      { sort: 'created_at', dir: 'asc' },
      { sort: 'created_at', dir: 'asc' },
    ],
    [
      { sort: '', dir: '' },
      { sort: 'created_at', dir: 'desc' },
    ],
    [{ q: '  mug  ' }, { q: 'mug' }],
    [
      { page: '3', pageSize: '100' },
      { page: 3, pageSize: 100 },
    ],
    [
      { published: 'draft', category: 'Books' },
      { published: 'draft', category: 'Books' },
    ],
    [{ published: '' }, { published: 'all' }],
  ])('reads %j', (query, expected) => {
    expect(ProductsQuery.parse(query)).toMatchObject(expected);
  });

  it.each([
    [{ page: '0' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ pageSize: '101' }, 'pageSize'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ sort: 'views' }, 'sort'],
    [{ dir: 'up' }, 'dir'],
    [{ published: 'yes' }, 'published'],
    [{ category: 'x'.repeat(61) }, 'category'],
    [{ q: 'x'.repeat(201) }, 'q'],
  ])('refuses %j naming %s', (query, field) => {
    const result = ProductsQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });
});

describe('the screen', () => {
  it.each([
    [
      'a new column starts in its natural direction',
      { type: 'sortBy', sort: 'name' },
      { sort: 'name', dir: 'asc', page: 1 },
    ],
    ['the sorted column flips', { type: 'sortBy', sort: 'created_at' }, { sort: 'created_at', dir: 'asc', page: 1 }],
    ['the sort menu sets both', { type: 'sort', sort: 'price', dir: 'desc' }, { sort: 'price', dir: 'desc', page: 1 }],
    ['a search starts at page 1', { type: 'search', q: 'mug' }, { q: 'mug', page: 1 }],
    ['a filter starts at page 1', { type: 'published', published: 'draft' }, { published: 'draft', page: 1 }],
    ['a page is a whole number from 1', { type: 'page', page: -2 }, { page: 1 }],
  ] as const)('%s', (_, action, expected) => {
    expect(productsQueryReducer({ ...INITIAL_PRODUCTS_QUERY, page: 4 }, action)).toMatchObject(expected);
  });

  it('parses the sort menu, falling back to newest first', () => {
    expect(parseSortChoice('stock:asc')).toEqual({ sort: 'stock', dir: 'asc' });
    expect(parseSortChoice('views:up')).toEqual({ sort: 'created_at', dir: 'desc' });
  });

  it('checks the form with the server rules and sends every field', () => {
    expect(checkProductForm(EMPTY_PRODUCT_FORM)).toEqual({ field: 'name', message: 'Name is required.' });
    expect(checkProductForm({ ...EMPTY_PRODUCT_FORM, name: 'Mug', price: '1.999' })?.field).toBe('price');
    expect(checkProductForm({ ...EMPTY_PRODUCT_FORM, name: 'Mug', price: '4' })?.field).toBe('category');
    expect(checkProductForm({ ...EMPTY_PRODUCT_FORM, name: 'Mug', price: '4', category: 'Cakes' })).toBeNull();
    const product = {
      _id: 'p',
      slug: 'mug',
      name: 'Mug',
      description: 'd',
      price: 12.5,
      price_cents: 1250,
      image: '',
      images: [],
      category: 'Books',
      tags: ['a', 'b'],
      createdAt: '',
      views: 0,
      stock: 3,
      published: true,
      updatedAt: null,
      draft: null,
    } satisfies AdminProduct;
    const values = formValuesOf(product);
    expect(values).toEqual({
      name: 'Mug',
      description: 'd',
      price: '12.50',
      category: 'Books',
      tags: 'a, b',
      stock: '3',
      published: true,
    });
    expect(Object.fromEntries(productFormData(values, null))).toEqual({
      name: 'Mug',
      description: 'd',
      price: '12.50',
      category: 'Books',
      tags: 'a, b',
      stock: '3',
      published: 'true',
    });
    // A draft's save and an unpublished product's preview leave the state as it is.
    expect(Object.fromEntries(productFormData(values, null, { state: false }))).not.toHaveProperty('published');
    // A draft fills the form; the state stays the product's.
    const draft = {
      savedAt: '2026-12-01T09:30:00.000Z',
      savedBy: 'Ana Diaz',
      fields: { name: 'Mug 2', description: '', price: 9, category: 'Gifts', tags: ['c'], stock: 0, image: '/media/x' },
    };
    expect(formValuesOfDraft({ ...product, published: false }, draft)).toEqual({
      name: 'Mug 2',
      description: '',
      price: '9.00',
      category: 'Gifts',
      tags: 'c',
      stock: '0',
      published: false,
    });
  });
});
