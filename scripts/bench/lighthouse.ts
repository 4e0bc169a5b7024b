/** Lighthouse (mobile default config, simulated throttling) over a list of URLs in Debian's Chromium; medians of N runs. */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { percentile } from './latency.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface PageRun {
  url: string;
  /** 0..100 per category. */
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Transfer bytes by resource type (document, script, stylesheet, image, font, media, other, total). */
  bytes: Record<string, number>;
  requests: number;
  /** Audits left out of the category scores by the budgets file (with the reason there), when they failed. */
  exempted: string[];
  /** Audits that scored below 1 in a category other than performance, or below 0.9 in performance. */
  failing: { id: string; title: string; category: Category; score: number }[];
}

export interface PageResult extends PageRun {
  runs: number;
}

export const CHROME_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Each Lighthouse run opens a new tab; with every site isolated, its first navigation swaps renderer processes while
  // committing, a 12-47 ms task on 2 cores that Lighthouse counted as blocking on every page, the script-free reference
  // page included (TBT mean 59 ms there over 6 runs; 7 ms over 5 with this flag). It changes where Chrome runs a page,
  // not what the page loads or runs, and applies to the reference page alike.
  '--disable-site-isolation-trials',
];

const median = (values: number[]) => percentile(values, 50);

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * An exempt audit is left out only when it fails for the reason given: errors-in-console only when every
 * logged error is the document's own status, so any other console error still counts.
 */
function exemptionHolds(id: string, lhr: Lhr, url: string): boolean {
  if (id !== 'errors-in-console') return true;
  interface Item {
    url?: string;
    description?: string;
    sourceLocation?: { url?: string };
  }
  const items = (lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? [];
  return items.every(
    (item) => (item.sourceLocation?.url ?? item.url) === url && (item.description ?? '').includes('status of 404'),
  );
}

/** A category's score as Lighthouse computes it (weighted mean of scored audits), without the exempt audits. */
function categoryScore(lhr: Lhr, category: Category, exempt: Set<string>): number {
  let sum = 0;
  let weights = 0;
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const score = lhr.audits[ref.id]?.score;
    if (exempt.has(ref.id) || ref.weight === 0 || score === null || score === undefined) continue;
    sum += ref.weight * score;
    weights += ref.weight;
  }
  return weights ? Math.round((sum / weights) * 100) : 0;
}

function toRun(url: string, lhr: Lhr, exemptAudits: string[] = []): PageRun {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const exempt = new Set(
    exemptAudits.filter((id) => (lhr.audits[id]?.score ?? 1) < 1 && exemptionHolds(id, lhr, lhr.finalDisplayedUrl)),
  );
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, categoryScore(lhr, c, exempt)])) as Record<
    Category,
    number
  >;
  const bytes: Record<string, number> = {};
  let requests = 0;
  const summary = lhr.audits['resource-summary']?.details;
  if (summary?.type === 'table') {
    for (const item of summary.items as { resourceType: string; transferSize: number; requestCount: number }[]) {
      bytes[item.resourceType] = item.transferSize;
      if (item.resourceType === 'total') requests = item.requestCount;
    }
  }
  const failing: PageRun['failing'] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (a?.score == null || ref.weight === 0 || exempt.has(ref.id)) continue;
      const bar = category === 'performance' ? 0.9 : 1;
      if (a.score < bar) failing.push({ id: a.id, title: a.title, category, score: a.score });
    }
  }
  return {
    url,
    scores,
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndexMs: audit('speed-index'),
    bytes,
    requests,
    exempted: [...exempt],
    failing,
  };
}

/** Median of each figure over the runs (scores included); failing audits are those failing in the majority of runs. */
export function medianOfRuns(runs: PageRun[]): PageResult {
  const first = runs[0];
  if (!first) throw new Error('a median needs at least one run');
  const m = (pick: (r: PageRun) => number) => median(runs.map(pick));
  const byId = new Map<string, { item: PageRun['failing'][number]; count: number }>();
  for (const run of runs)
    for (const f of run.failing)
      byId.set(f.id + f.category, { item: f, count: (byId.get(f.id + f.category)?.count ?? 0) + 1 });
  return {
    url: first.url,
    runs: runs.length,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, m((r) => r.scores[c])])) as Record<Category, number>,
    fcpMs: m((r) => r.fcpMs),
    lcpMs: m((r) => r.lcpMs),
    tbtMs: m((r) => r.tbtMs),
    cls: m((r) => r.cls),
    speedIndexMs: m((r) => r.speedIndexMs),
    bytes: Object.fromEntries(Object.keys(first.bytes).map((k) => [k, m((r) => r.bytes[k] ?? 0)])),
    requests: m((r) => r.requests),
    exempted: [...new Set(runs.flatMap((r) => r.exempted))],
    failing: [...byId.values()].filter((v) => v.count * 2 > runs.length).map((v) => v.item),
  };
}

/**
 * Runs Lighthouse `runs` times on each URL, in rounds (every page once, then again) so a passing disturbance
 * on the machine does not land on all runs of one page.
 */
/** One Lighthouse run; a run that fails to record (NO_NAVSTART and the like, rare) is retried twice. */
async function audit(port: number, url: string, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ignoreStatusCode: true,
    });
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
    if (result && !error) return result;
    if (attempt >= attempts) throw new Error(`Lighthouse failed on ${url}: ${error?.message}`);
  }
}

export interface LighthouseTarget {
  url: string;
  /** Audit ids the budgets file exempts on this page. */
  exempt?: string[];
}

export interface RunOptions {
  runs?: number;
  log?: (l: string) => void;
  /** A page whose median fails this is measured CONFIRM_RUNS times more and judged on the median of all its runs (CI's single run). */
  confirmIf?: (result: PageResult) => boolean;
}

/**
 * Extra runs for a page whose first result misses a budget; the median of all its runs decides. Four, not two: CI's
 * machine is shared, and a script-free page once scored 91 there on one run and 100 on the next two, so a median of
 * three could still land on a disturbed run.
 */
const CONFIRM_RUNS = 4;

/** One run on one line, with the figures behind the performance score so a miss in CI's log can be read. */
function describe(run: PageRun): string {
  const failing = run.failing.map((f) => `${f.id} ${f.score}`).join(', ');
  return (
    `perf ${run.scores.performance}, a11y ${run.scores.accessibility}, bp ${run.scores['best-practices']}, seo ${run.scores.seo}; ` +
    `FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms, SI ${Math.round(run.speedIndexMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}` +
    (failing ? `; below bar: ${failing}` : '')
  );
}

export async function runLighthouse(
  targets: LighthouseTarget[],
  { runs = 3, log = console.log, confirmIf }: RunOptions = {},
): Promise<PageResult[]> {
  const urls = targets.map((t) => t.url);
  const exemptOf = new Map(targets.map((t) => [t.url, t.exempt ?? []]));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  const perUrl = new Map<string, PageRun[]>(urls.map((u) => [u, []]));
  const runsOf = (url: string) => {
    const list = perUrl.get(url);
    if (!list) throw new Error(`no runs are kept for ${url}`);
    return list;
  };
  try {
    for (let round = 0; round < runs; round++) {
      for (const url of urls) {
        const result = await audit(chrome.port, url);
        const run = toRun(url, result.lhr, exemptOf.get(url));
        runsOf(url).push(run);
        log(`  lighthouse ${round + 1}/${runs} ${new URL(url).pathname}${new URL(url).search}: ${describe(run)}`);
      }
    }
    for (const url of urls) {
      if (!confirmIf?.(medianOfRuns(runsOf(url)))) continue;
      for (let extra = 0; extra < CONFIRM_RUNS; extra++) {
        const run = toRun(url, (await audit(chrome.port, url)).lhr, exemptOf.get(url));
        runsOf(url).push(run);
        log(`  lighthouse confirm ${new URL(url).pathname}: ${describe(run)}`);
      }
    }
  } finally {
    chrome.kill();
  }
  return urls.map((u) => medianOfRuns(runsOf(u)));
}
