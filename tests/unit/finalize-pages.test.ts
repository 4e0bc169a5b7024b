import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cspHash, deferredScriptsLoader, THEME_SCRIPT } from '../../src/lib/inline-head.ts';
import {
  contentTokens,
  deferPageScripts,
  flattenNesting,
  ScriptFiles,
  StylePurger,
  withoutUnreadProperties,
  withPageCsp,
} from '../../src/server/site/finalize-pages.ts';
import { pageReferences } from '../../src/server/site/built-pages.ts';

describe('page finalizing: content tokens', () => {
  it('splits on spaces, quotes and tag marks, and also splits runs with =', () => {
    const tokens = contentTokens('<a class="aria-[current=page]:bg-black/10 px-3" data-auth="in">x</a><p class=`m-0`>');
    expect(tokens).toEqual(expect.arrayContaining(['aria-[current=page]:bg-black/10', 'aria-[current', 'page]:bg-black/10', 'px-3', 'data-auth', 'in', 'm-0']));
  });
});

describe('page finalizing: CSS', () => {
  it('writes nested rules out flat', () => {
    expect(flattenNesting('.space-y-2{:where(&>:not(:last-child)){margin:1px}}')).toBe(':where(.space-y-2>:not(:last-child)){margin:1px}');
  });

  it('drops @property registrations nothing reads', () => {
    const css = '@property --a{syntax:"*";inherits:false}@property --b{syntax:"*";inherits:false}.x{color:var(--a)}';
    expect(withoutUnreadProperties(css)).toBe('@property --a{syntax:"*";inherits:false}.x{color:var(--a)}');
  });

  const sheet = [
    ':root{--spacing:.25rem;--unused:1px}',
    '.flex{display:flex}.grid{display:grid}',
    '.space-y-2{:where(&>:not(:last-child)){margin-block-start:calc(var(--spacing) * 2)}}',
    '.dark .dark\\:bg-\\[\\#0b0f14\\]{background:#0b0f14}',
    '.aria-\\[current\\=page\\]\\:underline[aria-current=page]{text-decoration:underline}',
    'html[data-auth=in] .auth-out{display:none}',
    '@media (width>=40rem){.sm\\:grid-cols-3{grid-template-columns:repeat(3,1fr)}.sm\\:hidden{display:none}}',
    '.hover\\:underline:hover{text-decoration:underline}',
    '.brand{color:var(--color-primary)}',
  ].join('');
  const head = ':root{--color-primary:#0f766e;--button-radius:8px}';
  const html =
    '<html class="dark" data-auth="in"><body><ul class="space-y-2 flex dark:bg-[#0b0f14] sm:grid-cols-3 brand">' +
    '<a class="aria-[current=page]:underline hover:underline auth-out" aria-current="page">x</a></ul></body></html>';

  it('keeps every rule the page uses, across nesting, variants, media queries and attribute selectors', async () => {
    const [, purged] = await new StylePurger().purge([head, sheet], html);
    for (const kept of ['.flex{', ':where(.space-y-2>:not(:last-child))', '.dark .dark\\:bg-\\[\\#0b0f14\\]', 'aria-\\[current\\=page\\]', 'html[data-auth=in] .auth-out', '.sm\\:grid-cols-3', '.hover\\:underline:hover', '.brand{']) {
      expect(purged).toContain(kept);
    }
    expect(purged).not.toContain('.grid{');
    expect(purged).not.toContain('.sm\\:hidden');
  });

  it('keeps custom properties another stylesheet or the code reads, drops the ones nothing reads', async () => {
    const [purgedHead, purged] = await new StylePurger().purge([head, sheet], `${html}<script>el.style.setProperty('--button-radius','2px')</script>`);
    expect(purgedHead).toContain('--color-primary:#0f766e');
    expect(purgedHead).toContain('--button-radius:8px');
    expect(purged).toContain('--spacing:.25rem');
    expect(purged).not.toContain('--unused');
  });

  it('gives the same answer to pages built from one template (one run, remembered)', async () => {
    const purger = new StylePurger();
    const a = purger.purge([sheet], html);
    const b = purger.purge([sheet], html.replace('>x<', '>another text<'));
    expect(b).toBe(a);
  });
});

describe('page finalizing: scripts', () => {
  const dir = mkdtemp(join(tmpdir(), 'finalize-'));
  afterAll(async () => rm(await dir, { recursive: true, force: true }));

  it('keeps only the theme script and JSON before the first paint; the rest loads after it through one loader', async () => {
    const out = await dir;
    const page =
      `<html><head><script>${THEME_SCRIPT}</script><script type="application/ld+json">{"a":1}</script>` +
      '<script type="module" src="/_astro/layout.js"></script></head><body><p>x</p>' +
      '<script>(()=>{self.Astro={}})();</script><script type="module">console.log(1)</script></body></html>';
    const html = await deferPageScripts(page, new ScriptFiles(out));
    const refs = pageReferences(html);
    expect(refs.inlineScripts[0]).toBe(THEME_SCRIPT);
    expect(refs.inlineScripts).toHaveLength(2);
    expect(html).toContain('<script type="application/ld+json">{"a":1}</script>');
    expect(html).not.toContain('src="/_astro/layout.js"');
    const loader = refs.inlineScripts[1]!;
    expect(html.indexOf(loader)).toBeGreaterThan(html.indexOf('<p>x</p>'));
    expect(loader).toContain('import("/_astro/layout.js")');
    // The inline ones became files: the classic one is added as a script element, the module one is imported.
    const classic = /c\.src="(\/_astro\/inline\.[\w-]+\.js)"/.exec(loader)![1]!;
    const moduleUrls = [...loader.matchAll(/import\("(\/_astro\/inline\.[\w-]+\.js)"\)/g)].map((m) => m[1]!);
    expect(await readFile(join(out, classic), 'utf8')).toBe('(()=>{self.Astro={}})();');
    expect(moduleUrls).toHaveLength(1);
    expect(await readFile(join(out, moduleUrls[0]!), 'utf8')).toBe('console.log(1)');
    expect(refs.scripts).toEqual(expect.arrayContaining(['/_astro/layout.js', classic, moduleUrls[0]]));
  });

  it('leaves a page with nothing to defer as it was', async () => {
    const page = `<html><head><script>${THEME_SCRIPT}</script></head><body></body></html>`;
    expect(await deferPageScripts(page, new ScriptFiles(await dir))).toBe(page);
  });

  it('the loader is valid script that switches the web font on and replays early clicks on the controls', () => {
    const code = deferredScriptsLoader({ classic: ['/_astro/a.js'], modules: ['/_astro/b.js'] });
    expect(() => new Function(code)).not.toThrow();
    expect(code).toContain('classList.add("wf")');
    expect(code).toContain('[data-menu-open],[data-theme-toggle],[data-logout]');
    expect(code).toContain("addEventListener('load',painted)");
  });
});

describe('page finalizing: CSP', () => {
  it('lists exactly the hashes of the inline scripts and styles the page has, keeping the other sources', () => {
    const page =
      `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-old1=' 'sha256-old2='; style-src 'self' 'sha256-old3=';">` +
      '<style>a{b:c}</style><script>x()</script><script src="/_astro/y.js"></script>';
    const html = withPageCsp(page);
    expect(html).toContain(`script-src 'self' '${cspHash('x()')}';`);
    expect(html).toContain(`style-src 'self' '${cspHash('a{b:c}')}';`);
    expect(html).toContain("default-src 'self';");
    expect(html).not.toContain('old');
  });
});
