/** A product card drawn from the shop's data file (its list fields only) is the card drawn from the full product. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ProductCard from '../../../src/components/shop/ProductCard.tsx';
import { toShopListItem } from '../../../src/lib/lists/list-data.ts';
import type { Product } from '../../../src/shared/types.ts';

const product = (over: Partial<Product> = {}): Product => ({
  _id: 'lamp-1',
  slug: 'brass-lamp',
  name: 'Brass Lamp',
  description: 'Warm light for a reading corner.',
  price: 45.5,
  image: '/media/a.webp',
  images: ['/media/a.webp', '/media/b.webp'],
  category: 'Lighting',
  tags: ['brass'],
  createdAt: '2026-06-01T00:00:00Z',
  views: 12,
  stock: 3,
  ...over,
});

describe('ProductCard from the shop data file', () => {
  it.each([
    ['in stock', product()],
    ['out of stock', product({ stock: 0 })],
    ['without a picture', product({ image: '', images: [] })],
  ])('draws the same card %s', (_, full) => {
    const card = (p: Parameters<typeof ProductCard>[0]['product'], compact: boolean) =>
      renderToStaticMarkup(<ProductCard product={p} currency="EUR" loading="eager" compact={compact} />);
    for (const compact of [false, true]) {
      const html = card(full, compact);
      expect(card(toShopListItem(full), compact)).toBe(html);
      expect(html).toContain('Brass Lamp');
    }
  });
});
