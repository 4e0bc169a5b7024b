/** Reading the built site for the bench: what an HTML page references and what a built ES module imports. */
import { posix } from 'node:path';

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/** Capture group `i` of a match, for a group its pattern always fills. */
function group(m: RegExpMatchArray, i: number): string {
  const text = m[i];
  if (text === undefined) throw new Error(`capture group ${i} is missing from the match ${JSON.stringify(m[0])}`);
  return text;
}

/** The specifiers a script imports with a literal import("…"): the deferred loader's page scripts, on-demand chunks. */
export function inlineImports(code: string): string[] {
  return [...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => group(m, 1));
}

/**
 * What an HTML page references: stylesheets, scripts (script elements, and what inline scripts import or add), inline
 * scripts and styles, island component URLs.
 */
export function pageReferences(html: string) {
  const stylesheets = [...html.matchAll(/<link\b[^>]*>/gi)]
    .map((m) => m[0])
    .filter((t) => /rel="stylesheet"/i.test(t))
    .map((t) => attr(t, 'href'))
    .filter((href): href is string => Boolean(href));
  const scripts: string[] = [];
  const inlineScripts: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = group(m, 1);
    const src = attr(` ${attributes}`, 'src');
    if (src) scripts.push(src);
    else if (!/type="application\/(ld\+)?json"/i.test(attributes)) {
      const code = group(m, 2);
      inlineScripts.push(code);
      scripts.push(
        ...inlineImports(code),
        ...[...code.matchAll(/\.src=["']([^"']+\.js)["']/g)].map((s) => group(s, 1)),
      );
    }
  }
  const inlineStyles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => group(m, 1));
  const islands = new Set<string>();
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url']) {
      const url = attr(m[0], name);
      if (url) islands.add(url);
    }
  }
  return { stylesheets, scripts, inlineScripts, inlineStyles, islands: [...islands] };
}

/** Static imports of a built ES module (import … from "x", import "x", export … from "x"). */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g))
    found.add(group(m, 1));
  return [...found];
}

const isLocal = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * Every local module reachable from `roots` (site-relative URLs) by static imports, and with `dynamic` by literal
 * import("…") too (code loaded on demand); `read` returns a module's code.
 */
export async function moduleClosure(
  roots: readonly string[],
  read: (url: string) => Promise<string>,
  dynamic = false,
): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = roots.filter(isLocal);
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await read(url);
    for (const spec of [...staticImports(code), ...(dynamic ? inlineImports(code) : [])]) {
      if (spec.startsWith('.')) queue.push(posix.join(posix.dirname(url), spec));
      else if (isLocal(spec)) queue.push(spec);
    }
  }
  return seen;
}
