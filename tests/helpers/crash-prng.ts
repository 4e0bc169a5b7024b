/** A seeded PRNG for the crash tests (crash-safety.test.ts): the same seed gives the same kill moments and writes. */

export interface Prng {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: tiny, fast and good enough to choose moments and payloads. */
export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  return { seed, next, int, pick };
}

/** CRASH_SEED from the environment (to replay a failure), else a new random seed. */
export function crashSeed(): number {
  const given = process.env['CRASH_SEED'];
  return given ? Number(given) >>> 0 : Math.floor(Math.random() * 2 ** 32);
}
