/** The Manage Products calls, one function per endpoint; saves with a picture report upload progress. */
import type { AdminProductPage, ProductSaved } from '../../../shared/products-admin.ts';
import type {
  ProductCategory,
  ProductPublishFilter,
  ProductSort,
  SortDir,
} from '../../../shared/schemas/product-admin.ts';
import { api } from '../client.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';

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
const item = (id: string) => `/api/admin/products/${encodeURIComponent(id)}`;

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
  uploadFile<ProductSaved>(item(id), form, { method: 'PUT', ...progressOption(onProgress) });

/** PATCH /api/admin/products/{id}: publishes a product or takes it back to a draft. */
export const setProductPublished = (id: string, published: boolean) =>
  api<ProductSaved>(item(id), { method: 'PATCH', body: { published } });

/** DELETE /api/admin/products/{id}. */
export const deleteProduct = (id: string) => api<{ message: string }>(item(id), { method: 'DELETE' });
