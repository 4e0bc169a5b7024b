import { describe, expect, it } from 'vitest';
import { percentile, summarise } from '../../scripts/bench/latency.ts';

const ONE_TO_TEN = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

describe('percentile (nearest rank)', () => {
  it.each([
    [ONE_TO_TEN, 50, 5],
    [ONE_TO_TEN, 90, 9],
    [ONE_TO_TEN, 95, 10],
    [ONE_TO_TEN, 99, 10],
    [ONE_TO_TEN, 100, 10],
    [ONE_TO_TEN, 0, 1],
    [ONE_TO_TEN, 10, 1],
    [ONE_TO_TEN, 11, 2],
    [[10, 1, 7, 3], 50, 3],
    [[10, 1, 7, 3], 75, 7],
    [[42], 50, 42],
    [[42], 99, 42],
    [[2.5, 0.5, 1.5], 50, 1.5],
    [[5, 5, 5, 1], 25, 1],
  ])('of %j at p%s is %s', (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it('is always one of the samples and leaves the input unsorted', () => {
    const values = [9, 3, 7, 1];
    expect(values).toContain(percentile(values, 63));
    expect(values).toEqual([9, 3, 7, 1]);
  });

  it('answers NaN for no samples and refuses a p outside 0..100', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile(ONE_TO_TEN, 101)).toThrow(RangeError);
    expect(() => percentile(ONE_TO_TEN, -1)).toThrow(RangeError);
    expect(() => percentile(ONE_TO_TEN, Number.NaN)).toThrow(RangeError);
  });
});

describe('summarise', () => {
  it.each([
    [[], { n: 0, p50: 0, p95: 0, p99: 0, mean: 0, max: 0 }],
    [[4], { n: 1, p50: 4, p95: 4, p99: 4, mean: 4, max: 4 }],
    [ONE_TO_TEN, { n: 10, p50: 5, p95: 10, p99: 10, mean: 5.5, max: 10 }],
    [[3, 1, 2], { n: 3, p50: 2, p95: 3, p99: 3, mean: 2, max: 3 }],
    [[0.1234567, 0.2, 0.3], { n: 3, p50: 0.2, p95: 0.3, p99: 0.3, mean: 0.208, max: 0.3 }],
  ])('of %j is %o', (samples, expected) => {
    expect(summarise(samples)).toEqual(expected);
  });

  it('puts a single slow outlier in p99 and max but not in p50 or p95', () => {
    const samples = [...Array.from({ length: 99 }, () => 1), 250];
    expect(summarise(samples)).toMatchObject({ n: 100, p50: 1, p95: 1, p99: 1, max: 250 });
    expect(summarise([...samples, 250]).p99).toBe(250);
  });
});
