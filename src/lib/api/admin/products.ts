/** The Manage Products calls, one function per endpoint; saves with a picture report upload progress. */
import type { AdminProduct, AdminProductPage, ProductDraft, ProductSaved } from '../../../shared/products-admin.ts';
import type {
  ProductCategory,
  ProductPublishFilter,
  ProductSort,
  SortDir,
} from '../../../shared/schemas/product-admin.ts';
import { api } from '../client.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';
import { createPreviewLink, discardDraft, fetchDraft, publishDraft, saveDraft } from './drafts.ts';

/** The list's query as the screen holds it; defaults are left out of the URL. */
export interface ProductsListQuery {
  page: number;
  pageSize: number;
  q: string;
  sort: ProductSort;
  dir: SortDir;
  published: ProductPublishFilter;
  // '' for every category; a category is the company's own name.
  category: ProductCategory;
}

type Progress = ((progress: UploadProgress) => void) | undefined;
const progressOption = (onProgress: Progress) => (onProgress ? { onProgress } : {});

/** A product's admin API path, which its draft and history calls hang from. */
export const productPath = (id: string) => `/api/admin/products/${encodeURIComponent(id)}`;

/** GET /api/admin/products: one page of products, drafts included, in the asked order. */
export function fetchAdminProducts({
  page,
  pageSize,
  q,
  sort,
  dir,
  published,
  category,
}: ProductsListQuery): Promise<AdminProductPage> {
  const query: Record<string, string | number> = { page, pageSize, sort, dir };
  if (q.trim()) query['q'] = q.trim();
  if (published !== 'all') query['published'] = published;
  if (category) query['category'] = category;
  return api<AdminProductPage>('/api/admin/products', { query });
}

/** POST /api/admin/products (multipart; the image optional). */
export const createProduct = (form: FormData, onProgress?: Progress) =>
  uploadFile<ProductSaved>('/api/admin/products', form, { method: 'POST', ...progressOption(onProgress) });

/** PUT /api/admin/products/{id} (multipart; a new image optional, it replaces the old one). */
export const updateProduct = (id: string, form: FormData, onProgress?: Progress) =>
  uploadFile<ProductSaved>(productPath(id), form, { method: 'PUT', ...progressOption(onProgress) });

/** PATCH /api/admin/products/{id}: publishes a product or takes it back to a draft. */
export const setProductPublished = (id: string, published: boolean) =>
  api<ProductSaved>(productPath(id), { method: 'PATCH', body: { published } });

/** DELETE /api/admin/products/{id}. */
export const deleteProduct = (id: string) => api<{ message: string }>(productPath(id), { method: 'DELETE' });

/** GET /api/admin/products/{id}/draft: the product's draft (404 when it has none). */
export const fetchProductDraft = (id: string) => fetchDraft<ProductDraft>(productPath(id));

/** PUT /api/admin/products/{id}/draft (multipart, `published` left out; a new image optional): the form as its draft. */
export const saveProductDraft = (id: string, form: FormData, onProgress?: Progress) =>
  saveDraft<ProductDraft>(productPath(id), form, onProgress);

/** DELETE /api/admin/products/{id}/draft. */
export const discardProductDraft = (id: string) => discardDraft<AdminProduct>(productPath(id));

/** POST /api/admin/products/{id}/draft/publish: the draft becomes the live product, published. */
export const publishProductDraft = (id: string) => publishDraft<AdminProduct>(productPath(id));

/** POST /api/admin/products/{id}/preview-link: a link showing the product as it will look, until it expires. */
export const productPreviewLink = (id: string) => createPreviewLink(productPath(id));
