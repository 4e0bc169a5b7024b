// The cart store in a browser-like window (jsdom): real localStorage and storage events.
import { assert, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $cart,
  $cartCount,
  addToCart,
  CART_CHANGED_EVENT,
  clearCart,
  removeFromCart,
  setCartQuantity,
} from '../../../src/lib/stores/cart.ts';

const otherTabWrites = (value: string | null) => {
  if (value === null) localStorage.removeItem('cart');
  else localStorage.setItem('cart', value);
  window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: value }));
};

beforeEach(() => clearCart());

describe('the cart store', () => {
  it('keeps its lines in localStorage under "cart" and counts the items', () => {
    addToCart('lamp', 2, 10);
    addToCart('mug', 1, 10);
    const stored = localStorage.getItem('cart');
    assert(stored !== null, 'the cart is in localStorage');
    expect(JSON.parse(stored)).toEqual([
      { productId: 'lamp', quantity: 2 },
      { productId: 'mug', quantity: 1 },
    ]);
    expect($cartCount.get()).toBe(3);
    setCartQuantity('lamp', 50, 4);
    expect($cart.get()).toEqual([
      { productId: 'lamp', quantity: 4 },
      { productId: 'mug', quantity: 1 },
    ]);
    removeFromCart('lamp');
    expect($cartCount.get()).toBe(1);
    clearCart();
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('tells the page after each change, and only after a change', () => {
    const heard = vi.fn();
    window.addEventListener(CART_CHANGED_EVENT, heard);
    addToCart('lamp', 1, 1);
    addToCart('lamp', 1, 1);
    removeFromCart('nothing');
    window.removeEventListener(CART_CHANGED_EVENT, heard);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("follows another tab's changes while in use, decoding what it wrote defensively", () => {
    const unbind = $cartCount.listen(() => {
      // A listener only keeps the store in use (mounted); what it hears is read from the store.
    });
    try {
      otherTabWrites('[{"productId":"lamp","quantity":3},{"productId":"x","quantity":-1},{"price":1}]');
      expect($cart.get()).toEqual([{ productId: 'lamp', quantity: 3 }]);
      expect($cartCount.get()).toBe(3);
      otherTabWrites('not json');
      expect($cart.get()).toEqual([]);
      otherTabWrites('[{"productId":"mug","quantity":1}]');
      otherTabWrites(null);
      expect($cartCount.get()).toBe(0);
    } finally {
      unbind();
    }
  });
});
