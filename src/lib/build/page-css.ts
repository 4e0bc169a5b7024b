/**
 * Each built page keeps only the CSS it can use. Astro inlines the whole site's stylesheet (UnoCSS for every page and
 * island) into every page; this trims each inline <style> to the rules whose selectors can match the page's markup or
 * the markup its scripts can render, and puts the trimmed style's hash into the page's CSP in place of the old one.
 *
 * The page is read with an HTML parser (parse5) and changed only inside the ranges the parser reports for each style's
 * text and for the CSP meta's content attribute; every other byte stays as Astro wrote it. Build-only code.
 */
import { createHash } from 'node:crypto';
import { init as initLexer, parse as parseModule } from 'es-module-lexer';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { PurgeCSS } from 'purgecss';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Reads a built script by its URL path (`/_astro/x.js`), or null when there is none. */
export type ReadScript = (urlPath: string) => string | null;

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Words a class, attribute or variable can be named by, in markup text or script source. */
export function contentTokens(text: string): string[] {
  return text.split(/[\s"'`<>\\]+/).filter(Boolean);
}

const SCRIPT_URL = /\/_astro\/[\w.-]+\.m?js/g;
/** The attribute an attribute selector tests (`[data-outcome=success]`), not an escaped bracket in a class name. */
const ATTRIBUTE_SELECTOR = /(?<!\\)\[([a-zA-Z][\w-]*)/g;
const VARIABLE = /--[\w-]+/g;

export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function* walk(node: Node): Generator<Node> {
  yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* walk(child);
  if (isElement(node) && node.tagName === 'template') yield* walk((node as DefaultTreeAdapterMap['template']).content);
}

/** The scripts a page can run: those its markup names, and everything they import, statically or by a literal import(). */
async function reachableScripts(urls: Iterable<string>, read: ReadScript): Promise<string[]> {
  await initLexer;
  const seen = new Set<string>();
  const sources: string[] = [];
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const source = read(url);
    if (source === null) continue;
    sources.push(source);
    const [imports] = parseModule(source);
    for (const { n: specifier } of imports) {
      if (specifier?.startsWith('./') || specifier?.startsWith('../')) queue.push(new URL(specifier, `http://x${url}`).pathname);
      else if (specifier?.startsWith('/')) queue.push(specifier);
    }
    for (const match of source.matchAll(SCRIPT_URL)) queue.push(match[0]);
  }
  return sources;
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}

/** The page with each inline style cut down to what its markup and scripts can use, and its CSP hashes to match. */
export async function trimPageCss(html: string, readScript: ReadScript): Promise<string> {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const styles: DefaultTreeAdapterMap['textNode'][] = [];
  let csp: Element | undefined;
  const words: string[] = [];
  const scriptUrls = new Set<string>();

  for (const node of walk(document)) {
    if (node.nodeName === '#text') {
      const text = node as DefaultTreeAdapterMap['textNode'];
      if (text.parentNode && isElement(text.parentNode) && text.parentNode.tagName === 'style') styles.push(text);
      else words.push(text.value);
    } else if (isElement(node)) {
      words.push(node.tagName);
      for (const { name, value } of node.attrs) words.push(name, value);
      if (node.tagName === 'meta' && node.attrs.some((a) => a.name === 'http-equiv' && a.value.toLowerCase() === 'content-security-policy')) csp = node;
    }
  }
  const markup = words.join('\n');
  for (const match of markup.matchAll(SCRIPT_URL)) scriptUrls.add(match[0]);
  const content = [markup, ...(await reachableScripts(scriptUrls, readScript))].join('\n');
  const variables = [...new Set(content.match(VARIABLE) ?? [])];

  const edits: Edit[] = [];
  const hashes = new Map<string, string>();
  for (const style of styles) {
    const location = style.sourceCodeLocation;
    if (!location) continue;
    // Scripts set attributes in ways no token shows (`el.dataset['outcome'] = …`): an attribute selector stays as long
    // as the rest of its selector can match.
    const dynamicAttributes = [...new Set(Array.from(style.value.matchAll(ATTRIBUTE_SELECTOR), (m) => m[1]!))];
    const [result] = await new PurgeCSS().purge({
      content: [{ raw: content, extension: 'html' }],
      css: [{ raw: style.value }],
      defaultExtractor: contentTokens,
      dynamicAttributes,
      keyframes: true,
      variables: true,
      // PurgeCSS judges a nested rule (`.space-y-2{:where(&>*){…}}`, as UnoCSS writes some) by its own selector,
      // which names no class: it stays whenever its parent rule does.
      safelist: { variables, greedy: [/&/] },
    });
    const trimmed = result?.css ?? style.value;
    if (trimmed === style.value) continue;
    edits.push({ start: location.startOffset, end: location.endOffset, text: trimmed });
    hashes.set(styleHash(style.value), styleHash(trimmed));
  }

  const policy = csp?.attrs.find((a) => a.name === 'content');
  const policyLocation = csp?.sourceCodeLocation?.attrs?.['content'];
  if (policy && policyLocation && hashes.size > 0) {
    let value = policy.value;
    for (const [before, after] of hashes) value = value.replaceAll(before, after);
    edits.push({ start: policyLocation.startOffset, end: policyLocation.endOffset, text: `content="${escapeAttribute(value)}"` });
  }

  edits.sort((a, b) => b.start - a.start);
  let out = html;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
