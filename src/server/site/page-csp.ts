/** The CSP Astro put in a page's <meta>, repeated as a header with what a meta tag cannot carry (security.md R51). */
import { readFile, stat } from 'node:fs/promises';

const META = /<meta http-equiv="content-security-policy" content="([^"]*)"/i;
const cache = new Map<string, { mtimeMs: number; policy: string | null }>();

function decodeAttribute(value: string): string {
  return value.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** The page's policy plus frame-ancestors 'none', or null when the page has none. Cached per file version. */
export async function pagePolicy(file: string): Promise<string | null> {
  const { mtimeMs } = await stat(file);
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.policy;
  const match = META.exec(await readFile(file, 'utf8'));
  const policy = match?.[1] ? `${decodeAttribute(match[1]).replace(/;\s*$/, '')}; frame-ancestors 'none'` : null;
  cache.set(file, { mtimeMs, policy });
  return policy;
}
