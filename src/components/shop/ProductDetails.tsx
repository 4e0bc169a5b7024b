/**
 * A product's own page body: pictures, name, price in the store's currency, stock state, 'Add to cart' with a
 * quantity, description and category, then related products. Static HTML on /shop/{slug}; ProductReader renders the
 * same for a product newer than the build. The buttons work through the page's add-to-cart script.
 */
import { formatMoney } from '../../lib/format/money.ts';
import { lineLimit } from '../../lib/cart/cart-lines.ts';
import { stockLabel, stockTone } from '../../lib/shop/product-page.ts';
import { amountToCents } from '../../shared/money.ts';
import type { Product } from '../../shared/types.ts';
import AddToCartButton from './AddToCartButton.tsx';
import ProductCard from './ProductCard.tsx';
import ProductGallery from './ProductGallery.tsx';

const RELATED_SIZES = '(min-width: 1280px) 296px, (min-width: 1024px) 23vw, calc(50vw - 1.5rem)';
const QUANTITY_INPUT = 'product-quantity';

export default function ProductDetails({
  product,
  related,
  currency,
  inertCart,
}: {
  product: Product;
  related: readonly Product[];
  currency: string;
  /** Why 'Add to cart' does nothing here (a preview), shown under it; unset, it adds to the cart. */
  inertCart?: string;
}) {
  const limit = lineLimit(product.stock);
  return (
    <article className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <p className="m-0 text-sm">
        <a href="/shop" className="inline-flex items-center gap-1 text-[var(--color-primary-ink)] hover:underline">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
            <path d="M15 18l-6-6 6-6"></path>
          </svg>
          All products
        </a>
      </p>
      <div className="mt-4 grid gap-8 lg:grid-cols-2 lg:items-start lg:gap-12">
        <ProductGallery images={product.images.length > 0 ? product.images : [product.image]} name={product.name} />
        <div className="flex min-w-0 flex-col gap-4">
          <div>
            {product.category && (
              <p className="m-0 text-xs font-semibold uppercase tracking-wide">
                <a
                  href={`/shop?${new URLSearchParams({ category: product.category })}`}
                  className="text-gray-500 no-underline hover:underline dark:text-gray-400"
                >
                  {product.category}
                </a>
              </p>
            )}
            <h1 className="mb-0 mt-2 text-3xl font-bold leading-tight sm:text-4xl">{product.name}</h1>
          </div>
          <p className="m-0 text-2xl font-bold text-[var(--color-primary-ink)]">
            {formatMoney(amountToCents(product.price), currency)}
          </p>
          <p className="m-0 inline-flex items-center gap-2 text-sm font-medium" data-stock-state={product.slug}>
            <span aria-hidden="true" className={`size-2.5 rounded-full ${stockTone(product.stock)}`}></span>
            <span>{stockLabel(product.stock)}</span>
          </p>
          <div className="flex flex-wrap items-start gap-3" data-product-actions>
            {limit > 0 && (
              <label className="flex items-center gap-2 text-sm font-medium">
                Quantity
                <input
                  id={QUANTITY_INPUT}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={limit}
                  defaultValue={1}
                  className="h-10 w-20 rounded-md border border-gray-300 bg-white px-2 text-base text-gray-900 dark:border-white/20 dark:bg-[#111821] dark:text-gray-100"
                />
              </label>
            )}
            <AddToCartButton
              productId={product._id}
              stock={product.stock}
              {...(limit > 0 ? { quantityInput: QUANTITY_INPUT } : {})}
              className="min-w-40"
              inertNote={inertCart}
            />
          </div>
          {product.description && (
            <p className="m-0 whitespace-pre-line leading-relaxed text-gray-700 dark:text-gray-300">
              {product.description}
            </p>
          )}
          {product.tags.length > 0 && (
            <ul className="m-0 flex list-none flex-wrap gap-2 p-0" aria-label="Tags">
              {product.tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full bg-gray-100 px-3 py-1 text-xs text-gray-700 dark:bg-white/10 dark:text-gray-300"
                >
                  #{tag}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {related.length > 0 && (
        <section aria-labelledby="related-products" className="mt-14">
          <h2 id="related-products" className="m-0 text-2xl font-bold">
            Related products
          </h2>
          <ul className="m-0 mt-6 grid list-none grid-cols-2 gap-3 p-0 sm:gap-6 lg:grid-cols-4">
            {related.map((item) => (
              <li key={item._id}>
                <ProductCard
                  product={item}
                  currency={currency}
                  loading="lazy"
                  heading="h3"
                  sizes={RELATED_SIZES}
                  compact
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
