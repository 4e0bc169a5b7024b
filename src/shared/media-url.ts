/**
 * Where a stored media file is fetched from, the one home of the rule: rows keep site-relative
 * names ('/media/<name>'), and a MEDIA_BASE_URL (a CDN in front of the bucket or of /media) replaces the '/media'
 * part when set, so the base can change without touching a row.
 */

/** The site-relative prefix under which the API serves stored media (GET /media/:name), as rows store it. */
export const MEDIA_URL_PREFIX = '/media/';

/** A stored media path as it is fetched: '<base>/<name>' under a base, else the path unchanged (any other URL too). */
export function mediaUrl(path: string, base: string | undefined): string {
  if (!base || !path.startsWith(MEDIA_URL_PREFIX)) return path;
  return `${base.replace(/\/+$/, '')}/${path.slice(MEDIA_URL_PREFIX.length)}`;
}

/** How a record shows a stored file: its version (bumped when the file is replaced) and its focal point in percent. */
export interface MediaPresentation {
  version: number;
  focalX: number;
  focalY: number;
}

/** The focal point of a file nobody has set one for: the centre. */
export const CENTRE = 50;

/** A media URL without its query: the file's address, by which records are matched to it. */
export function mediaAddress(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/**
 * The URL a record keeps for a stored file: its address, with `v=<version>` once the file was replaced (a new URL
 * for every cache, the address itself unchanged) and `fp=<x>,<y>` when the focal point is off centre (what crops
 * keep in view). `focus: false` for a picture shown whole (inside rich text), where the focal point means nothing.
 */
export function presentedMediaUrl(address: string, shown: MediaPresentation, focus = true): string {
  const params: string[] = [];
  if (shown.version > 1) params.push(`v=${shown.version}`);
  if (focus && (shown.focalX !== CENTRE || shown.focalY !== CENTRE)) params.push(`fp=${shown.focalX},${shown.focalY}`);
  return params.length > 0 ? `${address}?${params.join('&')}` : address;
}

/** The version a media URL names (`?v=3`), or 1. */
export function versionOf(url: string): number {
  const found = /[?&]v=(\d{1,9})(?:&|$)/.exec(url);
  return found ? Number(found[1]) : 1;
}

/** The CSS object-position of the focal point a media URL carries, or undefined for the centre (the browser's default). */
export function objectPositionOf(url: string): string | undefined {
  const found = /[?&]fp=(\d{1,3}),(\d{1,3})(?:&|$)/.exec(url);
  if (!found) return undefined;
  const [x, y] = [Number(found[1]), Number(found[2])];
  return x <= 100 && y <= 100 ? `${x}% ${y}%` : undefined;
}
