/**
 * The menus, one function per endpoint: the public read the build renders the header and footer from (read once per
 * build, never failing it), and the admin's read and save (Navigation screen).
 */
import {
  NAV_LINKS,
  QUICK_LINKS,
  type AdminNavigation,
  type MenuItem,
  type MenuName,
  type MenuSaved,
  type PublicNavigation,
} from '../../shared/navigation.ts';
import { api } from './client.ts';

/** GET /api/navigation: both menus resolved for visitors. */
export const fetchPublicNavigation = () => api<PublicNavigation>('/api/navigation');

/** GET /api/admin/navigation. */
export const fetchAdminNavigation = () => api<AdminNavigation>('/api/admin/navigation');

/** PUT /api/admin/navigation/{menu}: `items` become the whole menu. */
export const saveNavigationMenu = (menu: MenuName, items: readonly MenuItem[]) =>
  api<MenuSaved>(`/api/admin/navigation/${menu}`, { method: 'PUT', body: { items } });

/** Every page of a build renders both menus: one read serves them all (a few seconds, so `astro dev` follows edits). */
const NAVIGATION_TTL_MS = 5_000;
let cached: { at: number; navigation: Promise<PublicNavigation> } | undefined;

async function readNavigation(): Promise<PublicNavigation> {
  try {
    return await fetchPublicNavigation();
  } catch (error) {
    console.error('Failed to load the navigation:', error instanceof Error ? error.message : error);
    return { header: [...NAV_LINKS], footer: [...QUICK_LINKS], emptySections: [] };
  }
}

/** The menus for the build; the spec's defaults, every section shown, when the API cannot be read. */
export function fetchNavigation(): Promise<PublicNavigation> {
  if (!cached || Date.now() - cached.at > NAVIGATION_TTL_MS) cached = { at: Date.now(), navigation: readNavigation() };
  return cached.navigation;
}
