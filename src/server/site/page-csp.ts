/** The CSP Astro put in a page's <meta>, repeated as a header with what a meta tag cannot carry (security.md R51). */
import { readFile, stat } from 'node:fs/promises';

const META = /<meta http-equiv="content-security-policy" content="([^"]*)"/i;
/**
 * Per path, the policy of the file version last read. A swapped-in build has other files at the same paths: new
 * inodes, and ctimes (which, unlike mtimes, nothing copies or sets back) from when they were written.
 */
const cache = new Map<string, { version: string; policy: string | null }>();

function decodeAttribute(value: string): string {
  return value
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The page's policy plus frame-ancestors 'none', or null when the page has none. Cached per file version. */
export async function pagePolicy(file: string): Promise<string | null> {
  const { ino, size, mtimeMs, ctimeMs } = await stat(file);
  const version = `${ino}:${size}:${mtimeMs}:${ctimeMs}`;
  const hit = cache.get(file);
  if (hit?.version === version) return hit.policy;
  const match = META.exec(await readFile(file, 'utf8'));
  const policy = match?.[1] ? `${decodeAttribute(match[1]).replace(/;\s*$/, '')}; frame-ancestors 'none'` : null;
  cache.set(file, { version, policy });
  return policy;
}
