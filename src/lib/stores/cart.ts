/**
 * The cart: lines of { productId, quantity } kept in localStorage 'cart', so they survive reloads, and shared with
 * the visitor's other tabs through storage events (persistentAtom listens while the store is in use). Only ids and
 * quantities are kept: prices come from the server (POST /api/checkout/quote) every time they are shown.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import type { CartLine } from '../../shared/commerce.ts';
import { addLine, countItems, parseCartLines, removeLine, setLine } from '../cart/cart-lines.ts';

export const CART_KEY = 'cart';
/** Fired on window after this tab changed the cart: the header's count (lib/browser/cart-count.ts) reads storage again. */
export const CART_CHANGED_EVENT = 'cart-changed';

/** The cart's lines, decoded defensively from storage; an empty cart leaves no key behind. */
export const $cart = persistentAtom<CartLine[]>(CART_KEY, [], {
  encode: (lines) => (lines.length > 0 ? JSON.stringify(lines) : undefined),
  decode: parseCartLines,
});

/** How many items the cart holds in all. */
export const $cartCount = computed($cart, countItems);

function update(next: CartLine[]): void {
  if (next === $cart.get()) return;
  $cart.set(next);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

/** Adds `quantity` of a product, never beyond its stock (or MAX_LINE_QUANTITY). */
export const addToCart = (productId: string, quantity: number, stock: number): void =>
  update(addLine($cart.get(), productId, quantity, stock));
/** Sets a line's quantity, capped by the stock; 0 removes it. */
export const setCartQuantity = (productId: string, quantity: number, stock: number): void =>
  update(setLine($cart.get(), productId, quantity, stock));
export const removeFromCart = (productId: string): void => update(removeLine($cart.get(), productId));
export const clearCart = (): void => update([]);
