/**
 * Conditional and range requests for stored objects (GET /media/:name), the same on every store: a strong ETag and
 * Last-Modified, 304 for If-None-Match / If-Modified-Since, one byte range per request (206, or 416 past the end).
 */
import type { ByteRange, ObjectInfo } from './storage/object-store.ts';

export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

const ONE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * What a Range header asks of an object of `size` bytes. No header, anything but one well-formed byte range (several
 * ranges, another unit) or a failed If-Range: the whole object, as RFC 9110 allows.
 */
export function rangeFor(header: string | undefined, size: number, ifRangeHolds = true): RangeAnswer {
  const match = header && ifRangeHolds ? ONE_RANGE.exec(header.trim()) : null;
  if (!match) return { kind: 'whole' };
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return { kind: 'whole' };
  if (from === '') {
    // A suffix: the last `to` bytes.
    const length = Number(to);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', range: { start: Math.max(size - length, 0), end: size - 1 } };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', range: { start, end } };
}

/** The entity tags of an If-None-Match header ('*' matches anything); compared weakly, as RFC 9110 says for it. */
function matchesAnyTag(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** HTTP dates have whole seconds. */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Whether the client's copy is current (answer 304): If-None-Match when sent, else If-Modified-Since. */
export function isNotModified(
  headers: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined },
  info: ObjectInfo,
): boolean {
  if (headers.ifNoneMatch) return matchesAnyTag(headers.ifNoneMatch, info.etag);
  if (!headers.ifModifiedSince) return false;
  const since = Date.parse(headers.ifModifiedSince);
  return !Number.isNaN(since) && seconds(info.lastModified) <= Math.floor(since / 1000);
}

/** Whether an If-Range header (an ETag, compared strongly, or a date) still names this object; absent, it does. */
export function ifRangeHolds(header: string | undefined, info: ObjectInfo): boolean {
  if (!header) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === info.etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && seconds(info.lastModified) === Math.floor(date / 1000);
}
