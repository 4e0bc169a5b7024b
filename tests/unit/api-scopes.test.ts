import { describe, expect, it } from 'vitest';
import { tokenAllows } from '../../src/shared/api-scopes.ts';

describe('tokenAllows', () => {
  it('lets a reading scope read its paths and write nothing', () => {
    expect(tokenAllows(['content:read'], '/admin/pages', 'GET')).toBe(true);
    expect(tokenAllows(['content:read'], '/admin/blogs/12', 'HEAD')).toBe(true);
    expect(tokenAllows(['content:read'], '/admin/media', 'GET')).toBe(true);
    expect(tokenAllows(['content:read'], '/admin/pages', 'POST')).toBe(false);
    expect(tokenAllows(['content:read'], '/admin/pages/3', 'DELETE')).toBe(false);
  });

  it('lets a writing scope write and read what it writes, and nothing beside it', () => {
    expect(tokenAllows(['content:write'], '/admin/pages', 'POST')).toBe(true);
    expect(tokenAllows(['content:write'], '/sliders/4', 'PUT')).toBe(true);
    expect(tokenAllows(['content:write'], '/admin/pages', 'GET')).toBe(true);
    expect(tokenAllows(['content:write'], '/admin/products', 'POST')).toBe(false);
    expect(tokenAllows(['products:write'], '/admin/products/9', 'PUT')).toBe(true);
    expect(tokenAllows(['products:write'], '/admin/orders', 'GET')).toBe(false);
  });

  it('keeps orders and subscribers to their own paths', () => {
    expect(tokenAllows(['orders:read'], '/admin/orders/7', 'GET')).toBe(true);
    expect(tokenAllows(['orders:read'], '/admin/orders/7/status', 'PATCH')).toBe(false);
    expect(tokenAllows(['orders:write'], '/admin/orders/7/status', 'PATCH')).toBe(true);
    expect(tokenAllows(['orders:read'], '/admin/ordersx', 'GET')).toBe(false);
    expect(tokenAllows(['subscribers:read'], '/admin/newsletter/subscribers/export', 'GET')).toBe(true);
    expect(tokenAllows(['subscribers:read'], '/admin/newsletter/issues', 'GET')).toBe(false);
    expect(tokenAllows(['subscribers:read'], '/admin/newsletter/subscribers/import', 'POST')).toBe(false);
  });

  it('reaches nothing of the admin’s own: users, settings, backups, tokens, whatever the scopes', () => {
    const every = [
      'content:write',
      'products:write',
      'orders:write',
      'subscribers:read',
      'content:read',
      'products:read',
      'orders:read',
    ];
    for (const [path, method] of [
      ['/admin/users', 'GET'],
      ['/admin/api-tokens', 'GET'],
      ['/admin/api-tokens', 'POST'],
      ['/admin/backup', 'POST'],
      ['/admin/restore', 'GET'],
      ['/company', 'PUT'],
      ['/admin/webhooks', 'GET'],
      ['/analytics/summary', 'GET'],
    ] as const) {
      expect(tokenAllows(every, path, method), `${method} ${path}`).toBe(false);
    }
    expect(tokenAllows(['no:such-scope'], '/admin/pages', 'GET')).toBe(false);
    expect(tokenAllows([], '/admin/pages', 'GET')).toBe(false);
  });
});
