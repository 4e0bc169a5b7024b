/**
 * Manage Products: each write and its audit entry commit together; a picture is stored before the
 * transaction and released after it (a failed write releases the new one, a replaced or deleted product its old one).
 * Each write answers whether the public shop changed, so the caller asks for the site rebuild only then.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { amountToCents } from '../../../shared/money.ts';
import type { AdminProduct, AdminProductPage } from '../../../shared/products-admin.ts';
import {
  checkProductCreate,
  checkProductUpdate,
  type ProductsFilter,
  type ProductValues,
} from '../../../shared/schemas/product-admin.ts';
import type { Db } from '../../db/connection.ts';
import { readBack } from '../../db/read-back.ts';
import { freeSlug } from '../../db/free-slug.ts';
import type { ProductsTable } from '../../db/schema.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { storeFormPicture, type WriteBody } from '../../media/upload-check.ts';
import { releaseMediaIfUnused, writeNamingFile } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { bool, productFromRow } from '../content/content.mappers.ts';
import {
  deleteProductRow,
  findProductRow,
  insertProductRow,
  listAdminProductRows,
  updateProductRow,
} from './products.admin.repository.ts';
import { withKnownCategory } from '../categories/category-check.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';

/** Where stored pictures live (DATA_DIR) and who is writing. */
export interface ProductWriteContext {
  db: Db;
  dataDir: string;
  actor: AuthUser;
}

/** A write's answer, and whether anything the public shop shows changed with it. */
export interface ProductWrite {
  product: AdminProduct;
  shopChanged: boolean;
}

/** The body of a create or edit: multipart fields and files, or a JSON object (no file). */
export type ProductInput = WriteBody;

const missing = () => notFound(PRODUCT_NOT_FOUND);
const label = (name: string) => `Product "${name}"`;

/** The row as the admin API shows it: the public fields plus cents, stock and publish state. */
export function adminProductFromRow(row: Selectable<ProductsTable>): AdminProduct {
  return {
    ...productFromRow(row),
    price_cents: row.price_cents,
    stock: row.stock,
    published: bool(row.published),
    updatedAt: row.updated_at,
  };
}

/** GET /api/admin/products. */
export async function listAdminProducts(db: Db, filter: ProductsFilter): Promise<AdminProductPage> {
  const { rows, total } = await listAdminProductRows(db, filter);
  return { results: rows.map(adminProductFromRow), total, page: filter.page, pageSize: filter.pageSize };
}

/** GET /api/admin/products/:id. */
export async function findAdminProduct(db: Db, id: string): Promise<AdminProduct> {
  const row = await findProductRow(db, id);
  if (!row) throw missing();
  return adminProductFromRow(row);
}

/** The columns of (some of) a product's values; price stored in cents, tags as JSON text. */
function columnsOf(values: Partial<ProductValues>) {
  const { price, tags, ...rest } = values;
  return {
    ...rest,
    ...(price === undefined ? {} : { price_cents: amountToCents(price) }),
    ...(tags === undefined ? {} : { tags: JSON.stringify(tags) }),
  };
}

/** POST /api/admin/products: fields checked before the picture is stored, so a refusal stores nothing. */
export async function createProduct(ctx: ProductWriteContext, input: ProductInput): Promise<ProductWrite> {
  const check = checkProductCreate(input.fields);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  const values = await withKnownCategory(ctx.db, 'product', check.value);
  const image = await storeFormPicture(ctx.db, ctx.dataDir, input, 'image', 'product');
  const id = randomUUID();
  const now = new Date().toISOString();
  const product = await writeNamingFile(ctx, image, () =>
    ctx.db.transaction().execute(async (trx) => {
      const slug = await freeSlug(trx, 'products', values.name, 'product');
      await insertProductRow(trx, {
        id,
        slug,
        ...columnsOf(values),
        name: values.name,
        image: image ?? '',
        views: 0,
        created_at: now,
        updated_at: null,
      });
      await claimMedia(trx, image);
      const summary = `${label(values.name)} created${values.published ? '' : ' as a draft'}`;
      await recordAudit(trx, ctx.actor, { action: 'product.create', target: { type: 'product', id }, summary });
      return adminProductFromRow(readBack(await findProductRow(trx, id), `product ${id}`));
    }),
  );
  return { product, shopChanged: product.published };
}

/** PUT /api/admin/products/:id: the sent fields change, the others keep their stored values; a new image replaces the old. */
export async function updateProduct(ctx: ProductWriteContext, id: string, input: ProductInput): Promise<ProductWrite> {
  if (!(await findProductRow(ctx.db, id))) throw missing();
  const check = checkProductUpdate(input.fields);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  const values = await withKnownCategory(ctx.db, 'product', check.value);
  const image = await storeFormPicture(ctx.db, ctx.dataDir, input, 'image', 'product');
  const { product, before } = await writeNamingFile(
    ctx,
    image,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await findProductRow(trx, id);
        if (!before) throw missing();
        await updateProductRow(trx, id, {
          ...columnsOf(values),
          ...(image ? { image } : {}),
          updated_at: new Date().toISOString(),
        });
        await claimMedia(trx, image);
        if (image && before.image !== image) await unclaimMedia(trx, before.image);
        const after = readBack(await findProductRow(trx, id), `product ${id}`);
        await recordAudit(trx, ctx.actor, {
          action: 'product.update',
          target: { type: 'product', id },
          summary: `${label(after.name)} updated`,
        });
        return { product: adminProductFromRow(after), before };
      }),
    (written) => (image ? written.before.image : undefined),
  );
  // A draft that stays a draft changes nothing public.
  return { product, shopChanged: bool(before.published) || product.published };
}

/** PATCH /api/admin/products/:id: publishes the product or takes it back to a draft. */
export async function setProductPublished(
  ctx: ProductWriteContext,
  id: string,
  published: boolean,
): Promise<ProductWrite & { message: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findProductRow(trx, id);
    if (!row) throw missing();
    const message = `${label(row.name)} ${published ? 'published' : 'unpublished'}`;
    if (bool(row.published) === published) return { product: adminProductFromRow(row), shopChanged: false, message };
    await updateProductRow(trx, id, { published, updated_at: new Date().toISOString() });
    await recordAudit(trx, ctx.actor, { action: 'product.update', target: { type: 'product', id }, summary: message });
    return {
      product: adminProductFromRow(readBack(await findProductRow(trx, id), `product ${id}`)),
      shopChanged: true,
      message,
    };
  });
}

/** DELETE /api/admin/products/:id; its picture leaves DATA_DIR/media once nothing else names it. */
export async function deleteProduct(ctx: ProductWriteContext, id: string): Promise<{ shopChanged: boolean }> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const deleted = await deleteProductRow(trx, id);
    if (!deleted) throw missing();
    await unclaimMedia(trx, deleted.image);
    await recordAudit(trx, ctx.actor, {
      action: 'product.delete',
      target: { type: 'product', id },
      summary: `${label(deleted.name)} deleted`,
    });
    return deleted;
  });
  await releaseMediaIfUnused(ctx.db, ctx.dataDir, row.image);
  return { shopChanged: bool(row.published) };
}
