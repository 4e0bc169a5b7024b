/**
 * 'Add to cart' as plain markup: the page's script (lib/browser/add-to-cart.ts) handles its clicks from the document,
 * so it works in the shop's static grid, which never hydrates, as in the lists React renders. Disabled at no stock.
 */
interface Props {
  productId: string;
  stock: number;
  /** The <input> whose value is the quantity to add; none adds one. */
  quantityInput?: string;
  className?: string;
  /** Shown under the button, which then does nothing (a preview of a product not on sale as shown). */
  inertNote?: string | undefined;
}

export default function AddToCartButton({ productId, stock, quantityInput, className = '', inertNote }: Props) {
  const out = !(stock > 0);
  return (
    <span className="flex flex-col gap-1">
      <button
        type="button"
        className={`brand-button inline-flex min-h-10 items-center justify-center gap-2 px-4 py-2 text-sm font-semibold transition-opacity hover:opacity-85 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50 ${className}`}
        disabled={out || inertNote !== undefined}
        data-add-to-cart={inertNote === undefined ? productId : undefined}
        data-stock={Math.max(0, Math.floor(stock))}
        data-quantity-input={quantityInput}
      >
        {out ? 'Out of stock' : 'Add to cart'}
      </button>
      {/* What the click did ('Added to your cart', 'All 3 are in your cart'), read out by screen readers. */}
      <span role="status" className="min-h-5 text-xs text-gray-600 empty:hidden dark:text-gray-300" data-cart-status>
        {inertNote}
      </span>
    </span>
  );
}
