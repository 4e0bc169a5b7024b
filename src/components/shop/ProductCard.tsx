import { formatPrice } from '../../lib/format/money.ts';
import type { Product } from '../../shared/types.ts';
import SafeImage, { type ImageLoading } from '../lists/SafeImage.tsx';

export default function ProductCard({ product, loading }: { product: Product; loading: ImageLoading }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white dark:border-white/10 dark:bg-[#111821]">
      <SafeImage src={product.image} alt={product.name} width={600} height={400} loading={loading} className="aspect-[3/2] h-auto w-full object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-3">
          <h2 className="m-0 text-lg font-semibold">{product.name}</h2>
          <p className="m-0 whitespace-nowrap text-lg font-bold text-[var(--color-primary-ink)]">{formatPrice(product.price)}</p>
        </div>
        <p className="m-0 text-xs uppercase tracking-wide text-gray-500 dark:text-gray-400">{product.category}</p>
        <p className="m-0 line-clamp-3 text-sm text-gray-600 dark:text-gray-300">{product.description}</p>
      </div>
    </article>
  );
}
