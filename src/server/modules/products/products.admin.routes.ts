/**
 * Manage Products: /api/admin/products, every route admin-only and never cached. Create and edit take
 * multipart (with an optional `image`) or JSON; a write that changes the public shop asks for the site rebuild.
 */
import { Hono, type Context } from 'hono';
import { checkProductPublish, checkProductsQuery } from '../../../shared/schemas/product-admin.ts';
import type { AppEnv } from '../../app-env.ts';
import { notFound } from '../../http/errors.ts';
import { readWriteBody, uploadBodyLimit } from '../../http/upload-form.ts';
import { jsonBody, validQuery } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import {
  createProduct,
  deleteProduct,
  findAdminProduct,
  listAdminProducts,
  PRODUCT_NOT_FOUND,
  setProductPublished,
  updateProduct,
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
const productInput = (c: Context<AppEnv>) => readWriteBody(c, ['image']);

export function productAdminRoutes() {
  return new Hono<AppEnv>()
    .get('/admin/products', validQuery(checkProductsQuery), async (c) =>
      c.json(await listAdminProducts(c.get('db'), c.req.valid('query'))),
    )
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
    .patch('/admin/products/:id', jsonBody(checkProductPublish), async (c) => {
      const id = productId(c);
      const { published } = c.req.valid('json');
      const { product, shopChanged, message } = await setProductPublished(writeContext(c), id, published);
      siteChanged(c, 'products', shopChanged);
      return c.json({ message, product });
    })
    .delete('/admin/products/:id', async (c) => {
      const { shopChanged } = await deleteProduct(writeContext(c), productId(c));
      siteChanged(c, 'products', shopChanged);
      return c.json({ message: 'Product deleted' });
    });
}
