/** API addresses, apart from the fetch client: the build, the islands and the upload helper share them. */
import { MEDIA_URL_PREFIX, mediaUrl } from '../../shared/media-url.ts';

/** The API base the browser calls: PUBLIC_API_URL, or the page's own origin. */
export function publicApiBase(): string {
  return import.meta.env.PUBLIC_API_URL ?? '';
}

/** At build time the pages read from BUILD_API_URL; in the browser from PUBLIC_API_URL or the same origin. */
export function apiBase(): string {
  if (import.meta.env.SSR) {
    return process.env['BUILD_API_URL'] ?? import.meta.env.PUBLIC_API_URL ?? process.env['SITE_URL'] ?? '';
  }
  return publicApiBase();
}

/**
 * Media and other API-served paths as the browser must request them: under MEDIA_BASE_URL (a CDN; the build defines
 * it as PUBLIC_MEDIA_BASE_URL) when set, else on the API's origin (which may be another one than the site's).
 */
export function apiAsset(path: string): string {
  if (!path.startsWith(MEDIA_URL_PREFIX)) return path;
  const mediaBase = import.meta.env.PUBLIC_MEDIA_BASE_URL;
  if (mediaBase) return mediaUrl(path, mediaBase);
  return `${publicApiBase().replace(/\/+$/, '')}${path}`;
}
