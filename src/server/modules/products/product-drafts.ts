/**
 * A product as its drafts and versions see it (drafts/draft.service.ts), and its draft and history calls under
 * /api/admin/products/:id (the guard's `shop` part: whoever may change a product may keep a draft of it and publish it).
 */
import { omit } from '../../../shared/omit.ts';
import type { AdminProduct, ProductDraftFields } from '../../../shared/products-admin.ts';
import { checkProductUpdate } from '../../../shared/schemas/product-admin.ts';
import type { Product } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { fieldError } from '../../http/errors.ts';
import { amountToCents } from '../../../shared/money.ts';
import { withKnownCategory } from '../categories/category-check.ts';
import { bool, productFromRow } from '../content/content.mappers.ts';
import type { DraftRoutes } from '../drafts/draft.routes.ts';
import { previewFields, type Draftable } from '../drafts/draft.service.ts';
import { findProductRow, type ProductRow } from './products.admin.repository.ts';
import { findAdminProduct, foundProduct, productLabel, writeProductChanges } from './products.admin.service.ts';
import { productVersioned } from './product-versions.ts';

/** Sent changes checked as the product's PUT checks them, the category known to the company. */
async function checkedChanges(db: Db, input: Record<string, unknown>) {
  const check = checkProductUpdate(input);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  return withKnownCategory(db, 'product', check.value);
}

export const productDraftable: Draftable<ProductRow, ProductDraftFields> = {
  ...productVersioned,
  label: (fields) => productLabel(fields.name),
  upload: { purpose: 'product', removable: false },
  find: findProductRow,
  visible: (_actor, row) => foundProduct(row),
  changeable: (_actor, row) => foundProduct(row),
  mayPublish: () => undefined,
  prepare: async (ctx, input) => omit(await checkedChanges(ctx.db, input), 'published'),
  publish: async (ctx, id, fields, picture, also) => {
    const values = await checkedChanges(ctx.db, { ...omit(fields, 'image'), published: true });
    const { shopChanged } = await writeProductChanges(ctx, id, values, picture.image, {
      what: 'published from its draft',
      action: 'publish',
      also,
    });
    return { publicChange: shopChanged };
  },
};

export const productDrafts: DraftRoutes<ProductRow, ProductDraftFields, AdminProduct> = {
  draftable: productDraftable,
  path: '/admin/products/:id',
  site: 'products',
  item: (db, _actor, id) => findAdminProduct(db, id),
};

/** The product as its page will show it: the draft applied when it has one (a preview link's view). */
export async function productPreview(
  db: Db,
  id: string,
): Promise<{ item: Product; draft: boolean; published: boolean } | null> {
  const found = await previewFields(db, productDraftable, id);
  if (!found) return null;
  const { row, fields, draft } = found;
  const item = productFromRow({
    ...row,
    ...omit(fields, 'price', 'tags'),
    price_cents: amountToCents(fields.price),
    tags: JSON.stringify(fields.tags),
  });
  return { item, draft, published: bool(row.published) };
}
