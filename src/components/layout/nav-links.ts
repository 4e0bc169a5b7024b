/** The header's and side menu's fixed account links and the current-link rule; the site's menus come from the API (src/shared/navigation.ts). */

/** The signed-in account's pages in the side menu, after Dashboard (admins) and before Logout. */
export const ACCOUNT_LINKS = [
  { href: '/profile', label: 'Account' },
  { href: '/orders', label: 'Orders' },
  { href: '/messages', label: 'Messages' },
  { href: '/settings', label: 'Settings' },
] as const;

/** A link is current on its own path and, except Home, below it (/blogs/a-post keeps Blogs current). */
export function isCurrent(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  // A page's address ends in '/' (/pages/terms/).
  const target = href.replace(/\/+$/, '') || '/';
  return target === '/' ? path === '/' : path === target || path.startsWith(`${target}/`);
}
