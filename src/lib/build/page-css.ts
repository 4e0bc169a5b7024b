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
import postcss from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { PurgeCSS } from 'purgecss';
import type { StepCache } from './step-cache.ts';

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
/** A custom property a declaration reads. */
const VARIABLE_USE = /var\(\s*(--[\w-]+)/g;
/** Attributes whose values name classes or ids, or carry what scripts render (island props) or set (inline styles' variables). */
const MARKUP_ATTRIBUTES = new Set(['class', 'id', 'style', 'props']);

/** The CSP source that allows one inline script or style. */
export function inlineHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
}

const HASH_SOURCE = /^'sha(?:256|384|512)-/;

/**
 * The policy with only the hashes of the page's own inline code in script-src and style-src: Astro lists every
 * script it may inline anywhere on the site (each hydration directive's, 15 hashes a page), and the policy is sent
 * again as a header, so the unused ones cost bytes in the first round trip and allow code the page never has.
 */
export function policyForPage(policy: string, pageHashes: ReadonlySet<string>): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'script-src' && name !== 'style-src') return directive;
      return [name, ...sources.filter((source) => !HASH_SOURCE.test(source) || pageHashes.has(source))].join(' ');
    })
    .join(';');
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function* walk(node: Node): Generator<Node> {
  yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* walk(child);
  if (isElement(node) && node.tagName === 'template') yield* walk((node as DefaultTreeAdapterMap['template']).content);
}

interface ScriptFacts {
  tokens: readonly string[];
  /** The scripts it loads: static imports, literal import()s and /_astro/ URLs in its text. */
  loads: readonly string[];
}

/** What one build's pages share: each script's facts, and the trimmed CSS per style and set of tokens. */
export interface TrimCache {
  scripts: Map<string, ScriptFacts | null>;
  /** Per style (by hash), whether a token can make one of its selectors match (selectorVocabulary). */
  vocabularies: Map<string, (token: string) => boolean>;
  /** The trimmed styles of a page, keyed by its styles and tokens (the styles depend on each other's variables). */
  trimmed: Map<string, Promise<string[]>>;
  /** Where earlier builds' trims are kept under the same keys, so a page whose selectors' words are unchanged is not trimmed again. */
  stored?: StepCache | undefined;
  /** How many trims came from `stored`. */
  storedHits: number;
}

export function newTrimCache(stored?: StepCache): TrimCache {
  return { scripts: new Map(), vocabularies: new Map(), trimmed: new Map(), stored, storedHits: 0 };
}

/**
 * Whether a token can decide any selector of `css`. PurgeCSS compares a selector's class, id, tag and attribute
 * names with the content's tokens by equality, and attribute values by equality, prefix, suffix or words; a token
 * none of these can match changes nothing it keeps. Leaving such tokens out of a trim's key lets pages whose
 * selectors' words are unchanged (a new company name, a product's new text) share a trim, in one build and the next.
 */
export function selectorVocabulary(css: string): (token: string) => boolean {
  const names = new Set<string>();
  const values: { operator: string | undefined; value: string }[] = [];
  const collect = selectorParser((selectors) => {
    selectors.walk((node) => {
      if (node.type === 'class' || node.type === 'id' || node.type === 'tag') names.add(node.value);
      else if (node.type === 'attribute') {
        names.add(node.attribute);
        if (node.value !== undefined) values.push({ operator: node.operator, value: node.value });
      }
    });
  });
  postcss.parse(css).walkRules((rule) => {
    try {
      collect.processSync(rule.selector);
    } catch {
      // A selector PurgeCSS cannot parse either; it decides nothing by tokens.
    }
  });
  const words = values
    .filter(({ operator }) => operator === '~=' || operator === '*=')
    .flatMap(({ value }) => value.trim().split(' '));
  const matchesValue = (token: string) =>
    values.some(({ operator, value }) =>
      operator === '$='
        ? token.endsWith(value)
        : operator === '|=' || operator === '^='
          ? token.startsWith(value)
          : token === value,
    ) || words.some((word) => token.includes(word));
  // The scripts' tokens recur on every page that loads them.
  const known = new Map<string, boolean>();
  return (token) => {
    let found = known.get(token);
    if (found === undefined) {
      found = names.has(token) || matchesValue(token);
      known.set(token, found);
    }
    return found;
  };
}

async function scriptFacts(url: string, read: ReadScript): Promise<ScriptFacts | null> {
  const source = read(url);
  if (source === null) return null;
  await initLexer;
  const [imports] = parseModule(source);
  const loads: string[] = [];
  for (const { n: specifier } of imports) {
    if (specifier?.startsWith('./') || specifier?.startsWith('../'))
      loads.push(new URL(specifier, `http://x${url}`).pathname);
    else if (specifier?.startsWith('/')) loads.push(specifier);
  }
  for (const match of source.matchAll(SCRIPT_URL)) loads.push(match[0]);
  return { tokens: contentTokens(source), loads };
}

/** The tokens of every script a page can run, from the URLs its markup names. */
async function scriptTokens(urls: Iterable<string>, read: ReadScript, cache: TrimCache): Promise<string[]> {
  const seen = new Set<string>();
  const tokens: string[] = [];
  const queue = [...urls];
  for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
    if (seen.has(url)) continue;
    seen.add(url);
    if (!cache.scripts.has(url)) cache.scripts.set(url, await scriptFacts(url, read));
    const facts = cache.scripts.get(url);
    if (!facts) continue;
    tokens.push(...facts.tokens);
    queue.push(...facts.loads);
  }
  return tokens;
}

/** The rules of css that can match content (tokens, one a line); with `dropVariables`, also unused custom properties. */
async function purge(css: string, content: string, variables: string[], dropVariables: boolean): Promise<string> {
  // Scripts set attributes in ways no token shows (`el.dataset['outcome'] = …`): an attribute selector stays as long
  // as the rest of its selector can match.
  const dynamicAttributes = [
    ...new Set(Array.from(css.matchAll(ATTRIBUTE_SELECTOR), (m) => m[1]).filter((name) => name !== undefined)),
  ];
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: content, extension: 'html' }],
    css: [{ raw: css }],
    defaultExtractor: contentTokens,
    dynamicAttributes,
    keyframes: true,
    variables: dropVariables,
    // PurgeCSS judges a nested rule (`.space-y-2{:where(&>*){…}}`, as UnoCSS writes some) by its own selector,
    // which names no class: it stays whenever its parent rule does.
    safelist: { variables, greedy: [/&/] },
  });
  return result?.css ?? css;
}

/**
 * A page's styles, trimmed. A custom property declared in one style (the branding variables in the head) may be used
 * only by a rule of another (the site's stylesheet), which PurgeCSS cannot see when it trims them one at a time: so
 * first the rules of each, then the variables no kept rule of any of them uses.
 */
async function trimStyles(values: string[], content: string, variables: string[]): Promise<string[]> {
  const rules = await Promise.all(values.map((css) => purge(css, content, variables, false)));
  const used = new Set(variables);
  for (const css of rules) {
    for (const [, name] of css.matchAll(VARIABLE_USE)) if (name !== undefined) used.add(name);
  }
  return Promise.all(rules.map((css) => purge(css, content, [...used], true)));
}

/** The trimmed styles under `key`: from an earlier build's store, else trimmed now and stored. */
async function storedOrTrimmed(
  key: string,
  values: string[],
  content: string,
  variables: string[],
  cache: TrimCache,
): Promise<string[]> {
  const stored = await cache.stored?.get(key);
  if (stored) {
    cache.storedHits++;
    return JSON.parse(stored.toString()) as string[];
  }
  const trimmed = await trimStyles(values, content, variables);
  await cache.stored?.set(key, JSON.stringify(trimmed));
  return trimmed;
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}

/** The page with each inline style cut down to what its markup and scripts can use, and its CSP naming only its own inline code. */
export async function trimPageCss(
  html: string,
  readScript: ReadScript,
  cache: TrimCache = newTrimCache(),
): Promise<string> {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const styles: DefaultTreeAdapterMap['textNode'][] = [];
  let csp: Element | undefined;
  // What a selector can match: element names, classes and ids, scripts (inline, island props, files). Attribute
  // selectors are kept whole (see dynamicAttributes below) and prose never matches a selector, so other attribute
  // values and text are left out: pages built from one template then share one set of tokens, and one trim.
  const words: string[] = [];
  const scriptUrls = new Set<string>();
  const inlineScripts: string[] = [];

  for (const node of walk(document)) {
    if (node.nodeName === '#text') {
      const text = node as DefaultTreeAdapterMap['textNode'];
      const parent = text.parentNode && isElement(text.parentNode) ? text.parentNode.tagName : '';
      if (parent === 'style') styles.push(text);
      else if (parent === 'script' || parent === 'noscript') words.push(text.value);
      if (parent === 'script' && !(text.parentNode as Element).attrs.some((a) => a.name === 'src'))
        inlineScripts.push(text.value);
    } else if (isElement(node)) {
      words.push(node.tagName);
      for (const { name, value } of node.attrs) {
        if (MARKUP_ATTRIBUTES.has(name)) words.push(value);
        for (const match of value.matchAll(SCRIPT_URL)) scriptUrls.add(match[0]);
      }
      if (
        node.tagName === 'meta' &&
        node.attrs.some((a) => a.name === 'http-equiv' && a.value.toLowerCase() === 'content-security-policy')
      )
        csp = node;
    }
  }
  const inline = words.join('\n');
  for (const match of inline.matchAll(SCRIPT_URL)) scriptUrls.add(match[0]);
  const allTokens = new Set([...contentTokens(inline), ...(await scriptTokens(scriptUrls, readScript, cache))]);
  // Variables are named anywhere in a token (an inline style's `--hue:200`); PurgeCSS is told them apart.
  const variables = [...new Set([...allTokens].flatMap((token) => token.match(VARIABLE) ?? []))].sort();
  const canMatch = styles.map(({ value }) => {
    const hash = inlineHash(value);
    let vocabulary = cache.vocabularies.get(hash);
    if (!vocabulary) {
      vocabulary = selectorVocabulary(value);
      cache.vocabularies.set(hash, vocabulary);
    }
    return vocabulary;
  });
  const content = [...allTokens]
    .filter((token) => canMatch.some((vocabulary) => vocabulary(token)))
    .sort()
    .join('\n');
  const contentKey = createHash('sha256').update(content).update('\0').update(variables.join('\n')).digest('base64');

  const edits: Edit[] = [];
  // A trimmed style takes the place of the one Astro hashed; only code Astro hashed is ever allowed (the page's own
  // inline code is kept in the policy, never added to it).
  const renamed = new Map<string, string>();
  const pageCode = new Set(inlineScripts.map(inlineHash));
  const key = `${styles.map((style) => inlineHash(style.value)).join(' ')} ${contentKey}`;
  let trimming = cache.trimmed.get(key);
  if (!trimming) {
    // Kept as a promise: pages worked on at once that share a trim wait for the one trim.
    trimming = storedOrTrimmed(
      key,
      styles.map((style) => style.value),
      content,
      variables,
      cache,
    );
    cache.trimmed.set(key, trimming);
  }
  const trimmedStyles = await trimming;
  for (const [index, style] of styles.entries()) {
    const location = style.sourceCodeLocation;
    if (!location) continue;
    const trimmed = trimmedStyles[index];
    if (trimmed === undefined) throw new Error(`No trimmed style for style ${index} of the page`);
    pageCode.add(inlineHash(trimmed));
    if (trimmed === style.value) continue;
    edits.push({ start: location.startOffset, end: location.endOffset, text: trimmed });
    renamed.set(inlineHash(style.value), inlineHash(trimmed));
  }

  const policy = csp?.attrs.find((a) => a.name === 'content');
  const policyLocation = csp?.sourceCodeLocation?.attrs?.['content'];
  if (policy && policyLocation) {
    let value = policy.value;
    for (const [before, after] of renamed) value = value.replaceAll(before, after);
    value = policyForPage(value, pageCode);
    if (value !== policy.value)
      edits.push({
        start: policyLocation.startOffset,
        end: policyLocation.endOffset,
        text: `content="${escapeAttribute(value)}"`,
      });
  }

  edits.sort((a, b) => b.start - a.start);
  let out = html;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
