/** The staff roles' rules (shared/staff-roles.ts): which part of the admin a path belongs to, and who may use it. */
import { describe, expect, it } from 'vitest';
import {
  apiPermission,
  can,
  isStaff,
  parseRole,
  PERMISSIONS,
  ROLES,
  screenPermission,
} from '../../src/shared/staff-roles.ts';
import { statsFor } from '../../src/shared/admin.ts';

describe('apiPermission', () => {
  it.each([
    ['/admin/blogs', 'posts'],
    ['/admin/blogs/1', 'posts'],
    ['/admin/photos/1', 'content'],
    ['/admin/events/1/registrations.csv', 'content'],
    ['/admin/comments/blog/1/block', 'comments'],
    ['/admin/products/9', 'shop'],
    ['/admin/orders/9/status', 'shop'],
    ['/admin/store', 'shop'],
    ['/admin/messages/unread', 'messages'],
    ['/sliders/4', 'sliders'],
    ['/admin/sliders/order', 'sliders'],
    ['/dashboard/stats', 'dashboard'],
    ['/admin/site-rebuild', 'dashboard'],
    ['/admin/schedule', 'schedule'],
    ['/admin/schedule/items', 'schedule'],
    ['/admin/users/2', 'everything'],
    ['/admin/backup', 'everything'],
    ['/admin/newsletter/issues', 'everything'],
    ['/admin/comment-settings', 'everything'],
    ['/admin/navigation/header', 'everything'],
    ['/company', 'everything'],
    ['/analytics/export', 'everything'],
    // A new admin route nobody gave a part is the admin's; a look-alike prefix is not its neighbour's part.
    ['/admin/something-new', 'everything'],
    ['/admin/blogsx', 'everything'],
    ['/admin/orders-export', 'everything'],
    ['/admin/blogs/', 'posts'],
  ])('%s belongs to %s', (path, part) => {
    expect(apiPermission(path)).toBe(part);
  });

  it('reads a method-specific entry first: the categories are read by the blog form, written by content', () => {
    expect(apiPermission('/admin/categories', 'GET')).toBe('posts');
    expect(apiPermission('/admin/categories', 'HEAD')).toBe('posts');
    expect(apiPermission('/admin/categories', 'POST')).toBe('content');
    expect(apiPermission('/admin/categories/4', 'DELETE')).toBe('content');
    expect(apiPermission('/admin/categories/order', 'PUT')).toBe('content');
  });

  it.each(['/blogs', '/products/1', '/', '', '//admin/blogs'])('%s is outside the admin API', (path) => {
    expect(apiPermission(path)).toBeNull();
  });
});

describe('screenPermission', () => {
  it.each([
    ['/admin-dashboard', 'dashboard'],
    ['/admin/content', 'posts'],
    ['/admin/upload', 'content'],
    ['/admin/orders/', 'shop'],
    ['/admin/messages', 'messages'],
    ['/admin/schedule', 'schedule'],
    ['/admin/media', 'media'],
    ['/admin/edit-hero', 'sliders'],
    ['/admin/manage-users', 'everything'],
    ['/admin/backup', 'everything'],
    ['/analytics', 'everything'],
    ['/admin/update-company', 'everything'],
  ])('%s belongs to %s', (path, part) => {
    expect(screenPermission(path)).toBe(part);
  });
});

describe('can', () => {
  const table: Record<string, readonly string[]> = {
    admin: PERMISSIONS,
    editor: ['dashboard', 'content', 'posts', 'sliders', 'comments', 'schedule', 'media'],
    author: ['dashboard', 'posts', 'media'],
    shop_manager: ['dashboard', 'shop', 'schedule'],
    support: ['dashboard', 'messages', 'comments'],
    customer: [],
  };
  it.each(ROLES.flatMap((role) => PERMISSIONS.map((permission) => [role, permission] as const)))(
    '%s and %s',
    (role, permission) => {
      expect(can(role, permission)).toBe(table[role]?.includes(permission));
    },
  );

  it('gives nothing to an unknown role or none', () => {
    for (const role of ['', 'Admin', 'root', null, undefined]) {
      for (const permission of PERMISSIONS) expect(can(role, permission)).toBe(false);
    }
  });
});

describe('parseRole and isStaff', () => {
  it('knows the six roles and nothing else', () => {
    expect(ROLES.map(parseRole)).toEqual(ROLES);
    expect(parseRole('ADMIN')).toBeNull();
    expect(parseRole(7)).toBeNull();
    expect(ROLES.filter(isStaff)).toEqual(['admin', 'editor', 'author', 'shop_manager', 'support']);
    expect(isStaff(undefined)).toBe(false);
  });
});

describe('statsFor', () => {
  const stats = { totalUsers: 5, totalProducts: 24, totalOrders: 3, totalRevenue: 120.5 };
  it.each([
    ['admin', stats],
    ['shop_manager', { totalProducts: 24, totalOrders: 3, totalRevenue: 120.5 }],
    ['editor', { totalProducts: 24 }],
    ['author', { totalProducts: 24 }],
    ['support', { totalProducts: 24 }],
    ['customer', {}],
  ])('%s sees %j', (role, expected) => {
    expect(statsFor(role, stats)).toEqual(expected);
  });
});
