/**
 * What an API token may do: the scopes an admin picks when making one, and the one rule the server's admin guard
 * applies to a call made with a token (tokenAllows). A scope names admin API paths and whether it reads them (GET) or
 * also writes them; nothing else of the admin is reachable with a token (users, settings, backups, tokens, webhooks),
 * and neither is anything of an account (a token is nobody's sign-in).
 */
import { apiPermission, type Permission } from './staff-roles.ts';

export const API_SCOPES = [
  'content:read',
  'content:write',
  'products:read',
  'products:write',
  'orders:read',
  'orders:write',
  'subscribers:read',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, { label: string; detail: string }> = {
  'content:read': {
    label: 'Read content',
    detail: 'Posts, pages, photos, videos, audio, events, documents, plans, sliders and media, drafts included.',
  },
  'content:write': {
    label: 'Write content',
    detail: 'Create, change, publish and delete the content above (reading it too).',
  },
  'products:read': { label: 'Read products', detail: 'Products, their stock and prices.' },
  'products:write': { label: 'Write products', detail: 'Create, change and delete products (reading them too).' },
  'orders:read': { label: 'Read orders', detail: 'Orders with their items, customers and status history.' },
  'orders:write': { label: 'Write orders', detail: 'Change an order’s status (reading orders too).' },
  'subscribers:read': { label: 'Read subscribers', detail: 'The newsletter’s subscribers and their export.' },
};

/** What each scope reaches: parts of the admin (staff-roles.ts) or admin path prefixes, and whether it writes. */
const REACH: Record<ApiScope, { parts?: readonly Permission[]; prefixes?: readonly string[]; write: boolean }> = {
  'content:read': { parts: ['content', 'posts', 'media', 'sliders'], write: false },
  'content:write': { parts: ['content', 'posts', 'media', 'sliders'], write: true },
  'products:read': { prefixes: ['/admin/products'], write: false },
  'products:write': { prefixes: ['/admin/products'], write: true },
  'orders:read': { prefixes: ['/admin/orders'], write: false },
  'orders:write': { prefixes: ['/admin/orders'], write: true },
  'subscribers:read': { prefixes: ['/admin/newsletter/subscribers'], write: false },
};

const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Whether a token with `scopes` may call `method path` (path under /api, without the prefix). A read is GET or HEAD;
 * a writing scope also reads what it writes. The sliders' public-path writes (/sliders) count as the sliders part.
 */
export function tokenAllows(scopes: readonly string[], path: string, method: string): boolean {
  const reads = method === 'GET' || method === 'HEAD';
  const part = apiPermission(path, method);
  return scopes.some((scope) => {
    const reach = REACH[scope as ApiScope] as (typeof REACH)[ApiScope] | undefined;
    if (!reach || (!reads && !reach.write)) return false;
    if (reach.parts && part !== null && reach.parts.includes(part)) return true;
    return (reach.prefixes ?? []).some((prefix) => underPrefix(path, prefix));
  });
}

/** The prefix every API token starts with, so a leaked one is recognised (secret scanners) and told from a session's. */
export const API_TOKEN_PREFIX = 'cst_';

/** The longest lifetime an admin may give a token, in days; none means it lasts until revoked. */
export const API_TOKEN_MAX_DAYS = 366;
