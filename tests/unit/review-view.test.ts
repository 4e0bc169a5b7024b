import { describe, expect, it } from 'vitest';
import {
  newestFirst,
  ratingText,
  reviewCount,
  reviewSignature,
  signInHref,
} from '../../src/components/reviews/review-view.ts';
import type { PublicComment } from '../../src/shared/comments.ts';

const review = (id: string, createdAt: string, over: Partial<PublicComment> = {}): PublicComment => ({
  _id: id,
  author: 'Ada L.',
  comment: 'Good',
  createdAt,
  rating: 4,
  ...over,
});

describe('the reviews section’s wording and order', () => {
  it('lists the newest review first, the id breaking a tie', () => {
    const list = [
      review('a', '2026-11-01T00:00:00.000Z'),
      review('c', '2026-11-03T00:00:00.000Z'),
      review('b', '2026-11-03T00:00:00.000Z'),
    ];
    expect(newestFirst(list).map((r) => r._id)).toEqual(['c', 'b', 'a']);
    expect(list.map((r) => r._id)).toEqual(['a', 'c', 'b']);
  });

  it('words the count and the mean', () => {
    expect(reviewCount(1)).toBe('1 review');
    expect(reviewCount(0)).toBe('0 reviews');
    expect(reviewCount(12)).toBe('12 reviews');
    expect(ratingText(4)).toBe('4.0 out of 5');
    expect(ratingText(4.3)).toBe('4.3 out of 5');
  });

  it('changes its signature when a review comes, goes, is edited or the mean moves, not when the order does', () => {
    const a = review('a', '2026-11-01T00:00:00.000Z');
    const b = review('b', '2026-11-02T00:00:00.000Z');
    const base = reviewSignature([a, b], 4);
    expect(reviewSignature([b, a], 4)).toBe(base);
    expect(reviewSignature([a], 4)).not.toBe(base);
    expect(reviewSignature([a, { ...b, comment: 'Edited' }], 4)).not.toBe(base);
    expect(reviewSignature([a, b], 4.5)).not.toBe(base);
  });

  it('brings the visitor back to the page after signing in', () => {
    expect(signInHref('/audio/a 1')).toBe('/login?next=%2Faudio%2Fa%201');
  });
});
