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

/**
 * Where the header's row of links may show, narrowest first, with the classes that show the row and hide the hamburger
 * and side menu from there on. Written out whole so that UnoCSS finds each class.
 */
export const HEADER_ROW_BREAKPOINTS = [
  { min: 768, row: 'md:block', menu: 'md:hidden' },
  { min: 896, row: 'min-[896px]:block', menu: 'min-[896px]:hidden' },
  { min: 1024, row: 'lg:block', menu: 'lg:hidden' },
  { min: 1152, row: 'min-[1152px]:block', menu: 'min-[1152px]:hidden' },
  { min: 1280, row: 'xl:block', menu: 'xl:hidden' },
] as const;
export type HeaderRowBreakpoint = (typeof HEADER_ROW_BREAKPOINTS)[number];

/** The header's widest row: the max-w-7xl container; a wider window only adds margins. */
const ROW_MAX = 1280;

/**
 * The header's width besides its links and the company name, in px: the container's padding (32), the logo at its
 * widest (144), the gaps around the links (48), the widest account buttons (an admin's cart, Dashboard and Logout:
 * 240), and a classic scroll bar (16), which media queries count. SiteHeader's .header-row leaves the same room beside
 * the links.
 */
const ROW_FIXED = 32 + 144 + 48 + 240 + 16;

/**
 * The room the company name beside the logo needs (18 px semibold): 10 px a character and the gap before it, at most
 * 96 px (about nine characters); a longer name is shortened with '…' rather than keep the links from a wide window.
 * None when the logo spells the name itself.
 */
const nameWidth = (name: string) => (name === '' ? 0 : Math.min(96, 8 + Math.ceil(name.length * 10)));

/**
 * One link's width in the row: its label at 7.5 px a character and 8 px more for capitals and wide letters (14 px
 * medium text, a little over Inter's own), and its padding.
 */
const linkWidth = (label: string) => Math.ceil(label.length * 7.5) + 8 + 24;

/** The gap between two links. */
const LINK_GAP = 4;

/**
 * The narrowest breakpoint from which the header's links fit in one row beside the logo, the company `name` shown
 * beside it ('' when the logo spells it) and the account buttons;
 * below it (and at every width when none fits, null) they are in the side menu behind the hamburger. Worked out when
 * the site is built, so the public pages carry no script for it; labels are measured generously, and the row scrolls
 * sideways rather than push anything off the screen should a wide font still not fit.
 */
export function headerRowBreakpoint(links: readonly { label: string }[], name = ''): HeaderRowBreakpoint | null {
  const needed =
    ROW_FIXED +
    nameWidth(name) +
    links.reduce((sum, link) => sum + linkWidth(link.label), 0) +
    LINK_GAP * Math.max(0, links.length - 1);
  return HEADER_ROW_BREAKPOINTS.find((point) => Math.min(point.min, ROW_MAX) >= needed) ?? null;
}
