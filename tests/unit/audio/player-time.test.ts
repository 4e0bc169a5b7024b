import { describe, expect, it } from 'vitest';
import { formatClock, seekTarget, trackLength } from '../../../src/lib/audio/player-time.ts';

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [4.4, '0:04'],
    [59.6, '1:00'],
    [245, '4:05'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
  ])('writes %s seconds as %s', (seconds, expected) => {
    expect(formatClock(seconds)).toBe(expected);
  });

  it.each([[null], [Number.NaN], [Number.POSITIVE_INFINITY], [-1]])(
    'writes an unknown length (%s) as --:--',
    (value) => {
      expect(formatClock(value)).toBe('--:--');
    },
  );
});

describe('trackLength', () => {
  it.each([
    ['the file’s own once loaded', 12.48, 12, 12.48],
    ['the stored one before', null, 245, 245],
    ['the stored one while the file reports NaN', Number.NaN, 245, 245],
    ['the stored one while a stream reports Infinity', Number.POSITIVE_INFINITY, 245, 245],
    ['unknown with neither', null, 0, null],
    ['unknown with a nonsense stored length', Number.NaN, -3, null],
  ])('is %s', (_, fromMedia, stored, expected) => {
    expect(trackLength(fromMedia, stored)).toBe(expected);
  });
});

describe('seekTarget', () => {
  it.each([
    ['ArrowRight', 10, 60, 15],
    ['ArrowUp', 10, 60, 15],
    ['ArrowLeft', 10, 60, 5],
    ['ArrowDown', 10, 60, 5],
    ['PageUp', 10, 60, 40],
    ['PageDown', 40, 60, 10],
    ['Home', 42, 60, 0],
    ['End', 3, 60, 60],
    ['ArrowRight', 58, 60, 60],
    ['ArrowLeft', 2.5, 60, 0],
    ['PageDown', 12, 60, 0],
  ])('%s from %s s of %s s goes to %s s', (key, current, length, expected) => {
    expect(seekTarget(key, current, length)).toBe(expected);
  });

  it('steps forward without an end while the length is unknown, and End does nothing then', () => {
    expect(seekTarget('ArrowRight', 100, null)).toBe(105);
    expect(seekTarget('Home', 100, null)).toBe(0);
    expect(seekTarget('End', 100, null)).toBeNull();
  });

  it.each([['Tab'], ['Enter'], [' '], ['a']])('leaves %j to the browser', (key) => {
    expect(seekTarget(key, 10, 60)).toBeNull();
  });
});
