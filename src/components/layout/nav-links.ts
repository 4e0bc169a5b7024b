/** The public header links (spec: Public layout), in order. */
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/shop', label: 'Shop' },
  { href: '/blogs', label: 'Blogs' },
  { href: '/photos', label: 'Photos' },
  { href: '/videos', label: 'Videos' },
  { href: '/audio', label: 'Audio' },
  { href: '/events', label: 'Events' },
] as const;

/** The signed-in account's pages in the side menu, after Dashboard (admins) and before Logout. */
export const ACCOUNT_LINKS = [
  { href: '/profile', label: 'Account' },
  { href: '/orders', label: 'Orders' },
  { href: '/messages', label: 'Messages' },
  { href: '/settings', label: 'Settings' },
] as const;

export const QUICK_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/shop', label: 'Shop' },
] as const;

/** A link is current on its own path and, except Home, below it (/blogs/a-post keeps Blogs current). */
export function isCurrent(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`);
}
