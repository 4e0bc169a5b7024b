/** The one ofetch instance: API base for build time and browser, bearer header when a token is stored. */
import { ofetch } from 'ofetch';

/** At build time the pages read from BUILD_API_URL; in the browser from PUBLIC_API_URL or the same origin. */
export function apiBase(): string {
  if (import.meta.env.SSR) {
    return process.env['BUILD_API_URL'] ?? import.meta.env.PUBLIC_API_URL ?? process.env['SITE_URL'] ?? '';
  }
  return import.meta.env.PUBLIC_API_URL ?? '';
}

function storedToken(): string | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    return localStorage.getItem('token');
  } catch {
    return null;
  }
}

export const api = ofetch.create({
  baseURL: apiBase(),
  credentials: 'include',
  retry: 0,
  timeout: 15_000,
  onRequest({ options }) {
    const token = storedToken();
    if (token) options.headers.set('Authorization', `Bearer ${token}`);
  },
});

/** Media and other API-served paths as the browser must request them (the API may live on another origin). */
export function apiAsset(path: string): string {
  if (!path.startsWith('/media/')) return path;
  const base = import.meta.env.PUBLIC_API_URL ?? '';
  return `${base.replace(/\/+$/, '')}${path}`;
}
