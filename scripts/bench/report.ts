/** bench/report.md from the report object (bench/report.json holds the same figures). */
import type { measureApiLoad } from './api-load.ts';
import type { measureBuildTimes } from './build-time.ts';
import type { Check } from './budgets.ts';
import type { PageBytes, Sizes } from './dist-bytes.ts';
import type { PageResult } from './lighthouse.ts';
import type { BenchPage } from './pages.ts';
import type { measureListLatencyAtDemo, measureScale } from './scale.ts';

export interface Report {
  mode: 'full' | 'ci';
  date: string;
  machine: string;
  lighthouseRuns: number;
  pages: Array<BenchPage & { lighthouse: PageResult; bytes: PageBytes; lcpRatio: number }>;
  /** Optional pages (an event's, a simple page) left out because the site answered 404 for them. */
  skipped: string[];
  reference: PageResult | null;
  api: { load: Awaited<ReturnType<typeof measureApiLoad>>; demoLists: Awaited<ReturnType<typeof measureListLatencyAtDemo>> } | null;
  scale: Awaited<ReturnType<typeof measureScale>> | null;
  builds: Awaited<ReturnType<typeof measureBuildTimes>> | null;
  rebuild: { measured: boolean; note: string; seconds?: number };
  firstStart: { measured: boolean; note: string; seconds?: number };
  checks: Check[];
  totalSeconds?: number;
}

const ms = (n: number) => `${Math.round(n)} ms`;
const kb = (n: number) => (n / 1000).toFixed(1);
const sizes = (s: Sizes) => `${kb(s.raw)} / ${kb(s.gzip)} / ${kb(s.brotli)}`;
const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;

export function renderReport(r: Report): string {
  const out: string[] = [];
  out.push(`# Benchmark report (${r.mode === 'ci' ? 'CI: deterministic part' : 'full'})`, '');
  out.push(`${r.date} on ${r.machine}. Lighthouse 13, mobile default config, simulated throttling, median of ${r.lighthouseRuns} run(s).`, '');

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
    out.push(`Reference page (static HTML, inline CSS, the home hero image, no JavaScript): LCP ${ms(ref.lcpMs)}, FCP ${ms(ref.fcpMs)}, ${kb(ref.bytes['total'] ?? 0)} KB in ${ref.requests} requests. Each page's LCP is given as a ratio to it.`, '');
    out.push(row(['Page', 'Perf', 'A11y', 'BP', 'SEO', 'FCP', 'LCP', 'LCP / ref', 'TBT', 'CLS', 'Speed Index', 'Requests']));
    out.push(row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
    const line = (name: string, l: PageResult, ratio: number) =>
      row([name, l.scores.performance, l.scores.accessibility, l.scores['best-practices'], l.scores.seo, ms(l.fcpMs), ms(l.lcpMs), ratio.toFixed(2), ms(l.tbtMs), l.cls.toFixed(3), ms(l.speedIndexMs), l.requests]);
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

  if (r.pages.length) {
    out.push('## Bytes from dist/', '');
    out.push('Each cell: raw / gzip / brotli KB, each file compressed on its own as the server sends it. CSS and eager JS include inline styles and scripts (also counted in HTML).', '');
    out.push(row(['Page', 'Budget class', 'HTML', 'CSS', 'Eager JS', 'Island JS', 'All JS', 'of which React']), row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:']));
    for (const p of r.pages) out.push(row([p.name, p.kind, sizes(p.bytes.html), sizes(p.bytes.css), sizes(p.bytes.eagerJs), sizes(p.bytes.islandJs), sizes(p.bytes.js), sizes(p.bytes.reactJs)]));
    out.push('');
  }

  if (r.api) {
    out.push('## API', '');
    out.push(`autocannon, ${r.api.load.connections} connections, ${r.api.load.durationSeconds} s per run after ${r.api.load.warmupSeconds} s of warm-up; the bare server answers the same bytes from its own process.`, '');
    out.push(row(['Endpoint', 'req/s', 'p50', 'p99', 'bare node:http req/s', 'bare p50', 'bare p99', 'ratio']), row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
    for (const l of r.api.load.paths) out.push(row([l.path, Math.round(l.product.rps), `${l.product.p50} ms`, `${l.product.p99} ms`, Math.round(l.bare.rps), `${l.bare.p50} ms`, `${l.bare.p99} ms`, l.ratio.toFixed(2)]));
    out.push('', `Demo size, sequential requests over one keep-alive connection (brotli accepted): search p50 ${r.api.demoLists.search.p50.toFixed(2)} ms, p95 ${r.api.demoLists.search.p95.toFixed(2)} ms.`, '');
    out.push(row(['Endpoint', 'p50', 'p95']), row(['---', '---:', '---:']));
    for (const l of r.api.demoLists.lists) out.push(row([l.path, `${l.p50.toFixed(2)} ms`, `${l.p95.toFixed(2)} ms`]));
    out.push('');
  }

  if (r.scale) {
    out.push(`## Scale (${r.scale.itemsPerType} items of each of the six types)`, '');
    out.push(`${r.scale.totalItems} items generated in ${r.scale.generation.seconds.toFixed(1)} s. Search over ${r.scale.search.terms.length} terms: p50 ${r.scale.search.p50.toFixed(2)} ms, p95 ${r.scale.search.p95.toFixed(2)} ms over ${r.scale.search.n} requests.`, '');
    out.push(row(['List endpoint', 'p50', 'p95', 'response KB']), row(['---', '---:', '---:', '---:']));
    for (const l of r.scale.lists) out.push(row([l.path, `${l.p50.toFixed(1)} ms`, `${l.p95.toFixed(1)} ms`, kb(l.bytes)]));
    out.push('');
  }
  if (r.builds) {
    out.push('## Build time', '');
    out.push(`Full \`astro build\` against the running API. Demo size: ${r.builds.demo.seconds.toFixed(1)} s (${r.builds.demo.pages} pages). With ${r.builds.manyBlogs.addedBlogs} extra blogs: ${r.builds.manyBlogs.seconds.toFixed(1)} s (${r.builds.manyBlogs.pages} pages).`, '');
  }
  out.push('## Rebuild after a branding change', '', r.rebuild.measured ? `${r.rebuild.seconds?.toFixed(1)} s` : r.rebuild.note, '');
  out.push('## First start', '', r.firstStart.measured ? `${r.firstStart.seconds?.toFixed(1)} s (${r.firstStart.note})` : r.firstStart.note, '');
  return out.join('\n');
}
