import { assert, describe, expect, it } from 'vitest';
import { byteChecks, check, failures, lighthouseChecks, loadBudgets } from '../../scripts/bench/budgets.ts';
import {
  fileForPath,
  isReactChunk,
  pageReferences,
  sizesOf,
  staticImports,
  type PageBytes,
} from '../../scripts/bench/dist-bytes.ts';
import { medianOfRuns, type PageRun } from '../../scripts/bench/lighthouse.ts';
import { benchPages, pagesToMeasure } from '../../scripts/bench/pages.ts';
import { heroImageOf, referenceHtml } from '../../scripts/bench/reference-page.ts';

describe('bench: which built file answers a path', () => {
  const files = new Set(['index.html', 'shop/index.html', 'blogs/a-post/index.html', '404.html']);
  it.each([
    ['/', 'index.html'],
    ['/shop/', 'shop/index.html'],
    ['/shop', 'shop/index.html'],
    ['/blogs/a-post/', 'blogs/a-post/index.html'],
    ['/search/?q=design', '404.html'],
    ['/this-page-does-not-exist/', '404.html'],
  ])('%s → %s', (path, file) => {
    expect(fileForPath(path, (f) => files.has(f))).toBe(file);
  });
});

describe('bench: what a page references', () => {
  const html = `<html><head><link rel="stylesheet" href="/_astro/a.css"><link rel="preload" href="/_astro/f.woff2" as="font">
    <script>window.x=1</script><script type="application/ld+json">{"a":1}</script><style>body{margin:0}</style>
    <script type="module" src="/_astro/layout.js"></script></head><body>
    <astro-island uid="1" component-url="/_astro/Hero.js" renderer-url="/_astro/client.js"></astro-island>
    <astro-island uid="2" component-url="/_astro/ForYou.js" renderer-url="/_astro/client.js"></astro-island></body></html>`;
  it('finds stylesheets, module and inline scripts, inline styles and island code', () => {
    const refs = pageReferences(html);
    expect(refs.stylesheets).toEqual(['/_astro/a.css']);
    expect(refs.scripts).toEqual(['/_astro/layout.js']);
    expect(refs.inlineScripts).toEqual(['window.x=1']);
    expect(refs.inlineStyles).toEqual(['body{margin:0}']);
    expect(refs.islands).toEqual(['/_astro/Hero.js', '/_astro/client.js', '/_astro/ForYou.js']);
  });
  it('follows static imports and leaves dynamic ones out', () => {
    const code =
      'import{a as e}from"./session.js";import"./side.js";export{b}from"./c.js";const m=()=>import("./lazy.js");';
    expect(staticImports(code).sort()).toEqual(['./c.js', './session.js', './side.js']);
  });
  it('compressed sizes are smaller than raw for text', () => {
    const s = sizesOf('hello '.repeat(500));
    expect(s.raw).toBe(3000);
    expect(s.gzip).toBeLessThan(100);
    expect(s.brotli).toBeLessThan(s.gzip);
  });
});

describe('bench: React share of a page', () => {
  it.each([
    ['react-dom', 'function t(e){return"Minified React error #"+e+"; visit https://react.dev/errors/"+e}', true],
    ['jsx runtime', 'var e=Symbol.for(`react.transitional.element`);export{e as t}', true],
    [
      'an island of ours',
      'import{t as e}from"./jsx-runtime.js";function n(){return e("div",{className:"react-card"})}',
      false,
    ],
  ])('%s: %s', (_name, code, expected) => {
    expect(isReactChunk(code)).toBe(expected);
  });
});

describe('bench: reference page', () => {
  it('copies the home hero image: the first high-priority img, with its picture source', () => {
    const home =
      '<img src="/logo.png" alt="x"><picture class="contents"><source type="image/avif" srcSet="/media/h-w480.avif 480w, /media/h-w960.avif 960w" sizes="100vw"/>' +
      '<img src="/media/h.webp" width="1920" height="1080" fetchPriority="high"></picture>';
    const hero = heroImageOf(home);
    expect(hero).toEqual({
      src: '/media/h.webp',
      srcset: '/media/h-w480.avif 480w, /media/h-w960.avif 960w',
      sizes: '100vw',
      type: 'image/avif',
      width: '1920',
      height: '1080',
    });
    assert(hero, 'the home page has a hero image');
    const page = referenceHtml(hero, 'Acme <Co>');
    expect(page).toContain(
      '<source srcset="/media/h-w480.avif 480w, /media/h-w960.avif 960w" sizes="100vw" type="image/avif"><img src="/media/h.webp"',
    );
    expect(page).toContain(
      'imagesrcset="/media/h-w480.avif 480w, /media/h-w960.avif 960w" imagesizes="100vw" type="image/avif"',
    );
    expect(page).toContain('<title>Acme &lt;Co></title>');
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/rel="stylesheet"/);
  });
  it('takes an img that has its own srcset when there is no picture source', () => {
    const hero = heroImageOf(
      '<source type="image/avif" srcset="/x.avif"><img src="/a.png"><img src="/h.webp" srcset="/h-w480.webp 480w" sizes="50vw" fetchpriority="high">',
    );
    expect(hero).toMatchObject({ src: '/h.webp', srcset: '/h-w480.webp 480w', sizes: '50vw', type: '' });
  });
  it('no hero, no reference', () => {
    expect(heroImageOf('<img src="/a.png">')).toBeNull();
  });
});

const run = (over: Partial<PageRun>): PageRun => ({
  url: 'http://x/',
  scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
  fcpMs: 800,
  lcpMs: 1000,
  tbtMs: 0,
  cls: 0,
  speedIndexMs: 900,
  bytes: { total: 1000, script: 100 },
  requests: 5,
  exempted: [],
  failing: [],
  ...over,
});

describe('bench: median of Lighthouse runs', () => {
  it("takes each figure's median and keeps failures seen in most runs", () => {
    const fail = { id: 'color-contrast', title: 'Contrast', category: 'accessibility' as const, score: 0 };
    const m = medianOfRuns([
      run({
        lcpMs: 1200,
        scores: { performance: 97, accessibility: 96, 'best-practices': 100, seo: 100 },
        failing: [fail],
      }),
      run({ lcpMs: 900, failing: [fail] }),
      run({ lcpMs: 3000, bytes: { total: 5000, script: 300 } }),
    ]);
    expect(m.lcpMs).toBe(1200);
    expect(m.scores.performance).toBe(100);
    expect(m.scores.accessibility).toBe(100);
    expect(m.bytes).toEqual({ total: 1000, script: 100 });
    expect(m.failing).toEqual([fail]);
    expect(m.runs).toBe(3);
  });
});

describe('bench: budgets', () => {
  const budgets = loadBudgets();
  const pages = benchPages({
    blog: 'a-post',
    product: 'desk-lamp',
    event: 'spring-launch',
    audio: 'a1',
    page: 'privacy',
  });
  it("the committed budgets are the issue's", () => {
    expect(budgets.lighthouse).toEqual({
      performance: 98,
      accessibility: 100,
      'best-practices': 100,
      seo: 100,
      lcpRatioToReference: 1.15,
      cls: 0.02,
      tbtMs: 150,
    });
    expect(budgets.jsBrotliKB).toMatchObject({ static: 3 });
    expect(budgets.cssBrotliKB).toBe(15);
    expect(budgets.api).toEqual({
      companyRpsRatioToBare: 0.5,
      searchP95MsAt60k: 20,
      listP95MsAtDemo: 10,
      listPageKB: 200,
    });
    expect(budgets.rebuildSeconds).toBe(30);
    expect(budgets.itemEditSeconds).toBe(5);
    expect(budgets.firstStartSeconds).toBe(20);
  });
  it('every page has a class and the pages without islands are held to 3 KB', () => {
    expect(pages.find((p) => p.name === 'about')?.kind).toBe('static');
    expect(pages.find((p) => p.name === 'notfound')?.kind).toBe('static');
    expect(pages.find((p) => p.name === 'home')?.kind).toBe('home');
    expect(pages.filter((p) => p.kind === 'list').map((p) => p.name)).toEqual([
      'shop',
      'blogs',
      'photos',
      'videos',
      'audio',
      'events',
      'search',
    ]);
  });
  it('covers every public page: an event page, pricing, documents and a simple page are static (3 KB of script)', () => {
    expect(pages.map((p) => p.path)).toEqual([
      '/',
      '/shop/',
      '/shop/desk-lamp/',
      '/blogs/',
      '/blogs/a-post/',
      '/photos/',
      '/videos/',
      '/audio/',
      '/audio/a1/',
      '/events/',
      '/events/spring-launch/',
      '/search/?q=design',
      '/pricing/',
      '/documents/',
      '/pages/privacy/',
      '/about/',
      '/contact/',
      '/login/',
      '/register/',
      '/this-page-does-not-exist/',
    ]);
    expect(new Set(pages.map((p) => p.name)).size).toBe(pages.length);
    for (const name of ['event', 'pricing', 'documents', 'page'])
      expect(pages.find((p) => p.name === name)?.kind).toBe('static');
    expect(pages.find((p) => p.name === 'product')?.kind).toBe('product');
    expect(pages.find((p) => p.name === 'audio item')?.kind).toBe('island');
    expect(budgets.jsBrotliKB.product).toBe(6);
  });
  it('leaves out a content page whose slug the API did not give', () => {
    const paths = benchPages({ blog: 'a-post' }).map((p) => p.path);
    expect(paths).not.toContain('/events/undefined/');
    expect(paths.some((p) => p.startsWith('/events/') && p !== '/events/')).toBe(false);
    expect(paths.some((p) => p.startsWith('/pages/'))).toBe(false);
    expect(paths).toContain('/pricing/');
  });
  it('skips an event or simple page only when it answers 404; a required page is measured whatever it answers', () => {
    const statuses = new Map([
      ['/events/spring-launch/', 404],
      ['/pages/privacy/', 200],
      ['/pricing/', 404],
    ]);
    const { measured, skipped } = pagesToMeasure(pages, statuses);
    expect(skipped.map((p) => p.name)).toEqual(['event']);
    expect(measured.map((p) => p.name)).toContain('page');
    expect(measured.map((p) => p.name)).toContain('pricing');
    expect(measured).toHaveLength(pages.length - 1);
    expect(pagesToMeasure(pages, new Map()).skipped).toEqual([]);
  });
  it.each([
    [100, '>=', 98, true],
    [97, '>=', 98, false],
    [1.2, '<=', 1.2, true],
    [1.21, '<=', 1.2, false],
  ] as const)('check %s %s %s passes: %s', (value, op, limit, ok) => {
    expect(check('x', value, op, limit).ok).toBe(ok);
  });
  it('a figure not measured is not judged', () => {
    expect(check('rebuild', null, '<=', 30).ok).toBeNull();
    expect(failures([check('rebuild', null, '<=', 30)])).toEqual([]);
  });
  it('judges a page: scores, LCP against the reference, CLS, TBT; CI judges only the deterministic ones', () => {
    const home = pages[0];
    assert(home, 'the first page is the home page');
    const result = {
      ...run({
        lcpMs: 1300,
        tbtMs: 160,
        scores: { performance: 99, accessibility: 100, 'best-practices': 100, seo: 100 },
      }),
      runs: 3,
    };
    const checks = lighthouseChecks(home, result, 1000, budgets);
    expect(failures(checks).map((c) => c.name)).toEqual(['home: TBT', 'home: LCP / reference']);
    expect(failures(checks, true)).toEqual([]);
    // The performance score is a timing too: the full run judges it, CI does not; the other scores CI judges.
    const slow = lighthouseChecks(
      home,
      { ...result, scores: { performance: 85, accessibility: 96, 'best-practices': 100, seo: 100 } },
      1000,
      budgets,
    );
    expect(failures(slow).map((c) => c.name)).toEqual(
      expect.arrayContaining(['home: performance', 'home: accessibility']),
    );
    expect(failures(slow, true).map((c) => c.name)).toEqual(['home: accessibility']);
  });
  it('judges bytes by page class, in brotli KB', () => {
    const sizes = (brotli: number) => ({ raw: brotli * 3, gzip: brotli * 1.2, brotli });
    const bytes = (js: number): PageBytes => ({
      path: '/about/',
      file: 'about/index.html',
      html: sizes(5000),
      css: sizes(7000),
      eagerJs: sizes(js),
      islandJs: sizes(0),
      js: sizes(js),
      reactJs: sizes(0),
      files: [],
    });
    const about = pages.find((p) => p.name === 'about');
    assert(about, 'the about page');
    expect(failures(byteChecks(about, bytes(2900), budgets))).toEqual([]);
    expect(failures(byteChecks(about, bytes(3100), budgets), true).map((c) => c.name)).toEqual(['about: JS brotli']);
  });

  it("judges a list page's HTML against the list page budget, and no other page's", () => {
    const sizes = (brotli: number) => ({ raw: brotli * 3, gzip: brotli * 1.2, brotli });
    const page = (html: number): PageBytes => ({
      path: '/shop/',
      file: 'shop/index.html',
      html: sizes(html),
      css: sizes(7000),
      eagerJs: sizes(1000),
      islandJs: sizes(0),
      js: sizes(1000),
      reactJs: sizes(0),
      files: [],
    });
    const shop = pages.find((p) => p.name === 'shop');
    const about = pages.find((p) => p.name === 'about');
    assert(shop && about, 'the shop and about pages');
    expect(budgets.listHtmlBrotliKB).toBe(30);
    expect(failures(byteChecks(shop, page(30_000), budgets))).toEqual([]);
    expect(failures(byteChecks(shop, page(30_200), budgets), true).map((c) => c.name)).toEqual(['shop: HTML brotli']);
    expect(failures(byteChecks(about, page(40_000), budgets))).toEqual([]);
  });
});
