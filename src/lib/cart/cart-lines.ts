/**
 * The cart's rules, pure: what a stored cart may hold, and how adding, changing and removing lines change it. A
 * quantity never passes the product's stock nor MAX_LINE_QUANTITY, and a cart holds at most MAX_CART_LINES products.
 * Each change answers a new array, or the very same one when nothing changed.
 */
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartLine } from '../../shared/commerce.ts';

/** A product id as the API gives them; anything longer or stranger in storage is not a product. */
const PRODUCT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** How many of a product one line may hold: its stock (unknown: no limit but the line's), at most MAX_LINE_QUANTITY. */
export function lineLimit(stock: number): number {
  if (Number.isNaN(stock)) return MAX_LINE_QUANTITY;
  return Math.max(0, Math.min(Math.floor(stock), MAX_LINE_QUANTITY));
}

/**
 * The lines of a stored cart (the JSON text under localStorage 'cart'): anything that is not a list of lines is an
 * empty cart; a line with no plausible product id or no positive whole quantity is dropped, a quantity above the
 * line limit lowered to it, a product listed twice kept once with both quantities, and only the first MAX_CART_LINES
 * products kept.
 */
export function parseCartLines(text: string | null | undefined): CartLine[] {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const lines = new Map<string, number>();
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { productId, quantity } = item as Record<string, unknown>;
    if (typeof productId !== 'string' || !PRODUCT_ID.test(productId)) continue;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) continue;
    if (!lines.has(productId) && lines.size >= MAX_CART_LINES) continue;
    lines.set(productId, Math.min((lines.get(productId) ?? 0) + quantity, MAX_LINE_QUANTITY));
  }
  return [...lines].map(([productId, quantity]) => ({ productId, quantity }));
}

/** How many of the product the cart holds (0 when none). */
export const quantityOf = (lines: readonly CartLine[], productId: string): number =>
  lines.find((l) => l.productId === productId)?.quantity ?? 0;

/**
 * The cart with the product's line at `quantity` (capped at the line limit for `stock`); 0 or less removes the line.
 * A product not yet in a full cart is not added.
 */
export function setLine(lines: CartLine[], productId: string, quantity: number, stock: number): CartLine[] {
  if (!PRODUCT_ID.test(productId) || Number.isNaN(quantity)) return lines;
  const wanted = Math.min(Math.floor(quantity), lineLimit(stock));
  const index = lines.findIndex((l) => l.productId === productId);
  if (wanted <= 0) return index === -1 ? lines : lines.filter((_, i) => i !== index);
  if (index === -1) return lines.length >= MAX_CART_LINES ? lines : [...lines, { productId, quantity: wanted }];
  if (lines[index]?.quantity === wanted) return lines;
  return lines.map((line, i) => (i === index ? { productId, quantity: wanted } : line));
}

/** The cart with `quantity` more of the product, up to the line limit for `stock`; a line already at it stays as it is. */
export function addLine(lines: CartLine[], productId: string, quantity: number, stock: number): CartLine[] {
  if (!(quantity >= 1)) return lines;
  const current = quantityOf(lines, productId);
  return current >= lineLimit(stock) ? lines : setLine(lines, productId, current + Math.floor(quantity), stock);
}

/** The cart without the product. */
export const removeLine = (lines: CartLine[], productId: string): CartLine[] =>
  lines.some((l) => l.productId === productId) ? lines.filter((l) => l.productId !== productId) : lines;

/** How many items the cart holds in all (what the header's cart button shows). */
export const countItems = (lines: readonly CartLine[]): number => lines.reduce((sum, line) => sum + line.quantity, 0);
