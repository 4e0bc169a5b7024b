/** API addresses, apart from the fetch client: the build, the islands and the upload helper share them. */

/** At build time the pages read from BUILD_API_URL; in the browser from PUBLIC_API_URL or the same origin. */
export function apiBase(): string {
  if (import.meta.env.SSR) {
    return process.env['BUILD_API_URL'] ?? import.meta.env.PUBLIC_API_URL ?? process.env['SITE_URL'] ?? '';
  }
  return import.meta.env.PUBLIC_API_URL ?? '';
}

/** Media and other API-served paths as the browser must request them (the API may live on another origin). */
export function apiAsset(path: string): string {
  if (!path.startsWith('/media/')) return path;
  const base = import.meta.env.PUBLIC_API_URL ?? '';
  return `${base.replace(/\/+$/, '')}${path}`;
}
