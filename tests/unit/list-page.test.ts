/** The page of a public list: limit and offset read from a query string, or the whole list when neither is given. */
import { describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE } from '../../src/shared/constants.ts';
import {
  checkListPage,
  LIST_OFFSET_MAX,
  LIST_PAGE_MAX,
  LIST_PAGE_MESSAGES,
} from '../../src/shared/schemas/list-page.ts';

describe('checkListPage', () => {
  it.each([
    [{}, undefined],
    [{ limit: '', offset: '' }, undefined],
    [{ other: '5' }, undefined],
    [{ limit: '10' }, { limit: 10, offset: 0 }],
    [{ offset: '48' }, { limit: LIST_PAGE_SIZE, offset: 48 }],
    [
      { limit: '1', offset: '0' },
      { limit: 1, offset: 0 },
    ],
    [
      { limit: String(LIST_PAGE_MAX), offset: String(LIST_OFFSET_MAX) },
      { limit: LIST_PAGE_MAX, offset: LIST_OFFSET_MAX },
    ],
    [{ limit: '007' }, { limit: 7, offset: 0 }],
    [
      { limit: '', offset: '3' },
      { limit: LIST_PAGE_SIZE, offset: 3 },
    ],
  ])('reads %j as %j', (query, page) => {
    expect(checkListPage(query)).toEqual({ ok: true, value: page });
  });

  it.each([
    ['limit', '0'],
    ['limit', String(LIST_PAGE_MAX + 1)],
    ['limit', '-1'],
    ['limit', '2.5'],
    ['limit', '1e2'],
    ['limit', '+3'],
    ['limit', ' 4'],
    ['limit', 'ten'],
    ['limit', '99999999999999999999'],
    ['limit', ['10', '20']],
    ['offset', '-1'],
    ['offset', String(LIST_OFFSET_MAX + 1)],
    ['offset', '0x10'],
    ['offset', 'NaN'],
  ] as const)('refuses %s=%j with its sentence', (field, value) => {
    expect(checkListPage({ [field]: value })).toEqual({ ok: false, field, message: LIST_PAGE_MESSAGES[field] });
  });

  it('names the limit first when both are bad', () => {
    expect(checkListPage({ limit: 'x', offset: 'y' })).toMatchObject({ ok: false, field: 'limit' });
  });
});
