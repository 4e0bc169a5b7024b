/**
 * Who may do what in the admin area: the roles, what each may use, and which part of the admin each API path and
 * each admin screen belongs to. The server's guard (server/http/admin-guard.ts) decides every call by these tables;
 * the admin screens read the same tables only to show a person what their role may use.
 */

/** Staff roles first; `customer` is a visitor's account. */
export const ROLES = ['admin', 'editor', 'author', 'shop_manager', 'support', 'customer'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ['admin', 'editor', 'author', 'shop_manager', 'support'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  editor: 'Editor',
  author: 'Author',
  shop_manager: 'Shop manager',
  support: 'Support',
  customer: 'Customer',
};

/** What each role is for, shown where an admin picks one. */
export const ROLE_SUMMARIES: Record<Role, string> = {
  admin: 'Everything, including users, settings, payments and backups.',
  editor: 'All content, sliders, pictures and comments, and publishing what authors send.',
  author: 'Writing blog posts with their own pictures, and sending them for review; an editor publishes them.',
  shop_manager: 'Products, orders and the store settings.',
  support: 'Messages and comments.',
  customer: 'A visitor’s account: no admin area.',
};

/**
 * The parts of the admin. `everything` is what only an admin may use: users, settings, backups, the newsletter,
 * analytics, and any admin path not named below (a new admin route is the admin's until it is given a part).
 * `posts` is the blog's admin routes, where a role without `content` reaches only its own drafts (an author's).
 * `schedule` is scheduled publishing, for the roles that publish something; each of its types is kept to the roles
 * that may publish that type (shared/schemas/schedule.ts). `media` is the media library, where a role without
 * `content` reaches only the files it uploaded there (an author's).
 */
export const PERMISSIONS = [
  'everything',
  'dashboard',
  'content',
  'posts',
  'sliders',
  'comments',
  'shop',
  'messages',
  'schedule',
  'media',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  editor: ['dashboard', 'content', 'posts', 'sliders', 'comments', 'schedule', 'media'],
  author: ['dashboard', 'posts', 'media'],
  shop_manager: ['dashboard', 'shop', 'schedule'],
  support: ['dashboard', 'messages', 'comments'],
  customer: [],
};

/** A role as stored, or null for any other text (an account with an unknown role has no rights). */
export function parseRole(value: unknown): Role | null {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value) ? (value as Role) : null;
}

export function isStaff(role: string | null | undefined): role is StaffRole {
  return typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role);
}

export function can(role: string | null | undefined, permission: Permission): boolean {
  const known = parseRole(role);
  return known !== null && ROLE_PERMISSIONS[known].includes(permission);
}

/** The part of the admin an API path under /api belongs to (without the /api prefix), by its longest listed prefix. */
const API_PARTS: Readonly<Record<string, Permission>> = {
  '/admin': 'everything',
  '/dashboard': 'dashboard',
  '/admin/activity': 'dashboard',
  '/admin/notifications': 'dashboard',
  '/admin/site-status': 'dashboard',
  '/admin/site-rebuild': 'dashboard',
  '/admin/schedule': 'schedule',
  '/company': 'everything',
  '/analytics': 'everything',
  '/sliders': 'sliders',
  '/admin/sliders': 'sliders',
  '/admin/blogs': 'posts',
  // The blog form's category list; the categories' writes stay content.
  'GET /admin/categories': 'posts',
  '/admin/photos': 'content',
  '/admin/videos': 'content',
  '/admin/audios': 'content',
  '/admin/events': 'content',
  '/admin/event-registrations': 'content',
  '/admin/pages': 'content',
  '/admin/plans': 'content',
  '/admin/documents': 'content',
  '/admin/team': 'content',
  '/admin/categories': 'content',
  '/admin/featured': 'content',
  '/admin/comments': 'comments',
  '/admin/products': 'shop',
  '/admin/orders': 'shop',
  '/admin/store': 'shop',
  '/admin/messages': 'messages',
  '/admin/media': 'media',
};

/** The admin screens (site paths) and the part each belongs to; a screen not listed is the admin's. */
const SCREEN_PARTS: Readonly<Record<string, Permission>> = {
  '/admin-dashboard': 'dashboard',
  '/admin/schedule': 'schedule',
  // An author sees its Blogs tab alone (the other tabs are content).
  '/admin/content': 'posts',
  '/admin/upload': 'content',
  '/admin/featured': 'content',
  '/admin/events': 'content',
  '/admin/categories': 'content',
  '/admin/team': 'content',
  '/admin/comments': 'comments',
  '/admin/edit-hero': 'sliders',
  '/admin/add-slider': 'sliders',
  '/admin/manage-products': 'shop',
  '/admin/orders': 'shop',
  '/admin/store': 'shop',
  '/admin/messages': 'messages',
  '/admin/media': 'media',
};

/**
 * The entry of `parts` whose key is the longest whole-segment prefix of `path`; at each length an entry for the
 * method ('GET /admin/categories') comes before one for every method.
 */
function partOf(parts: Readonly<Record<string, Permission>>, path: string, method?: string): Permission | null {
  const clean = path.replace(/\/+$/, '') || '/';
  const reads = method === 'GET' || method === 'HEAD';
  for (let at = clean.length; at > 0; at = clean.lastIndexOf('/', at - 1)) {
    const prefix = clean.slice(0, at);
    const part = (reads ? parts[`GET ${prefix}`] : undefined) ?? parts[prefix];
    if (part) return part;
  }
  return null;
}

/** The part of the admin an API call belongs to (`PUT /admin/blogs/1` → posts); null outside the admin API. */
export function apiPermission(path: string, method = 'GET'): Permission | null {
  return partOf(API_PARTS, path, method);
}

/** The part of the admin a screen belongs to (`/admin/orders` → shop); every other admin screen is the admin's. */
export function screenPermission(pathname: string): Permission {
  return partOf(SCREEN_PARTS, pathname) ?? 'everything';
}

/** Where a staff member lands in the admin: the dashboard, which every staff role may see. */
export const STAFF_HOME = '/admin-dashboard';
