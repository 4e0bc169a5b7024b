import { describe, expect, it } from 'vitest';
import { productJsonLd, productPath, relatedProducts, stockLabel } from '../../src/lib/shop/product-page.ts';
import type { Product } from '../../src/shared/types.ts';

const product = (over: Partial<Product> & Pick<Product, '_id'>): Product => ({
  slug: over._id,
  name: over._id,
  description: '',
  price: 10,
  image: '',
  images: [],
  category: 'Lamps',
  tags: [],
  createdAt: '2026-01-01T00:00:00Z',
  views: 0,
  stock: 3,
  ...over,
});

describe('stockLabel', () => {
  it.each([
    [40, 'In stock'],
    [6, 'In stock'],
    [5, 'Only 5 left'],
    [1, 'Only 1 left'],
    [0, 'Out of stock'],
    [-2, 'Out of stock'],
    [Number.NaN, 'Out of stock'],
  ])('%s reads %s', (stock, label) => {
    expect(stockLabel(stock)).toBe(label);
  });
});

describe('relatedProducts', () => {
  const lamp = product({ _id: 'lamp', category: 'Lamps' });
  const all = [
    lamp,
    product({ _id: 'chair', category: 'Chairs', views: 900 }),
    product({ _id: 'lantern', category: 'Lamps', views: 5 }),
    product({ _id: 'sconce', category: 'Lamps', views: 50 }),
    product({ _id: 'stool', category: 'Chairs', views: 10 }),
    product({ _id: 'desk', category: 'Tables', views: 10, createdAt: '2026-02-01T00:00:00Z' }),
  ];

  it('shows the same category first, the most viewed first, then the others, never the product itself', () => {
    expect(relatedProducts(lamp, all).map((p) => p._id)).toEqual(['sconce', 'lantern', 'chair', 'desk']);
  });

  it('breaks equal views by the newest, then the name, and honours the count', () => {
    expect(relatedProducts(lamp, all, 6).map((p) => p._id)).toEqual(['sconce', 'lantern', 'chair', 'desk', 'stool']);
    expect(relatedProducts(lamp, all, 1).map((p) => p._id)).toEqual(['sconce']);
    expect(relatedProducts(lamp, [lamp])).toEqual([]);
  });
});

describe('productJsonLd', () => {
  it('describes the product and its offer with a schema.org availability', () => {
    const p = product({ _id: 'lamp', name: 'Brass lamp', description: 'Warm light.', price: 1234.5, stock: 2 });
    const ld = productJsonLd(p, {
      pageUrl: 'https://shop.test/shop/lamp',
      imageUrls: ['https://shop.test/media/a.webp'],
      currency: 'EUR',
    });
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Brass lamp',
      image: ['https://shop.test/media/a.webp'],
      offers: {
        '@type': 'Offer',
        price: '1234.50',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.test/shop/lamp',
      },
    });
    expect(productJsonLd({ ...p, stock: 0 }, { pageUrl: 'x', imageUrls: [], currency: 'USD' })).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock' },
    });
    expect(productJsonLd(p, { pageUrl: 'x', imageUrls: [], currency: 'USD' })).not.toHaveProperty('image');
  });

  it('puts the page under /shop', () => {
    expect(productPath('brass-lamp')).toBe('/shop/brass-lamp');
  });
});
