/**
 * What AddToCartScript.astro loads by URL on a page with 'Add to cart' buttons or a product's stock state
 * (src/integrations/standalone-modules.ts): the cart store behind a click, and the live stock. Bundled on its own, so
 * no page carries it, or requests it, before its first paint.
 */
export { addToCartFrom } from './add-to-cart.ts';
export { refreshStock } from './product-stock.ts';
