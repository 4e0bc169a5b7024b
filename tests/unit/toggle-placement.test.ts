/** The theme toggle's placement rule: two boxes meet only when they share more than a hairline. */
import { describe, expect, it } from 'vitest';
import { meets } from '../../src/lib/browser/toggle-placement.ts';

const box = (left: number, top: number, right: number, bottom: number) => ({ left, top, right, bottom });

describe('meets', () => {
  it.each([
    ['overlapping boxes', box(0, 0, 40, 40), box(30, 30, 80, 80), true],
    ['one inside the other', box(0, 0, 100, 100), box(10, 10, 20, 20), true],
    ['boxes side by side, touching', box(0, 0, 40, 40), box(40, 0, 80, 40), false],
    ['boxes one above the other, touching', box(0, 0, 40, 40), box(0, 40, 40, 80), false],
    ['a half-pixel overlap (a hairline)', box(0, 0, 40, 40), box(39.5, 0, 80, 40), false],
    ['a one-pixel overlap', box(0, 0, 40, 40), box(39, 39, 80, 80), true],
    ['boxes far apart', box(0, 0, 10, 10), box(100, 100, 110, 110), false],
    ['an empty box inside another', box(0, 0, 40, 40), box(10, 10, 10, 10), false],
  ])('%s: %s', (_what, a, b, expected) => {
    expect(meets(a, b)).toBe(expected);
    expect(meets(b, a)).toBe(expected);
  });
});
