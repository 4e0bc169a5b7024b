/** The API figures of SQLite and PostgreSQL side by side: one table, measure | SQLite | PostgreSQL. Pure. */
import type { LoadRun } from './api-load.ts';
import type { LatencySummary } from './latency.ts';

/** What one database's run produced; any part may be missing (not measured in this mode, or not at all). */
export interface DatabaseRun {
  /** autocannon against the product (full mode). */
  load?: readonly { path: string; product: LoadRun }[] | null | undefined;
  /** Sequential keep-alive latency at demo size. */
  demo?:
    | { company: LatencySummary; lists: readonly (LatencySummary & { path: string })[]; search: LatencySummary }
    | null
    | undefined;
  scale?:
    | {
        totalItems: number;
        generation: { seconds: number };
        apiReadySeconds: number;
        search: LatencySummary;
        lists: readonly (LatencySummary & { path: string })[];
      }
    | null
    | undefined;
}

export interface Figures {
  companyRps: number | null;
  companyLoadP99: number | null;
  companyP95: number | null;
  productsDemoP95: number | null;
  searchDemoP95: number | null;
  scaleItems: number | null;
  generationSeconds: number | null;
  apiReadySeconds: number | null;
  productsScaleP95: number | null;
  searchScaleP50: number | null;
  searchScaleP95: number | null;
}

/** The figures the comparison shows, read out of one database's run (null where not measured). */
export function figuresOf(run: DatabaseRun | null): Figures {
  const company = run?.load?.find((l) => l.path === '/api/company')?.product;
  const products = (lists: readonly (LatencySummary & { path: string })[] | undefined) =>
    lists?.find((l) => l.path === '/api/products')?.p95 ?? null;
  return {
    companyRps: company?.rps ?? null,
    companyLoadP99: company?.p99 ?? null,
    companyP95: run?.demo?.company.p95 ?? null,
    productsDemoP95: products(run?.demo?.lists),
    searchDemoP95: run?.demo?.search.p95 ?? null,
    scaleItems: run?.scale?.totalItems ?? null,
    generationSeconds: run?.scale?.generation.seconds ?? null,
    apiReadySeconds: run?.scale?.apiReadySeconds ?? null,
    productsScaleP95: products(run?.scale?.lists),
    searchScaleP50: run?.scale?.search.p50 ?? null,
    searchScaleP95: run?.scale?.search.p95 ?? null,
  };
}

const fixed = (digits: number, unit: string) => (n: number) => `${n.toFixed(digits)}${unit}`;
const MS = fixed(2, ' ms');

/**
 * Rows of the table, [measure, SQLite, PostgreSQL]; a cell not measured is '—'. The scale rows name the item count
 * of the database that has one (both run the same count).
 */
export function comparisonRows(sqlite: Figures, postgres: Figures, searchBudgetMs?: number): string[][] {
  const items = sqlite.scaleItems ?? postgres.scaleItems;
  const at = items === null ? 'at scale' : `at ${items.toLocaleString('en-US')} items`;
  const rows: [string, keyof Figures, (n: number) => string][] = [
    [
      'GET /api/company, req/s (autocannon, 10 connections)',
      'companyRps',
      (n) => Math.round(n).toLocaleString('en-US'),
    ],
    ['GET /api/company, p99 under that load', 'companyLoadP99', fixed(0, ' ms')],
    ['GET /api/company, p95 (sequential, demo size)', 'companyP95', MS],
    ['GET /api/products, p95 at demo size', 'productsDemoP95', MS],
    ['GET /api/search, p95 at demo size', 'searchDemoP95', MS],
    [
      `${items === null ? 'scale items' : items.toLocaleString('en-US')} items generated (seconds)`,
      'generationSeconds',
      fixed(1, ' s'),
    ],
    ['API ready over them (seconds)', 'apiReadySeconds', fixed(1, ' s')],
    [`GET /api/products, p95 ${at}`, 'productsScaleP95', fixed(1, ' ms')],
    [`GET /api/search, p50 ${at}`, 'searchScaleP50', MS],
    [
      `GET /api/search, p95 ${at}${searchBudgetMs === undefined ? '' : ` (budget ≤ ${searchBudgetMs} ms)`}`,
      'searchScaleP95',
      MS,
    ],
  ];
  const cell = (value: number | null, format: (n: number) => string) => (value === null ? '—' : format(value));
  return rows.map(([name, key, format]) => [name, cell(sqlite[key], format), cell(postgres[key], format)]);
}
