/** Opens a product created after the last build: the server answers /shop/<new-slug> with this page. */
import { countActivity } from '../../lib/api/activity.ts';
import { fetchProduct, fetchProducts } from '../../lib/api/content.ts';
import { relatedProducts } from '../../lib/shop/product-page.ts';
import type { Product } from '../../shared/types.ts';
import NewItemReader from '../lists/NewItemReader.tsx';
import ProductDetails from './ProductDetails.tsx';

async function loadProduct(slug: string): Promise<{ product: Product; related: Product[] }> {
  const [product, all] = await Promise.all([fetchProduct(slug), fetchProducts().catch(() => [] as Product[])]);
  // A product the build has not made yet counts its view here, as a built product's page does (count-view.ts).
  void countActivity('view', 'product', product._id);
  return { product, related: relatedProducts(product, all) };
}

export default function ProductReader({ currency }: { currency: string }) {
  return (
    <NewItemReader section="shop" load={loadProduct} title={({ product }) => product.name}>
      {({ product, related }) => <ProductDetails product={product} related={related} currency={currency} />}
    </NewItemReader>
  );
}
