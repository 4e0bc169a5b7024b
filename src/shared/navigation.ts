/**
 * The site's navigation: the header menu and the footer's Quick Links, their defaults (the spec's lists) and the one
 * rule that turns a stored menu into the links visitors see. Pure: the server, the build and the admin screen share it.
 */
import { pagePath } from './pages.ts';
import { safeHref } from './url.ts';

/** Every section a menu link may go to. */
export const NAV_SECTIONS = [
  'home',
  'shop',
  'blogs',
  'photos',
  'videos',
  'audio',
  'events',
  'about',
  'contact',
  'pricing',
  'documents',
] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

/** Sections that list published content: 'auto' leaves them out while they have none. */
export const CONTENT_SECTIONS = [
  'shop',
  'blogs',
  'photos',
  'videos',
  'audio',
  'events',
  'pricing',
  'documents',
] as const satisfies readonly NavSection[];
export type ContentSection = (typeof CONTENT_SECTIONS)[number];

/** Each section's route and its usual name. */
export const SECTION_LINKS: Readonly<Record<NavSection, NavLink>> = {
  home: { href: '/', label: 'Home' },
  shop: { href: '/shop', label: 'Shop' },
  blogs: { href: '/blogs', label: 'Blogs' },
  photos: { href: '/photos', label: 'Photos' },
  videos: { href: '/videos', label: 'Videos' },
  audio: { href: '/audio', label: 'Audio' },
  events: { href: '/events', label: 'Events' },
  about: { href: '/about', label: 'About' },
  contact: { href: '/contact', label: 'Contact' },
  pricing: { href: '/pricing', label: 'Pricing' },
  documents: { href: '/documents', label: 'Documents' },
};

/** The public header links (spec: Public layout), in order: a new site's header menu. */
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/shop', label: 'Shop' },
  { href: '/blogs', label: 'Blogs' },
  { href: '/photos', label: 'Photos' },
  { href: '/videos', label: 'Videos' },
  { href: '/audio', label: 'Audio' },
  { href: '/events', label: 'Events' },
] as const;

/** The footer's Quick Links (spec: Footer), in order: a new site's footer menu. */
export const QUICK_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/shop', label: 'Shop' },
] as const;

export const MENU_NAMES = ['header', 'footer'] as const;
export type MenuName = (typeof MENU_NAMES)[number];

/** Each menu's name on the admin screen and in its answers. */
export const MENU_TITLES: Readonly<Record<MenuName, string>> = { header: 'Header menu', footer: 'Footer links' };

/** 'auto': shown unless its section has nothing published; 'always': shown; 'hidden': kept but not shown. */
export const MENU_VISIBILITIES = ['auto', 'always', 'hidden'] as const;
export type MenuVisibility = (typeof MENU_VISIBILITIES)[number];

/** One stored link: to a section, to one of the company's pages (by id), or to a site path or https address. */
export type MenuItem = { label: string; visibility: MenuVisibility } & (
  { kind: 'section'; section: NavSection } | { kind: 'page'; page: string } | { kind: 'link'; url: string }
);

/** A link as visitors get it. */
export interface NavLink {
  href: string;
  label: string;
}

/** GET /api/navigation: both menus resolved for visitors, and the content sections with nothing published. */
export interface PublicNavigation {
  header: NavLink[];
  footer: NavLink[];
  emptySections: ContentSection[];
}

/** A page a menu link may name, drafts too (an unpublished page's link stays out until it is published). */
export interface MenuPage {
  _id: string;
  title: string;
  slug: string;
  published: boolean;
}

/** GET /api/admin/navigation: both menus as stored (or their defaults), and what the screen needs to explain them. */
export interface AdminNavigation {
  header: MenuItem[];
  footer: MenuItem[];
  emptySections: ContentSection[];
  pages: MenuPage[];
}

/** What a save answers. */
export interface MenuSaved {
  message: string;
  navigation: AdminNavigation;
}

const sectionOf = (href: string): NavSection => {
  const found = NAV_SECTIONS.find((section) => SECTION_LINKS[section].href === href);
  if (!found) throw new Error(`No section has the route ${href}`);
  return found;
};

const defaultItems = (links: readonly NavLink[]): MenuItem[] =>
  links.map((link) => ({ kind: 'section', section: sectionOf(link.href), label: link.label, visibility: 'auto' }));

/** A menu never saved shows these: the spec's header and Quick Links, each 'auto'. */
export const defaultMenu = (menu: MenuName): MenuItem[] => defaultItems(menu === 'header' ? NAV_LINKS : QUICK_LINKS);

export const isContentSection = (section: NavSection): section is ContentSection =>
  (CONTENT_SECTIONS as readonly string[]).includes(section);

/** What resolving a menu needs to know about the site now. */
export interface NavigationFacts {
  emptySections: readonly ContentSection[];
  /** Published pages only. */
  publishedPages: readonly Pick<MenuPage, '_id' | 'slug'>[];
}

/**
 * The links visitors see: hidden ones left out, an 'auto' link to a content section with nothing published left out,
 * a page link only while its page is published (whatever its visibility), in the stored order.
 */
export function resolveMenu(items: readonly MenuItem[], facts: NavigationFacts): NavLink[] {
  const empty = new Set<string>(facts.emptySections);
  const pages = new Map(facts.publishedPages.map((page) => [page._id, page.slug]));
  return items.flatMap((item): NavLink[] => {
    if (item.visibility === 'hidden') return [];
    if (item.kind === 'section') {
      if (item.visibility === 'auto' && empty.has(item.section)) return [];
      return [{ href: SECTION_LINKS[item.section].href, label: item.label }];
    }
    if (item.kind === 'page') {
      const slug = pages.get(item.page);
      return slug === undefined ? [] : [{ href: pagePath(slug), label: item.label }];
    }
    // Checked when saved; read through the one scheme filter again all the same (security.md R46).
    const href = safeHref(item.url);
    return href ? [{ href, label: item.label }] : [];
  });
}

/**
 * The routes the sitemap leaves out: a content section with nothing published that neither menu shows (its page only
 * says it is empty). A section an admin shows 'always' stays in.
 */
export function sitemapHiddenRoutes(
  navigation: Pick<PublicNavigation, 'header' | 'footer' | 'emptySections'>,
): string[] {
  const linked = new Set([...navigation.header, ...navigation.footer].map((link) => link.href));
  return navigation.emptySections.map((section) => SECTION_LINKS[section].href).filter((href) => !linked.has(href));
}
