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
