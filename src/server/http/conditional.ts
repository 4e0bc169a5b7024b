/** Conditional GET evaluation for answers that carry their own validators (RFC 9110 section 13). */

const QUOTED = /"[^"]*"/g;
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Whether a GET or HEAD may be answered 304 Not Modified. If-None-Match wins over If-Modified-Since
 * and compares weakly (W/"x" matches "x"); If-Modified-Since is honoured only without it.
 */
export function isNotModified(
  request: { ifNoneMatch?: string | null | undefined; ifModifiedSince?: string | null | undefined },
  current: { etag?: string | null | undefined; lastModified?: string | null | undefined },
): boolean {
  const { ifNoneMatch, ifModifiedSince } = request;
  if (ifNoneMatch) {
    if (!current.etag) return false;
    if (ifNoneMatch.trim() === '*') return true;
    const tag = opaque(current.etag);
    return (ifNoneMatch.match(QUOTED) ?? []).some((candidate) => candidate === tag);
  }
  if (ifModifiedSince && current.lastModified) {
    const since = Date.parse(ifModifiedSince);
    const modified = Date.parse(current.lastModified);
    return Number.isFinite(since) && Number.isFinite(modified) && modified <= since;
  }
  return false;
}

/** A weak validator from a file's size and modification time, as static file servers use. */
export function fileEtag(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}
