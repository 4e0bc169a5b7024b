/**
 * The favicon as the pages link it (build time only). A small icon is carried in the page as a data: URL, so no page
 * makes a request for it: Chrome fetches the favicon while the page is still loading, over one more connection, and
 * Lighthouse counted that request in the page's largest paint (measured: LCP 1.20 x the reference page with the
 * request, 1.10 x without). A larger icon stays a link to its file, so the page's first round trip is not spent on it.
 */
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { apiAsset, apiBase } from '../api/base.ts';

/** Bytes of an icon the pages carry inline (about 1.4 KB as base64 in every page). */
export const INLINE_ICON_MAX_BYTES = 1024;

const TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/** The icon as a data: URL when it is a small picture of a known type; null otherwise (link the file). */
export function inlineIcon(bytes: Uint8Array, contentType: string): string | null {
  const [mediaType = ''] = contentType.split(';', 1);
  const type = mediaType.trim().toLowerCase();
  if (!Object.values(TYPES).includes(type) || bytes.length === 0 || bytes.length > INLINE_ICON_MAX_BYTES) return null;
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}

/** A site path as a file inside `root` (the site's public/), or null for any path that would leave it ('/../secret.key'). */
export function publicFile(path: string, root: string): string | null {
  if (!path.startsWith('/')) return null;
  const file = resolve(root, `.${path}`);
  return file.startsWith(root + sep) ? file : null;
}

async function readIcon(path: string, publicDir: string): Promise<{ bytes: Uint8Array; type: string }> {
  if (path.startsWith('/media/')) {
    const res = await fetch(`${apiBase().replace(/\/+$/, '')}${path}`);
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return { bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get('Content-Type') ?? '' };
  }
  // The site's own default icon, from public/; nothing outside that folder.
  const file = publicFile(path, publicDir);
  if (!file) throw new Error('not a file of the site');
  return { bytes: await readFile(file), type: TYPES[extname(file).toLowerCase()] ?? '' };
}

const built = new Map<string, Promise<string>>();

/**
 * The href for the icon at `path` (an API media path or a file of `publicDir`, the site's public/ folder): inline when
 * small, else its URL; read once per build.
 */
export function faviconHref(path: string, publicDir: string): Promise<string> {
  let href = built.get(path);
  if (!href) {
    href = readIcon(path, publicDir)
      .then(({ bytes, type }) => inlineIcon(bytes, type) ?? apiAsset(path))
      .catch((error: unknown) => {
        console.error(`Favicon ${path} not inlined:`, error instanceof Error ? error.message : error);
        return apiAsset(path);
      });
    built.set(path, href);
  }
  return href;
}
