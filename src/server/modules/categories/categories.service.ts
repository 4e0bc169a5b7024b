/**
 * The categories a company owns per content type. Admin writes: each write, the items it renames or moves and its
 * audit entry commit together; the caller asks for the site rebuild once a write has returned.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  CATEGORIES_PER_KIND_MAX,
  CATEGORY_FULL_MESSAGE,
  CATEGORY_KIND_LABELS,
  CATEGORY_MOVE_ITSELF,
  CATEGORY_MOVE_MISSING,
  CATEGORY_MOVE_OTHER_KIND,
  CATEGORY_NOT_FOUND,
  CATEGORY_ORDER_MESSAGE,
  categoryInUse,
  categoryNameTaken,
  categorySlugTaken,
  categorySlug,
  duplicateOf,
  isCompleteOrder,
  type AdminCategory,
  type Category,
  type CategoryChangeValues,
  type CategoryCreateValues,
  type CategoryKind,
} from '../../../shared/schemas/category.ts';
import type { Db } from '../../db/connection.ts';
import { readBack } from '../../db/read-back.ts';
import type { CategoriesTable } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/storage-errors.ts';
import { ApiError, fieldError, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import {
  countItemsByName,
  deleteCategoryRow,
  findCategoryRow,
  insertCategoryRow,
  listCategoryRows,
  nextCategoryOrder,
  renameItemsCategory,
  updateCategoryRow,
} from './categories.repository.ts';

export interface CategoryWriteContext {
  db: Db;
  actor: AuthUser;
}

const missing = () => notFound(CATEGORY_NOT_FOUND);
const label = (row: { kind: string; name: string }) =>
  `${CATEGORY_KIND_LABELS[row.kind as CategoryKind]} category "${row.name}"`;
/** A category change is a change of its content type's setup, audited as that type's update. */
const auditAction = (kind: CategoryKind) => `${kind}.update` as const;

export function categoryFromRow(row: Selectable<CategoriesTable>): Category {
  return { _id: row.id, kind: row.kind as CategoryKind, name: row.name, slug: row.slug, order: row.sort_order };
}

/** GET /api/categories: every category (or one kind's) in order. */
export async function listCategories(db: Db, kind?: CategoryKind): Promise<Category[]> {
  return (await listCategoryRows(db, kind)).map(categoryFromRow);
}

/** GET /api/admin/categories: the same, each with how many items name it. */
export async function listAdminCategories(db: Db, kind?: CategoryKind): Promise<AdminCategory[]> {
  const rows = await listCategoryRows(db, kind);
  const counts = new Map<string, Map<string, number>>();
  for (const k of new Set(rows.map((row) => row.kind as CategoryKind))) counts.set(k, await countItemsByName(db, k));
  return rows.map((row) => ({ ...categoryFromRow(row), items: counts.get(row.kind)?.get(row.name) ?? 0 }));
}

/** A name or address another category of the kind has, as a 409 naming the field. */
async function refuseDuplicate(db: Db, kind: CategoryKind, wanted: { name?: string; slug?: string }, id?: string) {
  const duplicate = duplicateOf((await listCategoryRows(db, kind)).map(categoryFromRow), wanted, id);
  if (duplicate) throw fieldError(409, duplicate.message, duplicate.field);
}

/** Two writes raced for one name or address: the unique index's refusal answered like the check's. */
function rethrowDuplicate(wanted: { name?: string; slug?: string }) {
  return (error: unknown): never => {
    if (!isUniqueViolation(error)) throw error;
    if (wanted.name !== undefined && !(wanted.slug !== undefined && isUniqueViolation(error, 'slug')))
      throw fieldError(409, categoryNameTaken(wanted.name), 'name');
    throw fieldError(409, categorySlugTaken(wanted.slug ?? ''), 'slug');
  };
}

/** POST /api/admin/categories: added last in its kind. */
export async function createCategory(ctx: CategoryWriteContext, values: CategoryCreateValues): Promise<Category> {
  const slug = categorySlug(values.name, values.slug);
  if (!slug.ok) throw fieldError(400, slug.message, slug.field);
  const wanted = { name: values.name, slug: slug.value };
  const id = randomUUID();
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      await refuseDuplicate(trx, values.kind, wanted);
      const order = await nextCategoryOrder(trx, values.kind);
      if ((await listCategoryRows(trx, values.kind)).length >= CATEGORIES_PER_KIND_MAX)
        throw new ApiError(409, CATEGORY_FULL_MESSAGE);
      const now = new Date().toISOString();
      await insertCategoryRow(trx, { id, kind: values.kind, ...wanted, sort_order: order, created_at: now });
      const row = readBack(await findCategoryRow(trx, id), `category ${id}`);
      await recordAudit(trx, ctx.actor, {
        action: auditAction(values.kind),
        target: { type: 'category', id },
        summary: `${label(row)} added`,
      });
      return categoryFromRow(row);
    })
    .catch(rethrowDuplicate(wanted));
}

/**
 * PUT /api/admin/categories/:id: a rename moves every item of the old name to the new one in the same transaction;
 * the address stays unless one is sent, so filter links keep working.
 */
export async function updateCategory(
  ctx: CategoryWriteContext,
  id: string,
  values: CategoryChangeValues,
): Promise<{ category: Category; moved: number }> {
  const wanted = {
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.slug ? { slug: values.slug } : {}),
  };
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const before = await findCategoryRow(trx, id);
      if (!before) throw missing();
      const kind = before.kind as CategoryKind;
      // A slug sent empty is made again from the (new) name.
      const slug = values.slug === '' ? categorySlug(wanted.name ?? before.name) : undefined;
      if (slug && !slug.ok) throw fieldError(400, slug.message, slug.field);
      const changes = { ...wanted, ...(slug?.ok ? { slug: slug.value } : {}) };
      await refuseDuplicate(trx, kind, changes, id);
      await updateCategoryRow(trx, id, { ...changes, updated_at: new Date().toISOString() });
      const after = readBack(await findCategoryRow(trx, id), `category ${id}`);
      const moved = after.name === before.name ? 0 : await renameItemsCategory(trx, kind, before.name, after.name);
      await recordAudit(trx, ctx.actor, {
        action: auditAction(kind),
        target: { type: 'category', id },
        summary: after.name === before.name ? `${label(after)} updated` : `${label(before)} renamed to "${after.name}"`,
      });
      return { category: categoryFromRow(after), moved };
    })
    .catch(rethrowDuplicate(wanted));
}

/**
 * DELETE /api/admin/categories/:id: a category that items still name goes only with `moveTo`, another category of
 * the same kind, which they move to in the same transaction; without one it is refused and nothing changes.
 */
export async function deleteCategory(
  ctx: CategoryWriteContext,
  id: string,
  moveTo: string,
): Promise<{ category: Category; moved: number; to?: Category }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findCategoryRow(trx, id);
    if (!row) throw missing();
    const kind = row.kind as CategoryKind;
    const items = (await countItemsByName(trx, kind)).get(row.name) ?? 0;
    let target: Selectable<CategoriesTable> | undefined;
    if (moveTo) {
      if (moveTo === id) throw fieldError(400, CATEGORY_MOVE_ITSELF, 'moveTo');
      target = await findCategoryRow(trx, moveTo);
      if (!target) throw fieldError(400, CATEGORY_MOVE_MISSING, 'moveTo');
      if (target.kind !== row.kind) throw fieldError(400, CATEGORY_MOVE_OTHER_KIND, 'moveTo');
    } else if (items > 0) {
      throw fieldError(409, categoryInUse(row.name, items), 'moveTo');
    }
    const moved = target ? await renameItemsCategory(trx, kind, row.name, target.name) : 0;
    await deleteCategoryRow(trx, id);
    await recordAudit(trx, ctx.actor, {
      action: auditAction(kind),
      target: { type: 'category', id },
      summary: `${label(row)} removed${moved > 0 && target ? `, ${moved} moved to "${target.name}"` : ''}`,
    });
    return { category: categoryFromRow(row), moved, ...(target ? { to: categoryFromRow(target) } : {}) };
  });
}

/** PUT /api/admin/categories/order: `ids` names every category of the kind once; their order becomes 0..n-1. */
export async function reorderCategories(
  ctx: CategoryWriteContext,
  kind: CategoryKind,
  ids: readonly string[],
): Promise<Category[]> {
  return ctx.db.transaction().execute(async (trx) => {
    const stored = (await listCategoryRows(trx, kind)).map((row) => row.id);
    if (!isCompleteOrder(ids, stored)) throw fieldError(400, CATEGORY_ORDER_MESSAGE, 'ids');
    const now = new Date().toISOString();
    for (const [order, id] of ids.entries()) await updateCategoryRow(trx, id, { sort_order: order, updated_at: now });
    await recordAudit(trx, ctx.actor, {
      action: auditAction(kind),
      target: { type: 'category' },
      summary: `${CATEGORY_KIND_LABELS[kind]} categories reordered (${ids.length})`,
    });
    return (await listCategoryRows(trx, kind)).map(categoryFromRow);
  });
}
