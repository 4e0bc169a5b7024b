/**
 * The step after `astro build`, page by page. Its aim (issue 6): the HTML a first visit downloads fits in what one
 * round trip carries, and nothing but the page itself and its largest image loads before the first paint.
 * - CSS: each inline stylesheet keeps only the rules the page's HTML and the code it can load use.
 * - Scripts: only the theme script runs before the first paint. Every other script (Astro's module scripts, the
 *   island runtime Astro inlines) becomes a content-hashed file under /_astro/, loaded after the first paint by one
 *   inline loader (deferredScriptsLoader), which also switches the web font on.
 * - CSP: the page's policy lists exactly the hashes of the inline scripts and styles it keeps.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Features, transform } from 'lightningcss';
import { PurgeCSS } from 'purgecss';
import { cspHash, deferredScriptsLoader, THEME_SCRIPT } from '../../lib/inline-head.ts';
import { moduleClosure, pageReferences } from './built-pages.ts';

/**
 * Class names, ids, tags and attribute words a page or its code may use: runs between spaces, quotes and tag marks,
 * and for a run with `=` its parts too (the class `aria-[current=page]:bg-black/10` and the attribute `data-auth=in`).
 */
export function contentTokens(content: string): string[] {
  return (content.match(/[^\s"'`<>\\]+/g) ?? []).flatMap((t) => (t.includes('=') ? [t, ...t.split('=')] : [t]));
}

/** CSS with nested rules written out flat (`.a{:where(&>b){…}}` → `:where(.a>b){…}`): PurgeCSS judges flat selectors only. */
export function flattenNesting(css: string): string {
  return transform({ filename: 'page.css', code: Buffer.from(css), include: Features.Nesting, minify: true }).code.toString();
}

/** Drops `@property --x{…}` registrations of custom properties no `var(--x)` in `readers` reads. */
export function withoutUnreadProperties(css: string, readers = css): string {
  const read = new Set([...readers.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]));
  return css.replace(/@property\s+(--[\w-]+)\s*\{[^}]*\}/g, (rule, name: string) => (read.has(name) ? rule : ''));
}

const readsOf = (css: string) => [...css.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!);

/**
 * PurgeCSS over the stylesheets of a page, in two passes: first the rules whose selectors the content does not use,
 * then the custom properties nothing reads any more (no var() left in any of the page's stylesheets, no mention in the
 * content, where script may set them). Results are remembered by the stylesheets and what of them the content has,
 * so the pages of one template share one run.
 */
export class StylePurger {
  private readonly results = new Map<string, Promise<string[]>>();

  purge(sheets: readonly string[], content: string): Promise<string[]> {
    const tokens = new Set(contentTokens(content));
    const mentioned = [...new Set(content.match(/--[\w-]+/g) ?? [])].sort();
    const used = [...new Set(sheets.join('\n').match(/[\w-]+(?:\\.[\w-]*)*/g) ?? [])].map((w) => w.replace(/\\/g, '')).filter((w) => tokens.has(w)).sort();
    const key = createHash('sha256').update(sheets.join('\0')).update('\0').update(used.join(' ')).update('\0').update(mentioned.join(' ')).digest('base64');
    let result = this.results.get(key);
    if (!result) {
      result = this.run(sheets, content, mentioned);
      this.results.set(key, result);
    }
    return result;
  }

  private async run(sheets: readonly string[], content: string, mentioned: readonly string[]): Promise<string[]> {
    const options = { content: [{ raw: content, extension: 'html' }], defaultExtractor: contentTokens, fontFace: false, keyframes: false };
    const rules = await new PurgeCSS().purge({ ...options, css: sheets.map((css) => ({ raw: flattenNesting(css) })), variables: false });
    const read = [...new Set([...mentioned, ...rules.flatMap((r) => readsOf(r.css))])];
    const vars = await new PurgeCSS().purge({ ...options, css: rules.map((r) => ({ raw: r.css })), variables: true, safelist: { variables: read } });
    const all = vars.map((r) => r.css).join('\n');
    return vars.map((r) => withoutUnreadProperties(r.css, all));
  }
}

const STYLE_ELEMENT = /<style\b[^>]*>[\s\S]*?<\/style>/gi;

/** The page's inline styles keep only the rules its HTML and every script it can load (static and dynamic imports) use. */
export async function purgePageStyles(html: string, readModule: (url: string) => Promise<string>, purger: StylePurger): Promise<string> {
  const refs = pageReferences(html);
  // Code loaded on demand (import("./x.js")) renders too: dynamic imports are followed as well.
  const modules = await moduleClosure([...refs.scripts, ...refs.islands], readModule, true);
  const code = (await Promise.all([...modules].map(readModule))).join('\n');
  // The stylesheets themselves are not content: their own selectors and properties would keep everything.
  const content = `${html.replace(STYLE_ELEMENT, '')}\n${code}`;
  const sheets = [...new Set(refs.inlineStyles)];
  const purged = await purger.purge(sheets, content);
  let out = html;
  sheets.forEach((css, i) => {
    if (purged[i] !== undefined && purged[i] !== css) out = out.split(`>${css}</style>`).join(`>${purged[i]}</style>`);
  });
  return out;
}

/** Content-hashed script files under /_astro/, each written once per build. */
export class ScriptFiles {
  private readonly written = new Map<string, Promise<string>>();
  private readonly outDir: string;
  constructor(outDir: string) {
    this.outDir = outDir;
  }

  url(code: string): Promise<string> {
    const name = `inline.${createHash('sha256').update(code).digest('base64url').slice(0, 10)}.js`;
    let url = this.written.get(name);
    if (!url) {
      url = mkdir(join(this.outDir, '_astro'), { recursive: true })
        .then(() => writeFile(join(this.outDir, '_astro', name), code))
        .then(() => `/_astro/${name}`);
      this.written.set(name, url);
    }
    return url;
  }
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * Every script but the theme script and JSON data leaves the page's first paint: module scripts by URL, inline ones
 * as files, all loaded after the first paint by one inline loader at the end of the body.
 */
export async function deferPageScripts(html: string, files: ScriptFiles): Promise<string> {
  const classic: string[] = [];
  const modules: string[] = [];
  const found: { tag: string; attrs: string; code: string }[] = [];
  for (const m of html.matchAll(SCRIPT_ELEMENT)) found.push({ tag: m[0], attrs: m[1]!, code: m[2]! });
  let out = html;
  for (const { tag, attrs, code } of found) {
    if (/type="application\/(ld\+)?json"/i.test(attrs) || code === THEME_SCRIPT) continue;
    const isModule = /type="module"/i.test(attrs);
    const src = /\ssrc="([^"]+)"/i.exec(attrs)?.[1] ?? (await files.url(code));
    (isModule ? modules : classic).push(src);
    out = out.replace(tag, '');
  }
  if (classic.length === 0 && modules.length === 0) return html;
  const loader = `<script>${deferredScriptsLoader({ classic, modules })}</script>`;
  return out.includes('</body>') ? out.replace('</body>', `${loader}</body>`) : out + loader;
}

/** Replaces the hashes of one directive (script-src or style-src) in a CSP, keeping its other sources. */
function withHashes(policy: string, directive: string, texts: readonly string[]): string {
  const hashes = [...new Set(texts.map((t) => `'${cspHash(t)}'`))];
  return policy.replace(new RegExp(`(^|;)\\s*${directive}\\s+([^;]*)`), (_all, lead: string, sources: string) => {
    const kept = sources.split(/\s+/).filter((s) => s && !/^'sha(256|384|512)-/.test(s));
    return `${lead} ${directive} ${[...kept, ...hashes].join(' ')}`;
  });
}

const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;

/** The page's CSP meta with exactly the hashes of the inline scripts and styles it has. */
export function withPageCsp(html: string): string {
  const refs = pageReferences(html);
  return html.replace(CSP_META, (_all, open: string, policy: string, close: string) => {
    const decoded = policy.replace(/&#39;/g, "'");
    return open + withHashes(withHashes(decoded, 'script-src', refs.inlineScripts), 'style-src', refs.inlineStyles) + close;
  });
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** Finalizes every HTML page of a built site in place; returns how many pages it rewrote. */
export async function finalizePages(outDir: string): Promise<number> {
  const modules = new Map<string, Promise<string>>();
  const readModule = (url: string) => {
    let code = modules.get(url);
    if (!code) {
      code = readFile(join(outDir, url.split('?')[0]!), 'utf8');
      modules.set(url, code);
    }
    return code;
  };
  const purger = new StylePurger();
  const files = new ScriptFiles(outDir);
  let changed = 0;
  for (const file of await htmlFiles(outDir)) {
    const html = await readFile(file, 'utf8');
    const next = withPageCsp(await deferPageScripts(await purgePageStyles(html, readModule, purger), files));
    if (next !== html) {
      await writeFile(file, next);
      changed++;
    }
  }
  return changed;
}
