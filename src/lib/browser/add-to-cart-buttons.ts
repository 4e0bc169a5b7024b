/**
 * 'Add to cart' buttons wherever they are: one listener on the document, so the buttons of a static grid that never
 * hydrates work as well as those React renders later. The cart code (shop-actions.ts: the store and its rules) comes
 * from `load` on the first click, so a page that shows the buttons does not load it up front. Imports nothing, so
 * the page script that carries it (components/shop/AddToCartScript.astro) is inlined.
 */

/** The part of shop-actions.ts a click needs. */
export interface CartActions {
  addToCartFrom(button: HTMLButtonElement): void;
}

/** Listens for clicks on every 'Add to cart' button of the document, present or future; answers the pending add. */
export function setupAddToCartButtons(
  load: () => Promise<CartActions>,
  root: Document = document,
): { settled: () => Promise<void> } {
  let cartCode: Promise<CartActions> | undefined;
  let pending = Promise.resolve();
  root.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-add-to-cart]') : null;
    if (!(button instanceof HTMLButtonElement) || button.disabled) return;
    const code = (cartCode ??= load());
    // Clicks are applied in the order they came, each once the code is there.
    pending = pending
      .then(async () => (await code).addToCartFrom(button))
      .catch((error: unknown) => console.error('Failed to add to the cart:', error));
  });
  return { settled: () => pending };
}
