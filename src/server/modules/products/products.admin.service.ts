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
import { releaseEachIfUnused, writeNamingFile } from '../../media/media-release.ts';
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
import type { DraftInfo } from '../../../shared/drafts.ts';
import { draftInfo, draftInfos, findDraftRow, deleteDraftRow } from '../drafts/drafts.repository.ts';
import type { ItemWriteNote } from '../drafts/draft.service.ts';
import { dropItemRevisions, keepItemVersion, pruneRevisions } from '../revisions/keep-revision.ts';
import { productVersioned } from './product-versions.ts';

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
export const productLabel = (name: string) => `Product "${name}"`;
const label = productLabel;

/** The row as the admin API shows it: the public fields plus cents, stock and publish state, and who saved its draft. */
export function adminProductFromRow(row: Selectable<ProductsTable>, draft: DraftInfo | null = null): AdminProduct {
  return {
    ...productFromRow(row),
    price_cents: row.price_cents,
    stock: row.stock,
    published: bool(row.published),
    updatedAt: row.updated_at,
    draft,
  };
}

/** GET /api/admin/products. */
export async function listAdminProducts(db: Db, filter: ProductsFilter): Promise<AdminProductPage> {
  const [{ rows, total }, drafts] = await Promise.all([listAdminProductRows(db, filter), draftInfos(db, 'product')]);
  return {
    results: rows.map((row) => adminProductFromRow(row, drafts.get(row.id) ?? null)),
    total,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/** The product as the admin reads it, its draft included; 404 for none. */
export async function findAdminProduct(db: Db, id: string): Promise<AdminProduct> {
  const row = await findProductRow(db, id);
  if (!row) throw missing();
  const draft = await findDraftRow(db, 'product', id);
  return adminProductFromRow(row, draft ? draftInfo(draft) : null);
}

/** The row when there is one; else the product's 404. */
export function foundProduct<T>(row: T | undefined): T {
  if (!row) throw missing();
  return row;
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
      const created = readBack(await findProductRow(trx, id), `product ${id}`);
      await keepItemVersion(trx, productVersioned, ctx.actor, id, 'create', created);
      const summary = `${label(values.name)} created${values.published ? '' : ' as a draft'}`;
      await recordAudit(trx, ctx.actor, { action: 'product.create', target: { type: 'product', id }, summary });
      return adminProductFromRow(created);
    }),
  );
  return { product, shopChanged: product.published };
}

/** PUT /api/admin/products/:id: the sent fields change, the others keep their stored values; a new image replaces the old. */
export async function updateProduct(ctx: ProductWriteContext, id: string, input: ProductInput): Promise<ProductWrite> {
  foundProduct(await findProductRow(ctx.db, id));
  const check = checkProductUpdate(input.fields);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  const values = await withKnownCategory(ctx.db, 'product', check.value);
  const image = await storeFormPicture(ctx.db, ctx.dataDir, input, 'image', 'product');
  return writeProductChanges(ctx, id, values, image, { what: 'updated', action: 'update' });
}

/**
 * Writes checked values to a product (a PUT, or a draft being published) and keeps the version it made; the picture
 * it replaced leaves the media store once nothing names it, and versions beyond the limit are pruned.
 */
export async function writeProductChanges(
  ctx: ProductWriteContext,
  id: string,
  values: Partial<ProductValues>,
  image: string | undefined,
  { what, action, also }: ItemWriteNote,
): Promise<ProductWrite> {
  const { product, before } = await writeNamingFile(
    ctx,
    image,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = foundProduct(await findProductRow(trx, id));
        await updateProductRow(trx, id, {
          ...columnsOf(values),
          ...(image ? { image } : {}),
          updated_at: new Date().toISOString(),
        });
        await claimMedia(trx, image);
        if (image && before.image !== image) await unclaimMedia(trx, before.image);
        await also?.(trx);
        const after = readBack(await findProductRow(trx, id), `product ${id}`);
        await keepItemVersion(trx, productVersioned, ctx.actor, id, action, after, before);
        await recordAudit(trx, ctx.actor, {
          action: 'product.update',
          target: { type: 'product', id },
          summary: `${label(after.name)} ${what}`,
        });
        const draft = await findDraftRow(trx, 'product', id);
        return { product: adminProductFromRow(after, draft ? draftInfo(draft) : null), before };
      }),
    (written) => (image ? written.before.image : undefined),
  );
  await pruneRevisions(ctx, 'product', id);
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
    const draft = await deleteDraftRow(trx, 'product', id);
    await unclaimMedia(trx, deleted.image, draft?.picture);
    const versionPictures = await dropItemRevisions(trx, 'product', id);
    await recordAudit(trx, ctx.actor, {
      action: 'product.delete',
      target: { type: 'product', id },
      summary: `${label(deleted.name)} deleted`,
    });
    return { ...deleted, dropped: [deleted.image, draft?.picture, ...versionPictures] };
  });
  await releaseEachIfUnused(ctx, row.dropped);
  return { shopChanged: bool(row.published) };
}
