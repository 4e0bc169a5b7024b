/** The server's check that an item names one of the company's categories of its type (the forms' schemas take any text). */
import { categoryNamed, unknownCategory, type CategoryKind } from '../../../shared/schemas/category.ts';
import type { Db } from '../../db/connection.ts';
import { fieldError } from '../../http/errors.ts';
import { listCategoryRows } from './categories.repository.ts';

/**
 * `values` with its `field` (category, or audio's type) as the stored name of the category it names (any case, or
 * the category's address); unchanged when the field is absent or '' (none). A category the company does not have for
 * the kind is a 400 naming the field and the kind's categories.
 */
export async function withKnownCategory<T extends object>(
  db: Db,
  kind: CategoryKind,
  values: T,
  field: 'category' | 'type' = 'category',
): Promise<T> {
  const value: unknown = (values as Record<string, unknown>)[field];
  if (typeof value !== 'string' || value === '') return values;
  const rows = await listCategoryRows(db, kind);
  const found = categoryNamed(rows, value);
  if (!found)
    throw fieldError(
      400,
      unknownCategory(
        field,
        rows.map((row) => row.name),
      ),
      field,
    );
  return { ...values, [field]: found.name };
}
