/**
 * The product page's stock as it is now: the page was built with the stock of its build, and orders lower it without
 * a rebuild. Once the page has loaded, the API is asked once; a changed stock updates the stock state and what
 * 'Add to cart' allows (the server checks it again at checkout in any case).
 */
import { apiBase } from '../api/base.ts';
import { lineLimit } from '../cart/cart-lines.ts';
import { stockLabel, stockTone } from '../shop/product-page.ts';

/** Shows `stock` in the page's stock state and on its 'Add to cart' button and quantity field. */
export function showStock(stock: number): void {
  const state = document.querySelector('[data-stock-state]');
  const [dot, label] = state ? [...state.children] : [];
  if (dot) dot.className = `size-2.5 rounded-full ${stockTone(stock)}`;
  if (label) label.textContent = stockLabel(stock);
  const button = document.querySelector<HTMLButtonElement>('[data-product-actions] button[data-add-to-cart]');
  if (button) {
    button.dataset['stock'] = String(Math.max(0, Math.floor(stock)));
    button.disabled = !(stock > 0);
    button.textContent = stock > 0 ? 'Add to cart' : 'Out of stock';
  }
  const quantity = document.getElementById('product-quantity');
  if (quantity instanceof HTMLInputElement) {
    quantity.max = String(Math.max(1, lineLimit(stock)));
    // A style, not `hidden`: the label's display class would win over the attribute.
    const label = quantity.closest('label');
    if (label) label.style.display = stock > 0 ? '' : 'none';
  }
}

/** Asks the API for the product's stock once the page has loaded; a failed answer leaves the page as built. */
export function refreshStock(): void {
  const state = document.querySelector<HTMLElement>('[data-stock-state]');
  const slug = state?.dataset['stockState'];
  if (!slug) return;
  const ask = async () => {
    try {
      const res = await fetch(`${apiBase()}/api/products/${encodeURIComponent(slug)}`, {
        headers: { Accept: 'application/json' },
      });
      const stock: unknown = res.ok ? ((await res.json()) as { stock?: unknown }).stock : undefined;
      if (
        typeof stock === 'number' &&
        String(stock) !==
          document.querySelector<HTMLElement>('[data-product-actions] button[data-add-to-cart]')?.dataset['stock']
      )
        showStock(stock);
    } catch {
      // Offline: the page keeps the stock it was built with.
    }
  };
  if (document.readyState === 'complete') void ask();
  else addEventListener('load', () => void ask(), { once: true });
}
