/** The webhook signature's time, bounded both ways (the SDK bounds only the past), and named once. */
import { describe, expect, it } from 'vitest';
import { SIGNATURE_TOLERANCE_SECONDS, signedRecently } from '../../src/server/modules/payments/stripe-provider.ts';

const NOW = 1_800_000_000_000;
const at = (offsetSeconds: number) => `t=${NOW / 1000 + offsetSeconds},v1=abc,v0=def`;

describe('signedRecently', () => {
  it.each([
    ['now', at(0), true],
    ['at the past bound', at(-SIGNATURE_TOLERANCE_SECONDS), true],
    ['at the future bound', at(SIGNATURE_TOLERANCE_SECONDS), true],
    ['a second past the past bound', at(-SIGNATURE_TOLERANCE_SECONDS - 1), false],
    ['a second past the future bound', at(SIGNATURE_TOLERANCE_SECONDS + 1), false],
    ['an hour ahead', at(3600), false],
    ['with spaces around the parts', ` t=${NOW / 1000} , v1=abc`, true],
    ['naming two times', `t=${NOW / 1000},${at(3600)}`, false],
    ['naming no time', 'v1=abc', false],
    ['a time that is not a number', 't=soon,v1=abc', false],
    ['empty', '', false],
  ])('%s: %s', (_what, header, expected) => {
    expect(signedRecently(header, NOW)).toBe(expected);
  });
});
