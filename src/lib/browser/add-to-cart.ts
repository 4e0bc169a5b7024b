/**
 * What a click on an 'Add to cart' button (components/shop/AddToCartButton.tsx) does: adds to the cart store and says
 * so on the button's status line. Loaded on the first click (add-to-cart-buttons.ts), so no page carries the store
 * before a visitor wants it.
 */
import { lineLimit, quantityOf } from '../cart/cart-lines.ts';
import { $cart, addToCart } from '../stores/cart.ts';

const STATUS_MS = 4000;
const timers = new WeakMap<Element, ReturnType<typeof setTimeout>>();

/** The quantity to add: the named input's whole number (at least 1), or 1. */
function quantityFor(button: HTMLButtonElement): number {
  const id = button.dataset['quantityInput'];
  const input = id ? document.getElementById(id) : null;
  const value = input instanceof HTMLInputElement ? Math.floor(Number(input.value)) : 1;
  return Number.isFinite(value) && value >= 1 ? value : 1;
}

/** What one click on the button did, as the sentence its status line shows. */
export function addFromButton(button: HTMLButtonElement): string {
  const productId = button.dataset['addToCart'] ?? '';
  const stock = Number(button.dataset['stock']);
  const before = quantityOf($cart.get(), productId);
  addToCart(productId, quantityFor(button), stock);
  const after = quantityOf($cart.get(), productId);
  if (after > before) return after === 1 ? 'Added to your cart.' : `Added: ${after} in your cart.`;
  const limit = lineLimit(stock);
  return limit === 0 ? 'Out of stock.' : `All ${limit} available are in your cart.`;
}

function showStatus(button: HTMLButtonElement, text: string): void {
  const status = button.parentElement?.querySelector('[data-cart-status]');
  if (!status) return;
  status.textContent = text;
  clearTimeout(timers.get(status));
  timers.set(
    status,
    setTimeout(() => (status.textContent = ''), STATUS_MS),
  );
}

/** Adds what the button names to the cart and shows what happened. */
export function addToCartFrom(button: HTMLButtonElement): void {
  showStatus(button, addFromButton(button));
}
