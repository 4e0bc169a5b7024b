/** The order status machine, table-driven over every pair of statuses. */
import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isFinalStatus,
  isOrderStatus,
  nextStatuses,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  statusLabel,
  transitionRefusal,
} from '../../src/shared/order-status.ts';

const S = ['pending', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
const [pending, paid, shipped, delivered, cancelled, refunded] = S;

/** Every one of the 36 pairs, written out: the row is `from`, each column whether `to` is allowed. */
const ALLOWED: Record<OrderStatus, Record<OrderStatus, boolean>> = {
  //          pending paid   shipped delivered cancelled refunded
  pending: { pending: false, paid: true, shipped: false, delivered: false, cancelled: true, refunded: false },
  paid: { pending: false, paid: false, shipped: true, delivered: false, cancelled: true, refunded: true },
  shipped: { pending: false, paid: false, shipped: false, delivered: true, cancelled: false, refunded: true },
  delivered: { pending: false, paid: false, shipped: false, delivered: false, cancelled: false, refunded: true },
  cancelled: { pending: false, paid: false, shipped: false, delivered: false, cancelled: false, refunded: false },
  refunded: { pending: false, paid: false, shipped: false, delivered: false, cancelled: false, refunded: false },
};

const pairs = S.flatMap((from) => S.map((to) => ({ from, to, allowed: ALLOWED[from][to] })));

describe('canTransition', () => {
  it('has the six statuses in their lifecycle order', () => {
    expect(ORDER_STATUSES).toEqual(S);
    expect(pairs).toHaveLength(36);
  });

  it.each(pairs)('$from → $to is allowed: $allowed', ({ from, to, allowed }) => {
    expect(canTransition(from, to)).toBe(allowed);
    expect(nextStatuses(from).includes(to)).toBe(allowed);
  });

  it('refuses unknown statuses either side', () => {
    for (const s of S) {
      expect(canTransition(s, 'processing')).toBe(false);
      expect(canTransition('processing', s)).toBe(false);
      expect(canTransition(s, s.toUpperCase())).toBe(false);
    }
    expect(nextStatuses('')).toEqual([]);
    expect(nextStatuses('__proto__')).toEqual([]);
    expect(canTransition('toString', 'paid')).toBe(false);
  });
});

describe('nextStatuses and final statuses', () => {
  it.each([
    [pending, [paid, cancelled]],
    [paid, [shipped, cancelled, refunded]],
    [shipped, [delivered, refunded]],
    [delivered, [refunded]],
    [cancelled, []],
    [refunded, []],
  ] as const)('%s may become %j', (from, next) => {
    expect(nextStatuses(from)).toEqual(next);
    expect(isFinalStatus(from)).toBe(next.length === 0);
  });

  it('reaches every status from pending and nothing leads back to pending', () => {
    const reached = new Set<string>([pending]);
    for (let grew = true; grew;) {
      const before = reached.size;
      for (const s of [...reached]) nextStatuses(s).forEach((n) => reached.add(n));
      grew = reached.size > before;
    }
    expect([...reached].sort()).toEqual([...S].sort());
    expect(S.some((s) => canTransition(s, pending))).toBe(false);
  });
});

describe('labels and refusals', () => {
  it('labels every status and narrows text to a status', () => {
    expect(Object.keys(ORDER_STATUS_LABELS)).toEqual([...S]);
    expect(S.map(statusLabel)).toEqual(['Pending', 'Paid', 'Shipped', 'Delivered', 'Cancelled', 'Refunded']);
    expect(statusLabel('processing')).toBe('processing');
    expect(isOrderStatus('paid')).toBe(true);
    expect(isOrderStatus('Paid')).toBe(false);
    expect(isOrderStatus(1)).toBe(false);
  });

  it.each([
    [delivered, pending, 'A delivered order cannot become pending; it can become refunded'],
    [paid, delivered, 'A paid order cannot become delivered; it can become shipped or cancelled or refunded'],
    [cancelled, paid, 'A cancelled order cannot change its status'],
    [refunded, refunded, 'The order is already refunded'],
    [shipped, shipped, 'The order is already shipped'],
  ] as const)('%s → %s is refused with a clear message', (from, to, message) => {
    expect(transitionRefusal(from, to)).toBe(message);
  });
});
