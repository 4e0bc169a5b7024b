import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assert, describe, expect, it } from 'vitest';
import { openStepCache } from '../../src/lib/build/step-cache.ts';
import {
  contentTokens,
  inlineHash,
  newTrimCache,
  policyForPage,
  selectorVocabulary,
  trimPageCss,
  type ReadScript,
} from '../../src/lib/build/page-css.ts';

const CSS = [
  '.used{color:red}',
  '.unused{color:blue}',
  '.md\\:grid-cols-3{display:grid}',
  '.text-\\[var\\(--color-ink\\)\\]{color:var(--color-ink)}',
  '.from-island{margin:0}',
  '.from-lazy-chunk{padding:0}',
  '.dark .dark\\:bg-black{background:black}',
  '[data-auth=in] .signed-in{display:block}',
  '[data-state=never] .x{display:none}',
  '.data-\\[outcome\\=failure\\]\\:text-red[data-outcome=failure]{color:red}',
  '.data-\\[outcome\\=success\\]\\:text-green[data-outcome=success]{color:green}',
  ':root{--color-ink:#123;--orphan:1px;--set-inline:2px}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '@keyframes gone{to{opacity:0}}',
  '.animate-spin{animation:spin 1s linear infinite}',
  '.space-y-2{:where(&>:not(:last-child)){margin-block-start:8px}}',
  '.space-y-9{:where(&>:not(:last-child)){margin-block-start:36px}}',
].join('');

function page(css: string, body: string): string {
  return (
    '<!DOCTYPE html><html lang="en"><head>' +
    `<meta http-equiv="content-security-policy" content="default-src 'self'; style-src 'self' ${inlineHash(css)} 'sha256-other='">` +
    `<style>${css}</style></head><body>${body}</body></html>`
  );
}

const scripts: Record<string, string> = {
  '/_astro/Island.abc.js':
    'import{a}from"./shared.def.js";const l=()=>import("./lazy.ghi.js");export default()=>a("from-island")',
  '/_astro/shared.def.js': 'export const a=(c)=>c',
  '/_astro/lazy.ghi.js': 'export const cls="from-lazy-chunk"',
  '/_astro/unrelated.js': 'export const cls="unused"',
};
const read: ReadScript = (url) => scripts[url] ?? null;

const BODY =
  '<main class="used space-y-2 md:grid-cols-3 text-[var(--color-ink)] animate-spin dark:bg-black" style="width:var(--set-inline)">' +
  '<astro-island component-url="/_astro/Island.abc.js"></astro-island><a class="signed-in">Dashboard</a><p title="unused">Prose that says unused and m-0</p><p class="data-[outcome=failure]:text-red"></p></main>' +
  "<script>document.documentElement.classList.toggle('dark');root.setAttribute('data-auth','in')</script>";

function styleOf(html: string): string {
  const css = /<style>([\s\S]*)<\/style>/.exec(html)?.[1];
  assert(css !== undefined, 'the page has an inline <style>');
  return css;
}

describe('trimPageCss', () => {
  it('keeps the rules the markup and its scripts can use, and drops the rest', async () => {
    const css = styleOf(await trimPageCss(page(CSS, BODY), read));
    for (const kept of [
      '.used',
      '.md\\:grid-cols-3',
      '.text-\\[var\\(--color-ink\\)\\]',
      '.from-island',
      '.from-lazy-chunk',
      '.dark .dark\\:bg-black',
      '[data-auth=in] .signed-in',
      '[data-outcome=failure]',
      '@keyframes spin',
      '.space-y-2{:where(&>:not(:last-child)){margin-block-start:8px}}',
    ]) {
      expect(css).toContain(kept);
    }
    for (const dropped of [
      '.unused',
      '.space-y-9',
      '[data-state=never] .x',
      '[data-outcome=success]',
      '@keyframes gone',
      '--orphan',
    ])
      expect(css).not.toContain(dropped);
    // A variable named in the markup (an inline style) stays though no kept rule reads it.
    expect(css).toContain('--set-inline');
    expect(css).toContain('--color-ink:#123');
  });

  it('pages that differ only in prose and links share one trim', async () => {
    const cache = newTrimCache();
    const first = await trimPageCss(page(CSS, `${BODY}<p>One story <a href="/a">here</a></p>`), read, cache);
    const second = await trimPageCss(page(CSS, `${BODY}<p>Another story <a href="/b">there</a></p>`), read, cache);
    expect(styleOf(second)).toBe(styleOf(first));
    expect(cache.trimmed.size).toBe(1);
  });

  it('pages whose island props differ only in words no selector tests share one trim, and the trim is as with every word', async () => {
    const island = (name: string) =>
      `<astro-island props="{&quot;company&quot;:[0,&quot;${name} used&quot;]}"></astro-island>`;
    const cache = newTrimCache();
    const first = await trimPageCss(page(CSS, `${BODY}${island('Harbour Goods')}`), read, cache);
    const second = await trimPageCss(page(CSS, `${BODY}${island('Copper Kettle')}`), read, cache);
    expect(cache.trimmed.size).toBe(1);
    expect(styleOf(second)).toBe(styleOf(first));
    // A word a selector does test is a different trim: "unused" now names a class the page can show.
    await trimPageCss(page(CSS, `${BODY}${island('unused')}`), read, cache);
    expect(cache.trimmed.size).toBe(2);
    expect(styleOf(await trimPageCss(page(CSS, `${BODY}${island('unused')}`), read))).toContain('.unused{color:blue}');
  });

  it("takes an earlier build's trim from the store when the page's selectors' words are unchanged", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'page-css-'));
    try {
      const firstBuild = newTrimCache(await openStepCache(dir, 'v1'));
      const before = await trimPageCss(page(CSS, `${BODY}<p>Old name</p>`), read, firstBuild);
      expect(firstBuild.storedHits).toBe(0);
      const nextBuild = newTrimCache(await openStepCache(dir, 'v1'));
      const after = await trimPageCss(page(CSS, `${BODY}<p>New name</p>`), read, nextBuild);
      expect(nextBuild.storedHits).toBe(1);
      expect(styleOf(after)).toBe(styleOf(before));
      // Another version of the step's code finds nothing.
      const otherCode = newTrimCache(await openStepCache(dir, 'v2'));
      await trimPageCss(page(CSS, BODY), read, otherCode);
      expect(otherCode.storedHits).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('puts the trimmed style hash into the CSP in place of the old one and leaves every other byte alone', async () => {
    const before = page(CSS, BODY);
    const after = await trimPageCss(before, read);
    const css = styleOf(after);
    expect(after).toContain(inlineHash(css));
    expect(after).not.toContain(inlineHash(CSS));
    // A hash of code the page does not have is dropped.
    expect(after).not.toContain("'sha256-other='");
    const untouched = (html: string) => html.replace(/<style>[\s\S]*<\/style>/, '').replace(/content="[^"]*"/, '');
    expect(untouched(after)).toBe(untouched(before));
  });

  it('reads class names out of attribute values, not the entity-escaped source', async () => {
    const props = '<astro-island props="{&quot;cls&quot;:[0,&quot;from-island&quot;]}"></astro-island>';
    const css = styleOf(await trimPageCss(page('.from-island{margin:0}.unused{color:blue}', props), read));
    expect(css).toBe('.from-island{margin:0}');
  });

  it('keeps a variable one style declares when a kept rule of another style reads it, and drops one no kept rule reads', async () => {
    const head = ':root{--button-opacity:.8;--orphan:1px;--header-blur:4px}';
    const site = '.brand-button{opacity:var(--button-opacity)}.brand-surface{backdrop-filter:blur(var(--header-blur))}';
    const html =
      '<!DOCTYPE html><html lang="en"><head>' +
      `<meta http-equiv="content-security-policy" content="default-src 'self'; style-src 'self' ${inlineHash(head)} ${inlineHash(site)}">` +
      `<style>${head}</style><style>${site}</style></head><body><button class="brand-button">Go</button></body></html>`;
    const out = await trimPageCss(html, read);
    const styles = Array.from(out.matchAll(/<style>(.*?)<\/style>/g), (m) => m[1]);
    expect(styles).toEqual([':root{--button-opacity:.8}', '.brand-button{opacity:var(--button-opacity)}']);
  });

  it('leaves a page without a style as it was', async () => {
    const html = '<!DOCTYPE html><html><head></head><body><p class="x">Hi</p></body></html>';
    expect(await trimPageCss(html, read)).toBe(html);
  });
});

describe('selectorVocabulary', () => {
  const vocabulary = selectorVocabulary(
    [
      '.md\\:grid-cols-3{display:grid}',
      '#menu a:hover{color:red}',
      'ul>li:not(.skip){margin:0}',
      '.x:is(.in-is){margin:0}',
      '[data-spot=tl]{top:0}',
      '[lang|=en]{quotes:none}',
      '[href^=https]{color:blue}',
      '[src$=".svg"]{width:1em}',
      '[class~="word-a word-b"]{color:green}',
      '@media (min-width:40rem){.sm\\:flex{display:flex}}',
      '@keyframes spin{to{transform:rotate(1turn)}}',
    ].join(''),
  );
  it.each([
    ['md:grid-cols-3', true, 'a class, unescaped'],
    ['sm:flex', true, 'a class inside an at-rule'],
    ['menu', true, 'an id'],
    ['a', true, 'a tag'],
    ['skip', true, 'a class inside :not()'],
    ['in-is', true, 'a class inside :is()'],
    ['data-spot', true, 'an attribute name'],
    ['tl', true, "an attribute's value"],
    ['en-GB', true, 'a |= prefix'],
    ['https://example.com', true, 'a ^= prefix'],
    ['logo.svg', true, 'a $= suffix'],
    ['xword-ax', true, 'a ~= word inside'],
    ['Harbour', false, 'a name'],
    ['grid-cols-3', false, 'part of a class'],
    ['spin', false, 'a keyframes name (PurgeCSS judges those by the kept rules)'],
    ['hover', false, 'a pseudo-class'],
  ])('%s: %s (%s)', (token, expected) => {
    expect(vocabulary(token)).toBe(expected);
  });
});

describe('policyForPage', () => {
  it("keeps only the page's own hashes in script-src and style-src, and every other source and directive", () => {
    const policy =
      "default-src 'self';script-src 'self' 'sha256-a=' 'sha256-b=';style-src 'self' 'sha256-c=' 'sha256-d=';img-src 'self' data:";
    expect(policyForPage(policy, new Set(["'sha256-a='", "'sha256-d='", "'sha256-zzz='"]))).toBe(
      "default-src 'self';script-src 'self' 'sha256-a=';style-src 'self' 'sha256-d=';img-src 'self' data:",
    );
  });

  it('never adds a hash: an inline script Astro did not hash stays refused', async () => {
    const injected = "alert('not from the build')";
    const html = await trimPageCss(page(CSS, `${BODY}<script>${injected}</script>`), read);
    expect(html).not.toContain(inlineHash(injected));
  });
});

describe('contentTokens', () => {
  it('splits on whitespace, quotes and angle brackets, keeping UnoCSS names whole', () => {
    expect(contentTokens('<p class="md:p-4 bg-black/50 [mask:none]">')).toEqual([
      'p',
      'class=',
      'md:p-4',
      'bg-black/50',
      '[mask:none]',
    ]);
    expect(contentTokens("c('hover:text-[var(--x)]',`a ${b}`)")).toEqual([
      'c(',
      'hover:text-[var(--x)]',
      ',',
      'a',
      '${b}',
      ')',
    ]);
  });
});
