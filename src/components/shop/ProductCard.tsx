import { formatMoney } from '../../lib/format/money.ts';
import type { ShopListItem } from '../../lib/lists/list-data.ts';
import { productPath } from '../../lib/shop/product-page.ts';
import { amountToCents } from '../../shared/money.ts';
import SafeImage, { type ImageLoading } from '../lists/SafeImage.tsx';
import AddToCartButton from './AddToCartButton.tsx';

interface Props {
  /** Only what the shop's data file holds of a product, so the list can draw its cards from that file. */
  product: ShopListItem;
  loading: ImageLoading;
  /** The store's currency (GET /api/store). */
  currency: string;
  /** h2 in the shop's grid; h3 under a section's own heading. */
  heading?: 'h2' | 'h3';
  sizes?: string;
  /** A two-column card on phones (related products): the price under the name, no category or description. */
  compact?: boolean;
}

export default function ProductCard({
  product,
  loading,
  currency,
  heading: Heading = 'h2',
  sizes,
  compact = false,
}: Props) {
  const price = formatMoney(amountToCents(product.price), currency);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white transition-shadow hover:shadow-lg focus-within:ring-2 focus-within:ring-[var(--color-primary)] dark:border-white/10 dark:bg-[#111821]">
      <SafeImage
        src={product.image}
        alt={product.name}
        width={600}
        height={400}
        loading={loading}
        className="aspect-[3/2] h-auto w-full object-cover"
        {...(sizes ? { sizes } : {})}
      />
      <div className={`flex flex-1 flex-col gap-2 ${compact ? 'p-3 sm:p-4' : 'p-4'}`}>
        <div className={compact ? 'flex flex-col gap-1' : 'flex items-start justify-between gap-3'}>
          <Heading className={`m-0 font-semibold ${compact ? 'text-base leading-snug sm:text-lg' : 'text-lg'}`}>
            {/* The whole card is the link's target area; the name is the link's text. */}
            <a
              href={productPath(product.slug)}
              className="text-inherit no-underline after:absolute after:inset-0 after:content-[''] group-hover:underline focus-visible:outline-none"
            >
              {product.name}
            </a>
          </Heading>
          <p className="m-0 whitespace-nowrap text-lg font-bold text-[var(--color-primary-ink)]">{price}</p>
        </div>
        {!compact && (
          <>
            <p className="m-0 text-xs uppercase tracking-wide text-gray-500 dark:text-gray-400">{product.category}</p>
            <p className="m-0 line-clamp-3 text-sm text-gray-600 dark:text-gray-300">{product.description}</p>
          </>
        )}
        {/* Above the card's link, so a click on it adds to the cart instead of opening the page. */}
        <div className="relative z-10 mt-auto pt-2">
          <AddToCartButton productId={product._id} stock={product.stock} className="w-full" />
        </div>
      </div>
    </article>
  );
}
