/** What a page's cache key covers (lib/build/page-key.ts): everything it shows but the counters visitors move. */
import { describe, expect, it } from 'vitest';
import { keyText } from '../../src/lib/build/page-key.ts';

describe('keyText', () => {
  const product = { _id: 'p1', name: 'Lamp', price: 12, views: 40, tags: ['desk'] };

  it('leaves out views, likes, plays, downloads and registrations at any depth', () => {
    const page = {
      product,
      related: [{ ...product, _id: 'p2', views: 3, likes: 9 }],
      audio: { plays: 5, downloads: 6, rating: 4 },
      event: { name: 'Fair', registrations: 12 },
    };
    const text = keyText(page);
    for (const counter of ['views', 'likes', 'plays', 'downloads', 'registrations'])
      expect(text).not.toContain(counter);
    expect(keyText({ ...page, related: [{ ...product, _id: 'p2', views: 300, likes: 1 }] })).toBe(text);
  });

  it('changes with every other field, a rating included', () => {
    const text = keyText(product);
    expect(keyText({ ...product, price: 13 })).not.toBe(text);
    expect(keyText({ ...product, tags: ['desk', 'gift'] })).not.toBe(text);
    expect(keyText({ rating: 4 })).not.toBe(keyText({ rating: 4.5 }));
  });
});
