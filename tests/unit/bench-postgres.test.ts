import { describe, expect, it } from 'vitest';
import { check, failures } from '../../scripts/bench/budgets.ts';
import { comparisonRows, figuresOf, type DatabaseRun } from '../../scripts/bench/compare-databases.ts';
import {
  benchDatabaseName,
  databaseUrlFor,
  postgresPlan,
  postgresRequired,
  redactUrl,
} from '../../scripts/bench/postgres.ts';

describe('bench: where the PostgreSQL server comes from', () => {
  it('a given BENCH_POSTGRES_URL comes first, then TEST_POSTGRES_URL', () => {
    expect(postgresPlan({ BENCH_POSTGRES_URL: 'postgres://a/x', TEST_POSTGRES_URL: 'postgres://b/y' }, true)).toEqual({
      kind: 'url',
      url: 'postgres://a/x',
      from: 'BENCH_POSTGRES_URL',
    });
    expect(postgresPlan({ TEST_POSTGRES_URL: 'postgres://b/y' }, false)).toEqual({
      kind: 'url',
      url: 'postgres://b/y',
      from: 'TEST_POSTGRES_URL',
    });
  });
  it('an empty or blank variable counts as unset', () => {
    expect(postgresPlan({ BENCH_POSTGRES_URL: '  ', TEST_POSTGRES_URL: '' }, true)).toEqual({ kind: 'throwaway' });
  });
  it("without a URL, a throwaway server when Debian's initdb exists, else none with the reason", () => {
    expect(postgresPlan({}, true)).toEqual({ kind: 'throwaway' });
    const none = postgresPlan({}, false);
    expect(none.kind).toBe('none');
    expect(none.kind === 'none' && none.reason).toMatch(/TEST_POSTGRES_URL.*initdb/);
  });
  it('must run only in --ci with a given server', () => {
    const url = postgresPlan({ TEST_POSTGRES_URL: 'postgres://h/p' }, false);
    expect(postgresRequired(true, url)).toBe(true);
    expect(postgresRequired(false, url)).toBe(false);
    expect(postgresRequired(true, { kind: 'throwaway' })).toBe(false);
    expect(postgresRequired(true, { kind: 'none', reason: 'x' })).toBe(false);
  });
});

describe('bench: the databases it makes', () => {
  it('swaps only the database of the server URL', () => {
    expect(databaseUrlFor('postgres://u:p%40ss@db.example:6543/postgres?sslmode=require', 'bench_0a1b')).toBe(
      'postgres://u:p%40ss@db.example:6543/bench_0a1b?sslmode=require',
    );
    expect(databaseUrlFor('postgres://postgres@127.0.0.1:55432', 'bench_x')).toBe(
      'postgres://postgres@127.0.0.1:55432/bench_x',
    );
  });
  it('names databases bench_ and 12 hex digits, a plain identifier', () => {
    expect(benchDatabaseName(Buffer.from([0, 1, 0xab, 0xcd, 0xef, 0xff]))).toBe('bench_0001abcdefff');
    expect(benchDatabaseName()).toMatch(/^bench_[0-9a-f]{12}$/);
    expect(benchDatabaseName()).not.toBe(benchDatabaseName());
  });
  it('masks a password in what it prints', () => {
    expect(redactUrl('postgres://u:secret@h:5432/d')).toBe('postgres://u:***@h:5432/d');
    expect(redactUrl('postgres://postgres@h:5432/d')).toBe('postgres://postgres@h:5432/d');
  });
});

describe('bench: PostgreSQL checks in CI', () => {
  const slow = check('API search p95 with 60000 items (PostgreSQL)', 31.4, '<=', 20, 'ms');
  it('a latency miss is reported by name but does not fail CI (only deterministic checks do)', () => {
    expect(failures([slow], true)).toEqual([]);
    expect(failures([slow], false).map((c) => c.name)).toEqual(['API search p95 with 60000 items (PostgreSQL)']);
  });
});

describe('bench: SQLite and PostgreSQL side by side', () => {
  const latency = (p50: number, p95: number) => ({ n: 10, p50, p95, p99: p95, mean: p50, max: p95 });
  const run = (scale: number): DatabaseRun => ({
    load: [
      {
        path: '/api/company',
        product: { rps: 29402.2, p50: 0, p99: 1, meanLatency: 0.2, requests: 1, non2xx: 0, errors: 0, timeouts: 0 },
      },
    ],
    demo: {
      company: latency(0.2, 0.41),
      lists: [
        { path: '/api/blogs', ...latency(1, 2) },
        { path: '/api/products', ...latency(0.9, 1.17) },
      ],
      search: latency(1, 3.5),
    },
    scale: {
      totalItems: 60000,
      generation: { seconds: 3.48 },
      apiReadySeconds: 0.8,
      search: latency(6.3, scale),
      lists: [{ path: '/api/products', ...latency(77, 157.87) }],
    },
  });

  it('reads the figures out of a run, /api/products from the lists', () => {
    const f = figuresOf(run(13.796));
    expect(f).toMatchObject({
      companyRps: 29402.2,
      companyP95: 0.41,
      productsDemoP95: 1.17,
      productsScaleP95: 157.87,
      searchScaleP95: 13.796,
      scaleItems: 60000,
    });
  });
  it('a database not measured gives dashes, the other its values', () => {
    const rows = comparisonRows(figuresOf(run(13.796)), figuresOf(null), 20);
    expect(rows.every((r) => r.length === 3 && r[2] === '—')).toBe(true);
    const search = rows.find((r) => r[0]?.startsWith('GET /api/search, p95 at 60,000 items'));
    expect(search).toEqual(['GET /api/search, p95 at 60,000 items (budget ≤ 20 ms)', '13.80 ms', '—']);
    expect(rows.find((r) => r[0]?.includes('req/s'))?.[1]).toBe('29,402');
  });
  it('both measured: one row per measure, each database in its column', () => {
    const ci = { ...run(24.861), load: null };
    const rows = comparisonRows(figuresOf(run(13.796)), figuresOf(ci));
    expect(rows.find((r) => r[0] === 'GET /api/search, p95 at 60,000 items')).toEqual([
      'GET /api/search, p95 at 60,000 items',
      '13.80 ms',
      '24.86 ms',
    ]);
    expect(rows.find((r) => r[0]?.includes('req/s'))?.[2]).toBe('—');
    expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
  });
});
