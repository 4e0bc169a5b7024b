/** The budgets file and the checks it implies; pure, so the rules are unit-tested. */
import { readFileSync } from 'node:fs';
import type { PageBytes } from './dist-bytes.ts';
import type { PageResult } from './lighthouse.ts';
import type { BenchPage, PageKind } from './pages.ts';

export interface Budgets {
  lighthouse: {
    performance: number;
    accessibility: number;
    'best-practices': number;
    seo: number;
    lcpRatioToReference: number;
    cls: number;
    tbtMs: number;
  };
  exemptAudits: Record<string, Record<string, string>>;
  jsBrotliKB: Record<PageKind, number>;
  cssBrotliKB: number;
  /** A list page's HTML (its first 24 cards, not its items), at any number of items. */
  listHtmlBrotliKB: number;
  api: { companyRpsRatioToBare: number; searchP95MsAt60k: number; listP95MsAtDemo: number; listPageKB: number };
  expensiveWork: { readsP95MsDuringSignIns: number; rssMiBDuringUploads: number };
  rebuildSeconds: number;
  /** From saving one product to its page served with the change. */
  itemEditSeconds: number;
  firstStartSeconds: number;
}

export const BUDGETS_FILE = new URL('../../bench/budgets.json', import.meta.url);

export function loadBudgets(): Budgets {
  return JSON.parse(readFileSync(BUDGETS_FILE, 'utf8')) as Budgets;
}

export interface Check {
  /** What is measured, e.g. 'home: LCP / reference'. */
  name: string;
  value: number | null;
  limit: number;
  /** '>=' the value must reach the limit, '<=' it must stay under it. */
  op: '>=' | '<=';
  unit: string;
  /** null: not measured, so not judged (e.g. the rebuild before the admin area exists). */
  ok: boolean | null;
  /** Part of the deterministic set CI checks. */
  deterministic: boolean;
}

export function check(
  name: string,
  value: number | null,
  op: '>=' | '<=',
  limit: number,
  unit = '',
  deterministic = false,
): Check {
  const ok = value === null || Number.isNaN(value) ? null : op === '>=' ? value >= limit : value <= limit;
  return { name, value, limit, op, unit, ok, deterministic };
}

export function lighthouseChecks(
  page: BenchPage,
  result: PageResult,
  referenceLcpMs: number | null,
  budgets: Budgets,
): Check[] {
  const b = budgets.lighthouse;
  const checks = [
    // A timing like TBT, which weighs most in it: on a slow shared host even the reference page (no script) blocks the
    // main thread for 130 ms under Lighthouse's 4x CPU slowdown, so the full run alone judges it (see bench.ts).
    check(`${page.name}: performance`, result.scores.performance, '>=', b.performance),
    check(`${page.name}: accessibility`, result.scores.accessibility, '>=', b.accessibility, '', true),
    check(`${page.name}: best practices`, result.scores['best-practices'], '>=', b['best-practices'], '', true),
    check(`${page.name}: SEO`, result.scores.seo, '>=', b.seo, '', true),
    check(`${page.name}: CLS`, round(result.cls, 3), '<=', b.cls),
    check(`${page.name}: TBT`, Math.round(result.tbtMs), '<=', b.tbtMs, 'ms'),
  ];
  if (referenceLcpMs)
    checks.push(
      check(`${page.name}: LCP / reference`, round(result.lcpMs / referenceLcpMs, 2), '<=', b.lcpRatioToReference, '×'),
    );
  return checks;
}

export function byteChecks(page: BenchPage, bytes: PageBytes, budgets: Budgets): Check[] {
  return [
    check(`${page.name}: JS brotli`, round(bytes.js.brotli / 1000, 1), '<=', budgets.jsBrotliKB[page.kind], 'KB', true),
    check(`${page.name}: CSS brotli`, round(bytes.css.brotli / 1000, 1), '<=', budgets.cssBrotliKB, 'KB', true),
    ...(page.kind === 'list'
      ? [
          check(
            `${page.name}: HTML brotli`,
            round(bytes.html.brotli / 1000, 1),
            '<=',
            budgets.listHtmlBrotliKB,
            'KB',
            true,
          ),
        ]
      : []),
  ];
}

/**
 * The expensive work's two budgets (expensive-load.ts). Judged in --ci as well: each compares the server with itself
 * under a load sized for a 2-core machine, so a slow CI host moves the figures little, and a miss is a regression of
 * the queues that bound the work.
 */
export function expensiveWorkChecks(
  result: { signIns: { signIns: number; reads: { p95: number } }; uploads: { uploads: number; peakMiB: number } },
  budgets: Budgets,
): Check[] {
  const b = budgets.expensiveWork;
  return [
    check(
      `reads p95 during ${result.signIns.signIns} concurrent sign-ins`,
      round(result.signIns.reads.p95, 1),
      '<=',
      b.readsP95MsDuringSignIns,
      'ms',
      true,
    ),
    check(
      `server RSS during ${result.uploads.uploads} concurrent photo uploads`,
      result.uploads.peakMiB,
      '<=',
      b.rssMiBDuringUploads,
      'MiB',
      true,
    ),
  ];
}

export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Failed checks among those judged (in CI mode only the deterministic ones). */
export function failures(checks: Check[], deterministicOnly = false): Check[] {
  return checks.filter((c) => c.ok === false && (!deterministicOnly || c.deterministic));
}
