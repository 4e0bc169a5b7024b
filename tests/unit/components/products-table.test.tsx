/** The products table marks a product whose changes wait in a draft, beside its Published/Draft badge. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProductsTable from '../../../src/components/admin/products/ProductsTable.tsx';
import type { AdminProduct } from '../../../src/shared/products-admin.ts';

const product = (id: string, changes: Partial<AdminProduct>): AdminProduct => ({
  _id: id,
  slug: id,
  name: id,
  description: '',
  price: 5,
  price_cents: 500,
  image: '',
  images: [],
  category: 'Books',
  tags: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  views: 0,
  stock: 1,
  published: true,
  updatedAt: null,
  draft: null,
  ...changes,
});

const noop = () => undefined;

describe('ProductsTable', () => {
  it('says "Unpublished changes" on a product with a draft, published or not, and on no other', () => {
    const draft = { savedAt: '2026-12-01T09:30:00.000Z', savedBy: 'Ana Diaz' };
    render(
      <ProductsTable
        products={[
          product('live', {}),
          product('changed', { draft }),
          product('unpublished', { published: false, draft }),
        ]}
        currency="EUR"
        sort="created_at"
        dir="desc"
        busyId={null}
        onSort={noop}
        onEdit={noop}
        onDelete={noop}
        onPublish={noop}
      />,
    );
    const row = (id: string) => {
      const found = document.querySelector<HTMLElement>(`tr[data-product="${id}"]`);
      if (!found) throw new Error(`no row for ${id}`);
      return within(found);
    };
    expect(row('live').queryByText('Unpublished changes')).toBeNull();
    expect(row('live').getByText('Published')).toBeTruthy();
    expect(row('changed').getByText('Unpublished changes')).toBeTruthy();
    expect(row('changed').getByText('Published')).toBeTruthy();
    expect(row('unpublished').getByText('Unpublished changes')).toBeTruthy();
    expect(row('unpublished').getByText('Draft')).toBeTruthy();
    expect(screen.getAllByText('Unpublished changes')).toHaveLength(2);
  });
});
