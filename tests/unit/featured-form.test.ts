import { describe, expect, it } from 'vitest';
import {
  isPinned,
  moveNotice,
  pinNotice,
  withMove,
  withoutPin,
  withPin,
} from '../../src/components/admin/featured/featured-form.ts';
import { FEATURED_PINS_MAX } from '../../src/shared/schemas/featured.ts';

const ref = (kind: 'product' | 'blog', id: string) => ({ kind, id });
const keys = (list: { kind: string; id: string }[]) => list.map((r) => `${r.kind}:${r.id}`);

describe('the Featured screen’s pin list', () => {
  const pins = [ref('product', 'a'), ref('blog', 'a'), ref('product', 'b')];

  it('pins last, once, and never past the maximum', () => {
    expect(keys(withPin(pins, ref('blog', 'c')))).toEqual(['product:a', 'blog:a', 'product:b', 'blog:c']);
    expect(keys(withPin(pins, ref('blog', 'a')))).toEqual(keys(pins));
    const full = Array.from({ length: FEATURED_PINS_MAX }, (_, n) => ref('product', String(n)));
    expect(withPin(full, ref('blog', 'x'))).toHaveLength(FEATURED_PINS_MAX);
  });

  it('unpins one item of one kind only', () => {
    expect(keys(withoutPin(pins, ref('product', 'a')))).toEqual(['blog:a', 'product:b']);
    expect(isPinned(pins, ref('blog', 'a'))).toBe(true);
    expect(isPinned(pins, ref('blog', 'b'))).toBe(false);
  });

  it('moves within the list, clamped at its ends', () => {
    expect(keys(withMove(pins, 2, 0))).toEqual(['product:b', 'product:a', 'blog:a']);
    expect(keys(withMove(pins, 0, -1))).toEqual(keys(pins));
    expect(keys(withMove(pins, 1, 9))).toEqual(['product:a', 'product:b', 'blog:a']);
  });

  it('says where the item is and when visitors see it', () => {
    expect(pinNotice('Lamp', 3, 3)).toBe(
      'Pinned "Lamp": number 3 of 3. The home page shows it once the site is rebuilt.',
    );
    expect(moveNotice('Lamp', 1, 3)).toBe(
      'Order saved: "Lamp" is now number 1 of 3. The home page shows it once the site is rebuilt.',
    );
  });
});
