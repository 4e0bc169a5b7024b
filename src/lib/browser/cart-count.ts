/**
 * The header's cart button count, read straight from localStorage 'cart'. It stays apart from the cart store
 * (lib/stores/cart.ts) and its rules, which islands import: the header's script imports nothing an island imports,
 * so Astro inlines it (docs/performance.md), and it is kept small because every page carries it. The store fires
 * 'cart-changed' on window after each change in this tab; other tabs' changes arrive as storage events.
 */
const CART_KEY = 'cart';

/**
 * The number of items in a stored cart: what countItems(parseCartLines(text)) gives for any cart the store wrote
 * (one line per product), 0 for anything unreadable. Each of the first 50 lines (MAX_CART_LINES) counts up to 99.
 */
export function storedCartCount(text: string | null): number {
  let count = 0;
  try {
    const lines: unknown = JSON.parse(text ?? '');
    // Whatever the storage holds: each field is checked before it counts.
    type StoredLine = { productId?: unknown; quantity?: unknown } | null | undefined;
    for (const line of (Array.isArray(lines) ? lines.slice(0, 50) : []) as readonly StoredLine[]) {
      const quantity = line?.quantity;
      if (
        typeof line?.productId === 'string' &&
        typeof quantity === 'number' &&
        Number.isInteger(quantity) &&
        quantity > 0
      )
        count += Math.min(quantity, 99);
    }
  } catch {
    // Not JSON: no cart.
  }
  return count;
}

/** Shows the count on every cart button ([data-cart-count] inside [data-cart-link]): hidden at 0, '99+' beyond. */
function showCount(): void {
  let count = 0;
  try {
    count = storedCartCount(localStorage.getItem(CART_KEY));
  } catch {
    // Storage is unavailable: an empty cart.
  }
  for (const link of document.querySelectorAll('[data-cart-link]')) {
    link.setAttribute('aria-label', count ? `Cart, ${count} item${count === 1 ? '' : 's'}` : 'Cart');
    const badge = link.querySelector<HTMLElement>('[data-cart-count]');
    if (badge) {
      badge.textContent = count > 99 ? '99+' : String(count);
      badge.hidden = !count;
    }
  }
}

/** Shows the count now and keeps it current: this tab's changes, other tabs', and a page restored from the back/forward cache. */
export function setupCartCount(): void {
  showCount();
  addEventListener('cart-changed', showCount);
  addEventListener('storage', (event) => (event.key === CART_KEY || event.key === null) && showCount());
  addEventListener('pageshow', (event) => event.persisted && showCount());
}
