/** Bytes each page loads, read from the built site: HTML, CSS, eager JS and island JS, raw, gzip and brotli. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { moduleClosure, pageReferences } from './built-pages.ts';

export { pageReferences, staticImports } from './built-pages.ts';

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface PageBytes {
  path: string;
  file: string;
  html: Sizes;
  css: Sizes;
  /** Scripts every visit runs: module scripts in the page, inline scripts and the scripts they import, and what those import statically. */
  eagerJs: Sizes;
  /** Island components and their renderer, with their static imports, minus what eager JS already loads. */
  islandJs: Sizes;
  /** eagerJs + islandJs. */
  js: Sizes;
  /** The part of js that is React itself (react, react-dom and the JSX runtime; see isReactChunk). */
  reactJs: Sizes;
  files: string[];
}

const ZERO: Sizes = { raw: 0, gzip: 0, brotli: 0 };
const add = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });

/** Sizes of one file's bytes as a server sends them: gzip level 9 and brotli quality 11, the build's precompression. */
export function sizesOf(bytes: Buffer | string): Sizes {
  const buf = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** A built chunk of React's own code: React's production builds link their errors to react.dev and tag elements by Symbol.for('react.…'). */
export function isReactChunk(code: string): boolean {
  return code.includes('react.dev/errors/') || /Symbol\.for\(["'`]react\./.test(code);
}

/** The built file that answers a URL path: /x/ → x/index.html; a path the site does not have → 404.html. */
export function fileForPath(path: string, exists: (file: string) => boolean): string {
  const clean = path.replace(/[?#][\s\S]*/, '').replace(/^\/+|\/+$/g, '');
  const candidates = clean === '' ? ['index.html'] : [`${clean}/index.html`, `${clean}.html`];
  return candidates.find(exists) ?? '404.html';
}

export async function pageBytes(distDir: string, path: string, exists: (file: string) => boolean): Promise<PageBytes> {
  const file = fileForPath(path, exists);
  const html = await readFile(join(distDir, file), 'utf8');
  const refs = pageReferences(html);
  const local = (url: string) => url.startsWith('/') && !url.startsWith('//');
  const cache = new Map<string, Buffer>();
  const read = async (url: string) => {
    let bytes = cache.get(url);
    if (!bytes) {
      bytes = await readFile(join(distDir, url.replace(/\?[\s\S]*/, '')));
      cache.set(url, bytes);
    }
    return bytes;
  };
  const closure = (roots: string[]) => moduleClosure(roots, async (url) => (await read(url)).toString('utf8'));
  const eager = await closure(refs.scripts);
  const island = [...(await closure(refs.islands))].filter((u) => !eager.has(u));
  let css = ZERO;
  for (const href of refs.stylesheets.filter(local)) css = add(css, sizesOf(await read(href)));
  for (const style of refs.inlineStyles) css = add(css, sizesOf(style));
  let eagerJs = ZERO;
  for (const url of eager) eagerJs = add(eagerJs, sizesOf(await read(url)));
  for (const script of refs.inlineScripts) eagerJs = add(eagerJs, sizesOf(script));
  let islandJs = ZERO;
  let reactJs = ZERO;
  for (const url of island) {
    const code = await read(url);
    islandJs = add(islandJs, sizesOf(code));
    if (isReactChunk(code.toString('utf8'))) reactJs = add(reactJs, sizesOf(code));
  }
  return {
    path,
    file,
    html: sizesOf(html),
    css,
    eagerJs,
    islandJs,
    js: add(eagerJs, islandJs),
    reactJs,
    files: [...refs.stylesheets, ...eager, ...island],
  };
}
