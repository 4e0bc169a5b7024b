/** What the Manage Products API answers and its island reads: one set of types for both sides. */
import type { DraftInfo } from './drafts.ts';
import type { Product } from './types.ts';

/** One product as GET/POST/PUT/PATCH /api/admin/products answer it: the public fields plus what only an admin sees. */
export interface AdminProduct extends Product {
  /** The stored price in cents; `price` is the same in major units (dollars). */
  price_cents: number;
  stock: number;
  /** False: a draft, never in GET /api/products, search or the static shop. */
  published: boolean;
  /** ISO time of the last edit; null when never edited. */
  updatedAt: string | null;
  /** Who saved its draft (unpublished changes) and when; null without one. */
  draft: DraftInfo | null;
}

/** A product's fields as its draft and its versions hold them (the price in major units, the picture's URL). */
export interface ProductDraftFields {
  name: string;
  description: string;
  price: number;
  category: string;
  tags: string[];
  stock: number;
  image: string;
}

/** GET|PUT /api/admin/products/{id}/draft. */
export interface ProductDraft extends DraftInfo {
  fields: ProductDraftFields;
}

/** GET /api/admin/products: one page of products, drafts included. */
export interface AdminProductPage {
  results: AdminProduct[];
  total: number;
  page: number;
  pageSize: number;
}

/** What a create, update or publish toggle answers. */
export interface ProductSaved {
  message: string;
  product: AdminProduct;
}
