/**
 * Pure rules of the product form: its values from a product or its draft (or empty for a new one), the server's own
 * rules checked before sending (shared/schemas/product-admin.ts), and the one multipart body of a save.
 */
import type { AdminProduct, ProductDraft } from '../../../shared/products-admin.ts';
import { checkProductCreate } from '../../../shared/schemas/product-admin.ts';

/** The form's fields as the inputs hold them. */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  category: string;
  tags: string;
  stock: string;
  published: boolean;
}

export type ProductField = keyof ProductFormValues | 'image';

/** A new product's form: a draft, nothing in stock; the dialog picks the company's first category once it has the list. */
export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  category: '',
  tags: '',
  stock: '0',
  published: false,
};

/** The price as an admin types it: 12.5 → '12.50', 40 → '40.00'. */
export const priceText = (price: number) => price.toFixed(2);

/** The form of an existing product. */
export function formValuesOf(product: AdminProduct | null): ProductFormValues {
  if (!product) return EMPTY_PRODUCT_FORM;
  return {
    name: product.name,
    description: product.description,
    price: priceText(product.price),
    category: product.category,
    tags: product.tags.join(', '),
    stock: String(product.stock),
    published: product.published,
  };
}

/** The form of a product's draft: the draft's fields, the product's own state. */
export const formValuesOfDraft = (product: AdminProduct, { fields }: ProductDraft): ProductFormValues =>
  formValuesOf({ ...product, ...fields });

/** The server's rules for the whole form: the first bad field as { field, message }, like a 400 answer; null when fine. */
export function checkProductForm(values: ProductFormValues): { field: ProductField; message: string } | null {
  const check = checkProductCreate({ ...values, published: values.published ? 'true' : 'false' });
  return check.ok ? null : { field: check.field as ProductField, message: check.message };
}

/**
 * The multipart body of a create or edit: every field, and the picture when one was chosen. `state: false` leaves
 * `published` out: the product keeps its own (a draft's save, an unpublished product's preview).
 */
export function productFormData(values: ProductFormValues, image: File | null, { state = true } = {}): FormData {
  const form = new FormData();
  form.append('name', values.name);
  form.append('description', values.description);
  form.append('price', values.price.trim());
  form.append('category', values.category);
  form.append('tags', values.tags);
  form.append('stock', values.stock.trim());
  if (state) form.append('published', values.published ? 'true' : 'false');
  if (image) form.append('image', image);
  return form;
}
