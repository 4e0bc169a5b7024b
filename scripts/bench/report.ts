/** bench/report.md from the report object (bench/report.json holds the same figures). */
import type { LinkResult } from './emulated-link.ts';
import type { measureApiLoad } from './api-load.ts';
import type { measureBuildTimes } from './build-time.ts';
import type { Check } from './budgets.ts';
import { comparisonRows, figuresOf } from './compare-databases.ts';
import type { PostgresReport } from './postgres-run.ts';
import type { PageBytes, Sizes } from './dist-bytes.ts';
import type { PageResult } from './lighthouse.ts';
import type { BenchPage } from './pages.ts';
import type { measureListLatencyAtDemo, measureScale } from './scale.ts';
import type { ExpensiveLoadResult } from './expensive-load.ts';
import { MIX, type MixedLoadResult, type OperationName } from './mixed-load.ts';

export interface Report {
  mode: 'full' | 'ci';
  date: string;
  machine: string;
  lighthouseRuns: number;
  pages: (BenchPage & { lighthouse: PageResult; bytes: PageBytes; lcpRatio: number })[];
  /** Optional pages (an event's, a simple page) left out because the site answered 404 for them. */
  skipped: string[];
  reference: PageResult | null;
  /** SQLite: load (full mode only) and latency at demo size. */
  api: {
    load: Awaited<ReturnType<typeof measureApiLoad>> | null;
    demoLists: Awaited<ReturnType<typeof measureListLatencyAtDemo>>;
  } | null;
  /** SQLite at scale. */
  scale: Awaited<ReturnType<typeof measureScale>> | null;
  /** The same API figures on PostgreSQL, or why they were not measured. */
  postgres: PostgresReport | null;
  builds: Awaited<ReturnType<typeof measureBuildTimes>> | null;
  /** The mixed read/write load on each database (null: not measured, e.g. PostgreSQL without a server). */
  mixedLoad: { sqlite: MixedLoadResult | null; postgres: MixedLoadResult | null } | null;
  /** Cheap reads during sign-ins and memory during photo uploads (expensive-load.ts); null when not measured. */
  expensiveWork: ExpensiveLoadResult | null;
  /** LCP in real Chromium over a shaped link (emulated-link.ts), or why it was not measured. */
  link: LinkResult | { unavailable: string };
  /** From an admin's save to the served page: a branding change (`seconds`) and one product's price (`itemSeconds`). */
  rebuild: { measured: boolean; note: string; seconds?: number; itemSeconds?: number };
  firstStart: { measured: boolean; note: string; seconds?: number };
  checks: Check[];
  totalSeconds?: number;
}

const ms = (n: number) => `${Math.round(n)} ms`;
const kb = (n: number) => (n / 1000).toFixed(1);
const sizes = (s: Sizes) => `${kb(s.raw)} / ${kb(s.gzip)} / ${kb(s.brotli)}`;
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

/** The mixed load: the highest clean rate on each database, then every step each database ran. */
function mixedLoadSection(m: NonNullable<Report['mixedLoad']>): string[] {
  const runs = [m.sqlite, m.postgres].filter((x): x is MixedLoadResult => x !== null);
  const first = runs[0];
  if (!first) return [];
  const shares = (Object.entries(MIX) as [OperationName, number][])
    .map(([name, share]) => `${name} ${share} %`)
    .join(', ');
  const out = ['## Mixed read and write load', ''];
  out.push(
    first.calibrationRps === null
      ? `One ${first.stepSeconds} s step at ${first.steps[0]?.offeredRps ?? '?'} req/s (the --ci form: errors judged, latency reported).`
      : `${first.seconds} s per database on loopback: a 5 s closed-loop calibration, then ${first.stepSeconds} s open-loop steps, the offered rate raised while a step has zero errors and p95 ≤ ${first.p95BoundMs} ms, then narrowed between the best passing and the lowest failing rate. Latency counts from each request's scheduled time; at most 512 requests outstanding.`,
    '',
    `Mix: ${shares} (reads: company, sliders, products, search, product by slug; writes: register, order, contact, admin edit). The API alone (start-api.ts), RATE_LIMITS=off, demo content.`,
    '',
  );
  out.push(
    row([
      'Database',
      first.calibrationRps === null ? 'rate (passing)' : 'highest clean rate',
      'answered',
      'p50',
      'p95',
      'p99',
      'writes/s',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:']),
  );
  for (const run of [m.sqlite, m.postgres]) {
    if (!run) continue;
    const b = run.best;
    out.push(
      row([
        run.database,
        b ? `${b.offeredRps} req/s` : 'none',
        b ? `${b.answeredRps} req/s` : '—',
        b ? `${b.p50} ms` : '—',
        b ? `${b.p95} ms` : '—',
        b ? `${b.p99} ms` : '—',
        b ? (b.writes / run.stepSeconds).toFixed(1) : '—',
      ]),
    );
  }
  out.push('', 'Every step:', '');
  out.push(
    row(['Database', 'offered', 'answered', 'p50', 'p95', 'p99', 'errors', 'slowest operation (p95)', 'result']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---', '---']),
  );
  for (const run of runs) {
    for (const s of run.steps) {
      const slowest = (Object.entries(s.operations) as [string, { p95: number }][]).sort(
        (a, b) => b[1].p95 - a[1].p95,
      )[0];
      out.push(
        row([
          run.database,
          `${s.offeredRps} req/s`,
          `${s.answeredRps} req/s`,
          `${s.p50} ms`,
          `${s.p95} ms`,
          `${s.p99} ms`,
          s.errors ? `${s.errors} (${s.errorSamples.join('; ')})` : 0,
          slowest ? `${slowest[0]} ${slowest[1].p95} ms` : '—',
          s.ok ? 'pass' : 'over',
        ]),
      );
    }
  }
  out.push('');
  return out;
}

/** Reads during sign-ins and memory during uploads: what the queues of expensive work keep for everyone else. */
function expensiveWorkSection(e: ExpensiveLoadResult): string[] {
  const { signIns: s, uploads: u } = e;
  const answers = Object.entries(u.statuses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  return [
    '## Expensive work',
    '',
    `The API alone, no seed, MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072, a fresh server for each. Reads: /api/company and /api/health in turn over one keep-alive connection, 10 ms apart, while ${s.signIns} sign-ins (each an argon2id hash) are kept in flight for ${s.seconds.toFixed(1)} s (${s.answered} answered). Uploads: ${u.uploads} photos of ${(u.pictureBytes / 1e6).toFixed(1)} MB (${u.pictureSize} JPEG) sent at once by an admin; the server's RSS sampled every 25 ms.`,
    '',
    row(['Measure', 'p50', 'p95', 'p99', 'max']),
    row(['---', '---:', '---:', '---:', '---:']),
    ...(
      [
        ['reads, idle', s.idle],
        ['reads during sign-ins', s.reads],
        ['/api/company during sign-ins', s.company],
        ['/api/health during sign-ins', s.health],
      ] as const
    ).map(([name, l]) =>
      row([
        name,
        `${l.p50.toFixed(1)} ms`,
        `${l.p95.toFixed(1)} ms`,
        `${l.p99.toFixed(1)} ms`,
        `${l.max.toFixed(1)} ms`,
      ]),
    ),
    '',
    `Server RSS during the uploads: peak ${u.peakMiB} MiB (${u.baselineMiB} MiB before); answered ${answers} (503: the picture queue was full) in ${u.seconds.toFixed(1)} s.`,
    '',
  ];
}

/** One table, measure | SQLite | PostgreSQL, and where PostgreSQL came from (or why it was not measured). */
function databasesSection(r: Report): string[] {
  const sqlite = figuresOf({ load: r.api?.load?.paths, demo: r.api?.demoLists, scale: r.scale });
  const pg = r.postgres;
  const postgres = figuresOf(pg ? { load: pg.load, demo: pg.demoLists, scale: pg.scale } : null);
  const out = ['## API on SQLite and PostgreSQL', ''];
  out.push(
    pg
      ? `${pg.note}${pg.required ? ' A server was given, so this run needed the PostgreSQL part to run.' : ''}`
      : 'PostgreSQL: not measured.',
    '',
  );
  out.push(row(['Measure', 'SQLite', 'PostgreSQL']), row(['---', '---:', '---:']));
  const budget = r.checks.find((c) => c.name.startsWith('API search p95 with'))?.limit;
  for (const cells of comparisonRows(sqlite, postgres, budget)) out.push(row(cells));
  out.push('');
  return out;
}

export function renderReport(r: Report): string {
  const out: string[] = [];
  out.push(`# Benchmark report (${r.mode === 'ci' ? 'CI: deterministic part' : 'full'})`, '');
  out.push(
    `${r.date} on ${r.machine}. Lighthouse 13, mobile default config, simulated throttling, median of ${r.lighthouseRuns} run(s).`,
    '',
  );

  if (r.skipped.length) out.push(`Not measured, the site answered 404: ${r.skipped.join(', ')}.`, '');
  const failed = r.checks.filter((c) => c.ok === false);
  out.push('## Budgets', '');
  out.push(failed.length ? `**${failed.length} missed.**` : '**All judged budgets met.**', '');
  out.push(row(['Check', 'Value', 'Budget', 'Result']), row(['---', '---:', '---:', '---']));
  for (const c of r.checks) {
    const result = c.ok === null ? 'not measured' : c.ok ? 'pass' : '**FAIL**';
    out.push(row([c.name, c.value === null ? '—' : `${c.value}${c.unit}`, `${c.op} ${c.limit}${c.unit}`, result]));
  }
  out.push('');

  if (r.reference) {
    const ref = r.reference;
    out.push('## Lighthouse', '');
    out.push(
      `Reference page (static HTML, inline CSS, the home hero image, no JavaScript): LCP ${ms(ref.lcpMs)}, FCP ${ms(ref.fcpMs)}, ${kb(ref.bytes['total'] ?? 0)} KB in ${ref.requests} requests. Each page's LCP is given as a ratio to it.`,
      '',
    );
    out.push(
      row(['Page', 'Perf', 'A11y', 'BP', 'SEO', 'FCP', 'LCP', 'LCP / ref', 'TBT', 'CLS', 'Speed Index', 'Requests']),
    );
    out.push(row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
    const line = (name: string, l: PageResult, ratio: number) =>
      row([
        name,
        l.scores.performance,
        l.scores.accessibility,
        l.scores['best-practices'],
        l.scores.seo,
        ms(l.fcpMs),
        ms(l.lcpMs),
        ratio.toFixed(2),
        ms(l.tbtMs),
        l.cls.toFixed(3),
        ms(l.speedIndexMs),
        l.requests,
      ]);
    out.push(line('reference', ref, 1));
    for (const p of r.pages) out.push(line(`${p.name} (${p.path})`, p.lighthouse, p.lcpRatio));
    out.push('');
    out.push('Transfer bytes by type (KB, as loaded in Lighthouse):', '');
    const types = ['document', 'stylesheet', 'script', 'font', 'image', 'media', 'other', 'total'];
    out.push(row(['Page', ...types]), row(['---', ...types.map(() => '---:')]));
    out.push(row(['reference', ...types.map((t) => kb(ref.bytes[t] ?? 0))]));
    for (const p of r.pages) out.push(row([p.name, ...types.map((t) => kb(p.lighthouse.bytes[t] ?? 0))]));
    out.push('');
    const notes = r.pages.filter((p) => p.lighthouse.failing.length || p.lighthouse.exempted.length);
    if (notes.length) {
      out.push('Audits below full marks:', '');
      for (const p of notes) {
        const failing = p.lighthouse.failing.map((f) => `${f.category}/${f.id} (${f.score})`);
        const exempt = p.lighthouse.exempted.map((id) => `${id} (exempt, see bench/budgets.json)`);
        out.push(`- ${p.name}: ${[...failing, ...exempt].join(', ')}`);
      }
      out.push('');
    }
  }

  out.push(...renderLink(r.link));

  if (r.pages.length) {
    out.push('## Bytes from dist/', '');
    out.push(
      'Each cell: raw / gzip / brotli KB, each file compressed on its own as the server sends it. CSS and eager JS include inline styles and scripts (also counted in HTML).',
      '',
    );
    out.push(
      row(['Page', 'Budget class', 'HTML', 'CSS', 'Eager JS', 'Island JS', 'All JS', 'of which React']),
      row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:']),
    );
    for (const p of r.pages)
      out.push(
        row([
          p.name,
          p.kind,
          sizes(p.bytes.html),
          sizes(p.bytes.css),
          sizes(p.bytes.eagerJs),
          sizes(p.bytes.islandJs),
          sizes(p.bytes.js),
          sizes(p.bytes.reactJs),
        ]),
      );
    out.push('');
  }

  out.push(...databasesSection(r));

  if (r.mixedLoad) out.push(...mixedLoadSection(r.mixedLoad));
  if (r.expensiveWork) out.push(...expensiveWorkSection(r.expensiveWork));

  if (r.api?.load) {
    out.push('## API load (SQLite)', '');
    out.push(
      `autocannon, ${r.api.load.connections} connections, ${r.api.load.durationSeconds} s per run after ${r.api.load.warmupSeconds} s of warm-up; the bare server answers the same bytes from its own process.`,
      '',
    );
    out.push(
      row(['Endpoint', 'req/s', 'p50', 'p99', 'bare node:http req/s', 'bare p50', 'bare p99', 'ratio']),
      row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    );
    for (const l of r.api.load.paths)
      out.push(
        row([
          l.path,
          Math.round(l.product.rps),
          `${l.product.p50} ms`,
          `${l.product.p99} ms`,
          Math.round(l.bare.rps),
          `${l.bare.p50} ms`,
          `${l.bare.p99} ms`,
          l.ratio.toFixed(2),
        ]),
      );
    out.push('');
  }
  const pg = r.postgres?.demoLists ?? null;
  if (r.api) {
    out.push('## API at demo size', '');
    out.push('Sequential requests over one keep-alive connection (brotli accepted).', '');
    out.push(
      row(['Endpoint', 'SQLite p50', 'SQLite p95', 'PostgreSQL p50', 'PostgreSQL p95']),
      row(['---', '---:', '---:', '---:', '---:']),
    );
    const both = (path: string, a: { p50: number; p95: number }, b: { p50: number; p95: number } | undefined) =>
      row([
        path,
        `${a.p50.toFixed(2)} ms`,
        `${a.p95.toFixed(2)} ms`,
        b ? `${b.p50.toFixed(2)} ms` : '—',
        b ? `${b.p95.toFixed(2)} ms` : '—',
      ]);
    out.push(both('/api/company', r.api.demoLists.company, pg?.company));
    for (const l of r.api.demoLists.lists)
      out.push(
        both(
          l.path,
          l,
          pg?.lists.find((p) => p.path === l.path),
        ),
      );
    out.push(both(`/api/search (${r.api.demoLists.search.terms.length} terms)`, r.api.demoLists.search, pg?.search));
    out.push('');
  }

  for (const [name, scale] of [
    ['SQLite', r.scale],
    ['PostgreSQL', r.postgres?.scale ?? null],
  ] as const) {
    if (!scale) continue;
    out.push(`## Scale on ${name} (${scale.itemsPerType} items of each of the six types)`, '');
    out.push(
      `${scale.totalItems} items generated in ${scale.generation.seconds.toFixed(1)} s (${(scale.generation.databaseBytes / 1e6).toFixed(0)} MB); the API ready over them in ${scale.apiReadySeconds.toFixed(1)} s. Search over ${scale.search.terms.length} terms: p50 ${scale.search.p50.toFixed(2)} ms, p95 ${scale.search.p95.toFixed(2)} ms over ${scale.search.n} requests.`,
      '',
    );
    out.push(row(['Search term', 'results', 'p50', 'max']), row(['---', '---:', '---:', '---:']));
    for (const t of scale.search.terms)
      out.push(row([t.term, t.results, `${t.p50.toFixed(2)} ms`, `${t.max.toFixed(2)} ms`]));
    out.push('');
    out.push(row(['List endpoint', 'p50', 'p95', 'response KB']), row(['---', '---:', '---:', '---:']));
    for (const l of [...scale.lists, ...scale.pages])
      out.push(row([l.path, `${l.p50.toFixed(1)} ms`, `${l.p95.toFixed(1)} ms`, kb(l.bytes)]));
    out.push('');
  }
  if (r.builds) {
    out.push('## Build time', '');
    out.push(
      `Full \`astro build\` against the running API. Demo size: ${r.builds.demo.seconds.toFixed(1)} s (${r.builds.demo.pages} pages). With ${r.builds.manyBlogs.addedBlogs} extra blogs: ${r.builds.manyBlogs.seconds.toFixed(1)} s (${r.builds.manyBlogs.pages} pages).`,
      '',
    );
  }
  out.push(
    '## From an admin save to the served page',
    '',
    r.rebuild.measured
      ? `A branding change: ${r.rebuild.seconds?.toFixed(1)} s. One product's price: ${r.rebuild.itemSeconds?.toFixed(1)} s (${r.rebuild.note}).`
      : r.rebuild.note,
    '',
  );
  out.push(
    '## First start',
    '',
    r.firstStart.measured ? `${r.firstStart.seconds?.toFixed(1)} s (${r.firstStart.note})` : r.firstStart.note,
    '',
  );
  return out.join('\n');
}

function renderLink(link: Report['link']): string[] {
  const out = ['## LCP over an emulated link', ''];
  if ('unavailable' in link) return [...out, `Not measured: ${link.unavailable}.`, ''];
  out.push(
    `Real Chromium as a phone (412×823 at 1.75, empty cache, no throttling of its own) in a network namespace: ${link.rttMs} ms round trips, ${link.downKbit} kbit/s down and ${link.upKbit} kbit/s up (tc tbf on a veth pair; the delay is a relay's). Median of ${link.runs} run(s). Reference page: ${ms(link.referenceLcpMs)}.`,
    '',
    row(['Page', 'LCP', 'LCP / ref', 'Runs']),
    row(['---', '---:', '---:', '---']),
  );
  for (const p of link.pages)
    out.push(
      row([`${p.name} (${p.path})`, ms(p.lcpMs), p.ratio.toFixed(2), p.runsMs.map((v) => String(v)).join(', ')]),
    );
  out.push('');
  return out;
}
