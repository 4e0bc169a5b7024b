import { describe, expect, it } from 'vitest';
import { restoreList } from '../../src/server/backup/replace-postgres.ts';
import { parentsFirst } from '../../src/server/backup/table-order.ts';

describe('parentsFirst', () => {
  it('puts every table after the tables its keys point to, each as early as it can be', () => {
    expect(
      parentsFirst(
        ['order_items', 'orders', 'products', 'users', 'pages'],
        [
          { from: 'order_items', to: 'orders' },
          { from: 'order_items', to: 'products' },
          { from: 'orders', to: 'users' },
        ],
      ),
    ).toEqual(['products', 'users', 'orders', 'order_items', 'pages']);
  });

  it('ignores a key to the table itself and keys to tables it is not given', () => {
    expect(
      parentsFirst(
        ['comments', 'posts'],
        [
          { from: 'comments', to: 'comments' },
          { from: 'comments', to: 'posts' },
          { from: 'posts', to: 'kysely_migration' },
        ],
      ),
    ).toEqual(['posts', 'comments']);
  });

  it('refuses keys that go round in a circle', () => {
    expect(() =>
      parentsFirst(
        ['a', 'b', 'c'],
        [
          { from: 'a', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      ),
    ).toThrow('The foreign keys of a, b go round in a circle');
  });
});

describe('restoreList', () => {
  const listing = [
    ';',
    '; Archive created at 2026-12-02 21:00:00 UTC',
    '215; 1259 16390 TABLE public orders site',
    '216; 1259 16391 TABLE public users site',
    '217; 1259 16392 SEQUENCE public search_index_seq_seq site',
    '3401; 0 16390 TABLE DATA public orders site',
    '3402; 0 16391 TABLE DATA public users site',
    '3403; 0 0 SEQUENCE SET public search_index_seq_seq site',
    '3404; 0 16399 TABLE DATA other users site',
    '3405; 2606 16400 CONSTRAINT public orders orders_pkey site',
  ].join('\n');

  it('lists the data of the tables in the order given, then the sequences, and nothing of other schemas', () => {
    expect(restoreList(listing, 'public', ['orders', 'users'], ['users', 'orders'])).toBe(
      [
        '3402; 0 16391 TABLE DATA public users site',
        '3401; 0 16390 TABLE DATA public orders site',
        '3403; 0 0 SEQUENCE SET public search_index_seq_seq site',
        '',
      ].join('\n'),
    );
  });

  it('refuses a dump whose tables are not the database’s', () => {
    expect(() => restoreList(listing, 'public', ['orders', 'users', 'pages'], ['users', 'orders', 'pages'])).toThrow(
      'The backup has other tables than this version of the site',
    );
  });
});
