/** The listener's defaults: the connection cap below the open-file limit, and the timeouts Node is given. */
import { describe, expect, it } from 'vitest';
import { defaultMaxConnections, openFileLimit, serverTimeouts } from '../../src/server/http/connection-limits.ts';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            20000                1048576              files
Max locked memory         8388608              8388608              bytes
`;

describe('the connection cap', () => {
  it('reads the soft open-file limit of /proc/self/limits', () => {
    expect(openFileLimit(LIMITS)).toBe(20_000);
    expect(openFileLimit(LIMITS.replace('20000 ', 'unlimited '))).toBeNull();
    expect(openFileLimit('nothing here')).toBeNull();
  });

  it.each([
    [20_000, 10_000],
    [1024, 719],
    [200, 60],
    [10, 50],
    [null, 10_000],
  ])('leaves room below %s open files: %s connections', (files, cap) => {
    expect(defaultMaxConnections(files)).toBe(cap);
  });
});

describe('the timeouts', () => {
  it('keeps idle connections as long as told, and gives headers at most 10 s within the request time', () => {
    expect(serverTimeouts({ keepAliveSeconds: 65, requestSeconds: 30, maxConnections: 1, perAddress: 1 })).toEqual({
      keepAliveTimeout: 65_000,
      requestTimeout: 30_000,
      headersTimeout: 10_000,
      connectionsCheckingInterval: 1000,
    });
    expect(serverTimeouts({ keepAliveSeconds: 5, requestSeconds: 2, maxConnections: 1, perAddress: 1 })).toMatchObject({
      requestTimeout: 2000,
      headersTimeout: 2000,
    });
  });
});
