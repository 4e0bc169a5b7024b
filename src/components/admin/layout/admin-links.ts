import { can, screenPermission, type Role } from '../../../shared/staff-roles.ts';

/** The admin sidebar's links: the spec's order (site-spec section 2, Admin layout), later screens beside their kin. */
export interface AdminLink {
  href: string;
  label: string;
  /** A 24×24 outline icon path. */
  icon: string;
}

export const ADMIN_LINKS: readonly AdminLink[] = [
  { href: '/admin-dashboard', label: 'Dashboard', icon: 'M4 13h6V4H4v9Zm0 7h6v-5H4v5Zm10 0h6v-9h-6v9Zm0-16v5h6V4h-6Z' },
  { href: '/admin/content', label: 'Content', icon: 'M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15 9h.01' },
  { href: '/admin/media', label: 'Media', icon: 'M7 3h14v14H7zM3 7v14h14M7 14l4-4 4 4 2-2 4 4M16.5 7.5h.01' },
  {
    href: '/admin/featured',
    label: 'Featured',
    icon: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.5 2.9 1-6.1L3.2 9.5l6.1-.9L12 3Z',
  },
  { href: '/admin/schedule', label: 'Scheduled', icon: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM12 7v5l3 2' },
  { href: '/admin/comments', label: 'Comments', icon: 'M4 5h16v11H9l-5 4V5ZM8 9h8M8 12h5' },
  { href: '/admin/events', label: 'Events', icon: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h3' },
  { href: '/admin/update-company', label: 'Update Company', icon: 'M4 21V7l8-4 8 4v14M9 21v-5h6v5M9 10h.01M15 10h.01' },
  {
    href: '/admin/theme-settings',
    label: 'Theme Settings',
    icon: 'M12 3a9 9 0 1 0 0 18c1 0 1.5-.8 1.5-1.5 0-1.2-1-1.5-1-2.5s.8-1.5 2-1.5H17a4 4 0 0 0 4-4c0-4.7-4-8.5-9-8.5ZM7.5 11h.01M10 7h.01M15 7.5h.01',
  },
  { href: '/admin/categories', label: 'Categories', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 16.5h7M16.5 13v7' },
  { href: '/admin/navigation', label: 'Navigation', icon: 'M4 6h16M4 12h10M4 18h16' },
  { href: '/admin/manage-products', label: 'Products', icon: 'M20 7 12 3 4 7v10l8 4 8-4V7ZM4 7l8 4 8-4M12 11v10' },
  {
    href: '/admin/manage-users',
    label: 'Users',
    icon: 'M16 20v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM21 20v-1a4 4 0 0 0-3-3.9M16 4.1a3.5 3.5 0 0 1 0 6.8',
  },
  { href: '/admin/messages', label: 'Messages', icon: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z' },
  { href: '/admin/newsletter', label: 'Newsletter', icon: 'M3 6h18v12H3zM3 7l9 6 9-6' },
  { href: '/admin/orders', label: 'Orders', icon: 'M6 2 3 6v14h18V6l-3-4H6ZM3 6h18M16 10a4 4 0 0 1-8 0' },
  {
    href: '/admin/store',
    label: 'Store',
    icon: 'M3 9l1.5-5h15L21 9M3 9v11h18V9M3 9h18M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0M9 20v-6h6v6',
  },
  { href: '/admin/edit-hero', label: 'Sliders', icon: 'M3 5h18v11H3zM8 20h8M9 10.5l2 2 4-4' },
  {
    href: '/admin/team',
    label: 'Team',
    icon: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 21v-1a6 6 0 0 1 6-6h4a6 6 0 0 1 6 6v1',
  },
  { href: '/analytics', label: 'Analytics', icon: 'M4 20V10M10 20V4M16 20v-7M22 20H2' },
  {
    href: '/admin/integrations',
    label: 'Integrations',
    icon: 'M9 7V3M15 7V3M7 7h10v4a5 5 0 0 1-10 0V7ZM12 16v5',
  },
  { href: '/admin/import', label: 'Import', icon: 'M12 3v12M7 10l5 5 5-5M4 17v3h16v-3' },
  {
    href: '/admin/publish-checks',
    label: 'Publish checks',
    icon: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  },
  {
    href: '/admin/backup',
    label: 'Backup',
    icon: 'M4 7c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3ZM4 7v10c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  },
];

/** The links to the screens `role` includes (shared/staff-roles.ts), in the sidebar's order. */
export function adminLinksFor(role: Role): AdminLink[] {
  return ADMIN_LINKS.filter((link) => can(role, screenPermission(link.href)));
}

/** The link for this path, trailing slash ignored (the static host may add one). */
export function isCurrentAdminLink(href: string, pathname: string): boolean {
  return (pathname.replace(/\/+$/, '') || '/') === href;
}
