/** A product's versions: the fields kept at each save, as the history names and compares them. */
import { centsToAmount } from '../../../shared/money.ts';
import type { ProductDraftFields } from '../../../shared/products-admin.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import type { Versioned } from '../revisions/keep-revision.ts';
import type { ProductRow } from './products.admin.repository.ts';

/** The product's fields as a draft or a version starts from them (its gallery is edited apart, at once). */
export const productFieldsOfRow = (row: ProductRow): ProductDraftFields => ({
  name: row.name,
  description: row.description,
  price: centsToAmount(row.price_cents),
  category: row.category,
  tags: parseStringArray(row.tags),
  stock: row.stock,
  image: row.image,
});

export const productVersioned: Versioned<ProductRow, ProductDraftFields> = {
  type: 'product',
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'price', label: 'Price', kind: 'text' },
    { name: 'stock', label: 'Stock', kind: 'text' },
    { name: 'category', label: 'Category', kind: 'text' },
    { name: 'tags', label: 'Tags', kind: 'list' },
    { name: 'image', label: 'Picture', kind: 'picture' },
    { name: 'description', label: 'Description', kind: 'text' },
  ],
  picture: 'image',
  fieldsOf: productFieldsOfRow,
  writtenAt: (row) => row.updated_at ?? row.created_at,
};
