/**
 * Manage Products: /api/admin/products, every route admin-only and never cached. Create and edit take
 * multipart (with an optional `image`) or JSON; a write that changes the public shop asks for the site rebuild.
 */
import { Hono, type Context } from 'hono';
import {
  ProductPublish,
  ProductsQuery,
  PRODUCTS_QUERY_MESSAGES,
  PUBLISH_MESSAGE,
  type ProductsFilter,
} from '../../../shared/schemas/product-admin.ts';
import type { AppEnv } from '../../app-env.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { readUploadForm, uploadBodyLimit } from '../../http/upload-form.ts';
import { mediaType } from '../../http/validate.ts';
import { signedInUser } from '../../middleware/auth.ts';
import {
  createProduct,
  deleteProduct,
  findAdminProduct,
  jsonObject,
  listAdminProducts,
  PRODUCT_NOT_FOUND,
  setProductPublished,
  updateProduct,
  type ProductInput,
  type ProductWriteContext,
} from './products.admin.service.ts';
import { siteChanged } from '../../site/site-changed.ts';

/** Product ids are server-made UUIDs; anything longer is no product. */
const ID_MAX = 100;

function writeContext(c: Context<AppEnv>): ProductWriteContext {
  // The admin guard ran first, so the user is set.
  return { db: c.get('db'), dataDir: c.get('env').DATA_DIR, actor: signedInUser(c) };
}

function productId(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (id.length > ID_MAX) throw notFound(PRODUCT_NOT_FOUND);
  return id;
}

/** The body of a create or edit: a multipart form (its file field is `image`) or a JSON object. */
async function productInput(c: Context<AppEnv>): Promise<ProductInput> {
  if (mediaType(c.req.header('content-type')) === 'multipart/form-data') return readUploadForm(c, ['image']);
  return { json: jsonObject(await c.req.json().catch(() => undefined)) };
}

export function productAdminRoutes() {
  return new Hono<AppEnv>()
    .get('/admin/products', async (c) => {
      const parsed = ProductsQuery.safeParse(c.req.query());
      if (!parsed.success) {
        const key = parsed.error.issues[0]?.path[0];
        const field = typeof key === 'string' && key in PRODUCTS_QUERY_MESSAGES ? (key as keyof ProductsFilter) : 'q';
        throw fieldError(400, PRODUCTS_QUERY_MESSAGES[field], field);
      }
      return c.json(await listAdminProducts(c.get('db'), parsed.data));
    })
    .get('/admin/products/:id', async (c) => c.json({ product: await findAdminProduct(c.get('db'), productId(c)) }))
    .post('/admin/products', uploadBodyLimit(1), async (c) => {
      const { product, shopChanged } = await createProduct(writeContext(c), await productInput(c));
      siteChanged(c, 'products', shopChanged);
      return c.json({ message: 'Product created', product }, 201);
    })
    .put('/admin/products/:id', uploadBodyLimit(1), async (c) => {
      const id = productId(c);
      const { product, shopChanged } = await updateProduct(writeContext(c), id, await productInput(c));
      siteChanged(c, 'products', shopChanged);
      return c.json({ message: 'Product updated', product });
    })
    .patch('/admin/products/:id', async (c) => {
      const id = productId(c);
      const parsed = ProductPublish.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) throw fieldError(400, PUBLISH_MESSAGE, 'published');
      const { product, shopChanged, message } = await setProductPublished(writeContext(c), id, parsed.data.published);
      siteChanged(c, 'products', shopChanged);
      return c.json({ message, product });
    })
    .delete('/admin/products/:id', async (c) => {
      const { shopChanged } = await deleteProduct(writeContext(c), productId(c));
      siteChanged(c, 'products', shopChanged);
      return c.json({ message: 'Product deleted' });
    });
}
