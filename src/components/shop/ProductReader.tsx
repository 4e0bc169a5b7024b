/** Opens a product created after the last build: the server answers /shop/<new-slug> with this page. */
import { useEffect, useState } from 'react';
import { fetchProduct, fetchProducts } from '../../lib/api/content.ts';
import { relatedProducts } from '../../lib/shop/product-page.ts';
import type { Product } from '../../shared/types.ts';
import ProductDetails from './ProductDetails.tsx';

type State = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; product: Product; related: Product[] };

export default function ProductReader({ currency }: { currency: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const slug = /^\/shop\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(location.pathname)?.[1];
    if (!slug) return setState({ status: 'missing' });
    Promise.all([fetchProduct(slug), fetchProducts().catch(() => [] as Product[])])
      .then(([product, all]) => {
        document.title = document.title.replace(/^[^|]*/, `${product.name} `);
        setState({ status: 'ready', product, related: relatedProducts(product, all) });
      })
      .catch(() => setState({ status: 'missing' }));
  }, []);

  if (state.status === 'loading') {
    return <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label="Loading"><span className="h-10 w-10 animate-spin rounded-full border-4 border-gray-300 border-t-[var(--color-primary)]" /></div>;
  }
  if (state.status === 'missing') {
    return (
      <section className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-4xl font-bold">404 - Page Not Found</h1>
        <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">Sorry, we couldn't find the page you were looking for.</p>
      </section>
    );
  }
  return <ProductDetails product={state.product} related={state.related} currency={currency} />;
}
