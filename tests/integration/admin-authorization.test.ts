/**
 * Deny by default (security.md R33, R34): every route the app registers under /api that is not
 * listed below as public or as for any signed-in user is an admin route, and is walked with no token (401), a garbage
 * token (401), a customer's token (403) and an admin's (neither). A route added without a guard fails this test until
 * it is guarded or listed here on purpose.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { apiRouteKeys } from '../helpers/api-routes.ts';
import { NOT_YOUR_PART_MESSAGE } from '../../src/server/middleware/auth.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_CUSTOMER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

/** Anyone may call these (the public site, sign-in and sign-up). */
const PUBLIC = new Set([
  'GET /api/health',
  // The API's description: the routes and their schemas, which the source shows anyway; no data.
  'GET /api/openapi.json',
  // The old addresses an import redirects, for the site build: they were the old site's public links.
  'GET /api/redirects',
  'GET /api/company',
  'GET /api/sliders',
  'GET /api/recommendations/personalized',
  'GET /api/search',
  'GET /api/products',
  'GET /api/blogs',
  'GET /api/blogs/:slug',
  'GET /api/photos',
  'GET /api/videos',
  'GET /api/audios',
  'GET /api/events',
  // Published pages, plans and documents, and a published document's file.
  'GET /api/pages',
  'GET /api/pages/:slug',
  'GET /api/plans',
  'GET /api/documents',
  'GET /api/documents/:id/download',
  // An event's page data, the sign-in providers, the newsletter's double opt-in, the contact form, the team.
  'GET /api/events/:slug',
  'GET /api/auth/providers',
  'POST /api/newsletter',
  'POST /api/newsletter/confirm',
  'POST /api/newsletter/unsubscribe',
  'POST /api/contact',
  'GET /api/team',
  // A free event's places left, signing up for it, and the mailed cancel link's POST.
  'GET /api/events/:key/availability',
  'POST /api/events/:key/registrations',
  'POST /api/events/registrations/cancel',
  // The company's categories per content type (the build reads them for the list filters).
  'GET /api/categories',
  // The header and footer menus as visitors see them (the build reads them).
  'GET /api/navigation',
  // A product's page data, the store's settings, checkout (guests verify their email by a code), placing an
  // order, one order (its owner, or a guest with the confirmation link's token), the payment provider's webhook.
  'GET /api/products/:slug',
  'GET /api/store',
  'POST /api/checkout/code',
  'POST /api/checkout/verify',
  'POST /api/checkout/quote',
  'POST /api/orders',
  'GET /api/orders/:id',
  // A guest's new order link, mailed only to the order's own address; the same answer for any address.
  'POST /api/orders/guest-link',
  'POST /api/payments/stripe/webhook',
  // A page view counted (path and referrer host only).
  'POST /api/analytics/view',
  // A view, play or download counted, the current counts, and a like (an account's, or a guest's with its signed key).
  'POST /api/activity',
  'GET /api/activity/counts',
  'PUT /api/likes/:type/:id',
  'DELETE /api/likes/:type/:id',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/request-otp',
  'POST /api/auth/verify-otp',
  'POST /api/auth/reset-password',
  'POST /api/auth/logout',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  // A sign-in's second step, and setting up an authenticator at sign-in when ADMIN_2FA=required (the
  // challenge a first factor answered is the credential).
  'POST /api/auth/two-factor',
  'POST /api/auth/two-factor/setup',
  // A passkey sign-in: its challenge, then the signed answer (the passkey is the credential).
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkey',
  // The approved comments of a post and reviews of an audio item or product.
  'GET /api/blogs/:slug/comments',
  'GET /api/audios/:id/reviews',
  'GET /api/products/:id/reviews',
  // Whether guests may comment, and a guest's code to comment by email (403 while the site does not allow guests).
  'GET /api/comment-settings',
  'GET /api/comments/:type/digests',
  'POST /api/comments/guest-code',
  // A staff invitation's link: who is invited, and making the account.
  'GET /api/invitations/:token',
  'POST /api/invitations/accept',
  // A draft's preview link: holding the signed link is the permission (drafts-preview.test.ts).
  'GET /api/preview/:token',
]);

/** Any signed-in user, customer or admin: 401 without a valid token. */
const SIGNED_IN = new Set([
  'GET /api/auth/me',
  'POST /api/auth/change-password',
  'GET /api/orders',
  // One's own conversations with the company.
  'GET /api/messages',
  'GET /api/messages/:id',
  'POST /api/messages',
  // One's own account (/settings): profile, picture, email change by code, sessions, export, deletion.
  'GET /api/account',
  'DELETE /api/account',
  'PATCH /api/account/profile',
  'POST /api/account/profile-image',
  'DELETE /api/account/profile-image',
  'POST /api/account/email',
  'POST /api/account/email/confirm',
  'DELETE /api/account/email',
  'GET /api/account/sessions',
  'POST /api/account/sessions/sign-out-others',
  'GET /api/account/export',
  // Signing out any one of one's sessions; one's own two-factor sign-in (setting it up answers 403 to a customer).
  'POST /api/account/sessions/:id/sign-out',
  'GET /api/account/two-factor',
  'POST /api/account/two-factor/setup',
  'POST /api/account/two-factor/confirm',
  'DELETE /api/account/two-factor',
  'POST /api/account/two-factor/recovery-codes',
  // One's own passkeys: listed, added (after the password again), renamed, removed.
  'GET /api/account/passkeys',
  'POST /api/account/passkeys/options',
  'POST /api/account/passkeys',
  'PATCH /api/account/passkeys/:id',
  'DELETE /api/account/passkeys/:id',
  // A comment on a post, a review of an audio item or product: guests are asked to sign in unless the site allows
  // guests with a mailed code (off by default, as here).
  'POST /api/blogs/:slug/comments',
  'POST /api/audios/:id/reviews',
  'POST /api/products/:id/reviews',
]);

/** A concrete URL for a route pattern: parameters and wildcards filled with a made-up id. */
const urlOf = (path: string) => path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, randomUUID()).replace(/\*/g, 'x');

/** The routes not listed as public or signed-in: every one must be admin-only. */
function adminRouteKeys(app: App): string[] {
  return apiRouteKeys(app).filter((key) => !PUBLIC.has(key) && !SIGNED_IN.has(key));
}

/** Calls a route as `token` (none when undefined); no body, so a guard answers before any input is read. */
function call(app: App, key: string, token?: string): Promise<Response> {
  const [method, path] = key.split(' ') as [string, string];
  return Promise.resolve(
    app.request(urlOf(path), { method, headers: token ? { authorization: `Bearer ${token}` } : {} }),
  );
}

/** What is wrong with the guards of `keys`: one line per route and caller that got the wrong answer. */
async function guardFailures(
  app: App,
  keys: readonly string[],
  tokens: { customer: string; admin: string },
): Promise<string[]> {
  const failures: string[] = [];
  for (const key of keys) {
    const answers = {
      none: (await call(app, key)).status,
      garbage: (await call(app, key, 'not-a-real-token')).status,
      customer: (await call(app, key, tokens.customer)).status,
      admin: (await call(app, key, tokens.admin)).status,
    };
    if (answers.none !== 401) failures.push(`${key}: no token answered ${answers.none}, not 401`);
    if (answers.garbage !== 401) failures.push(`${key}: a garbage token answered ${answers.garbage}, not 401`);
    if (answers.customer !== 403) failures.push(`${key}: a customer answered ${answers.customer}, not 403`);
    if (answers.admin === 401 || answers.admin === 403 || answers.admin >= 500)
      failures.push(`${key}: an admin answered ${answers.admin}`);
  }
  return failures;
}

let t: TestApp;
let tokens: { customer: string; admin: string };
beforeAll(async () => {
  // Hundreds of refusals are expected here; their log lines are not.
  setAuthLogSink(() => undefined);
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  tokens = { customer: await t.customerToken(), admin: await t.login('admin', TEST_ADMIN_PASSWORD) };
});
afterAll(() => {
  setAuthLogSink(null);
});

describe('admin routes: deny by default', () => {
  it('finds the admin routes of this issue among the registered ones', () => {
    const keys = adminRouteKeys(t.app);
    // The backup download, resetting another account's two-factor sign-in.
    const issue22 = ['POST /api/admin/backup', 'DELETE /api/admin/users/:id/two-factor'];
    for (const key of [
      'PUT /api/company',
      'GET /api/dashboard/stats',
      'GET /api/admin/activity',
      'GET /api/admin/site-status',
      'POST /api/admin/site-rebuild',
      'GET /api/admin/notifications',
      ...issue22,
    ]) {
      expect(keys).toContain(key);
    }
  });

  it('lists only routes that exist (a stale entry would hide a renamed route)', () => {
    const registered = new Set(apiRouteKeys(t.app));
    expect([...PUBLIC, ...SIGNED_IN].filter((key) => !registered.has(key))).toEqual([]);
  });

  it('answers every admin route 401 without a token or with a garbage one, 403 to a customer, and serves an admin', async () => {
    expect(await guardFailures(t.app, adminRouteKeys(t.app), tokens)).toEqual([]);
  });

  it('answers the signed-in routes 401 without a valid token', async () => {
    for (const key of SIGNED_IN) {
      expect((await call(t.app, key)).status, key).toBe(401);
      expect((await call(t.app, key, 'not-a-real-token')).status, key).toBe(401);
    }
  });

  it('fails for a route added without a guard', async () => {
    const other = await createTestApp();
    try {
      // Registered after createApp (before its first request), as a careless new route would be; not in PUBLIC.
      other.app.get('/api/forgotten/:id', (c) => c.json({ secret: true }));
      const otherTokens = {
        customer: await other.customerToken(),
        admin: await other.login('admin', TEST_ADMIN_PASSWORD),
      };
      expect(adminRouteKeys(other.app)).toContain('GET /api/forgotten/:id');
      const failures = await guardFailures(other.app, ['GET /api/forgotten/:id'], otherTokens);
      expect(failures.length).toBeGreaterThan(0);
      expect(failures.some((line) => line.startsWith('GET /api/forgotten/:id: no token answered'))).toBe(true);
    } finally {
      await other.close();
    }
  });
});

/**
 * What each staff role may use, written out here from the roles' definitions (an editor: all content, sliders and
 * comments; a shop manager: products, orders and the store; both: scheduled publishing, of their own types (which
 * types: scheduled-changes.test.ts); support: messages and comments; every staff role the dashboard and the publish
 * status), as API path prefixes. Every admin route outside a role's list must answer it 403.
 */
const DASHBOARD = [
  '/api/dashboard/',
  '/api/admin/activity',
  '/api/admin/notifications',
  '/api/admin/site-status',
  '/api/admin/site-rebuild',
];
const STAFF_MAY: Record<'editor' | 'author' | 'shop_manager' | 'support', readonly string[]> = {
  editor: [
    ...DASHBOARD,
    '/api/sliders',
    '/api/admin/sliders',
    ...['blogs', 'photos', 'videos', 'audios', 'events', 'event-registrations', 'pages', 'plans', 'documents'].map(
      (type) => `/api/admin/${type}`,
    ),
    '/api/admin/team',
    '/api/admin/categories',
    '/api/admin/featured',
    '/api/admin/comments',
    '/api/admin/schedule',
    '/api/admin/media',
  ],
  // Its own posts (which posts: blog-authors.test.ts), the blog form's list of categories, and its own files in the
  // media library (which files: media-library.test.ts).
  author: [...DASHBOARD, '/api/admin/blogs', 'GET /api/admin/categories', '/api/admin/media'],
  shop_manager: [...DASHBOARD, '/api/admin/products', '/api/admin/orders', '/api/admin/store', '/api/admin/schedule'],
  support: [...DASHBOARD, '/api/admin/messages', '/api/admin/comments'],
};

/** Whether route `key` ('METHOD /path') is under one of `prefixes` ('/path', or 'METHOD /path' for that method only). */
const mayUse = (prefixes: readonly string[], key: string) => {
  const [method = '', path = ''] = key.split(' ');
  return prefixes.some((entry) => {
    const [only, prefix = ''] = entry.includes(' ') ? entry.split(' ') : [undefined, entry];
    if (only !== undefined && only !== method) return false;
    return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
  });
};

describe('staff roles: each role reaches its part of the admin and nothing else', () => {
  const staffTokens: Partial<Record<keyof typeof STAFF_MAY, string>> = {};
  beforeAll(async () => {
    for (const role of Object.keys(STAFF_MAY) as (keyof typeof STAFF_MAY)[]) {
      const username = `staff_${role}`;
      await t.customerToken(username);
      const found = await t.request(`/api/admin/users?q=${username}`, {
        headers: { authorization: `Bearer ${tokens.admin}` },
      });
      const id = ((await found.json()) as { results: { _id: string; username: string }[] }).results.find(
        (user) => user.username === username,
      )?._id;
      assert(id !== undefined, `${username} is listed`);
      // The admin gives the role through Manage Users, as a company would; the customer session it had ends.
      const given = await t.request(`/api/admin/users/${id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ role }),
      });
      expect(given.status, await given.clone().text()).toBe(200);
      staffTokens[role] = await t.login(username, TEST_CUSTOMER_PASSWORD);
    }
  });

  it.each(Object.keys(STAFF_MAY) as (keyof typeof STAFF_MAY)[])(
    '%s: its routes are served, every other admin route answers 403 with the reason',
    async (role) => {
      const token = staffTokens[role];
      assert(token !== undefined);
      const failures: string[] = [];
      let allowed = 0;
      for (const key of adminRouteKeys(t.app)) {
        const res = await call(t.app, key, token);
        if (mayUse(STAFF_MAY[role], key)) {
          allowed++;
          if (res.status === 401 || res.status === 403 || res.status >= 500)
            failures.push(`${key}: answered ${res.status}`);
        } else if (res.status !== 403) failures.push(`${key}: answered ${res.status}, not 403`);
        else if (((await res.json()) as { message?: string }).message !== NOT_YOUR_PART_MESSAGE)
          failures.push(`${key}: 403 without the role's reason`);
      }
      expect(failures).toEqual([]);
      expect(allowed).toBeGreaterThan(4);
    },
  );

  it('keeps users, settings, backups, the newsletter and analytics for the admin alone', async () => {
    for (const role of Object.keys(STAFF_MAY) as (keyof typeof STAFF_MAY)[]) {
      for (const key of [
        'GET /api/admin/users',
        'PATCH /api/admin/users/:id',
        'PUT /api/company',
        'POST /api/admin/backup',
        'GET /api/admin/newsletter/subscribers',
        'GET /api/analytics',
        'PUT /api/admin/navigation/:menu',
        'PUT /api/admin/comment-settings',
      ]) {
        expect((await call(t.app, key, staffTokens[role])).status, `${role} ${key}`).toBe(403);
      }
    }
  });

  it("answers each role only the dashboard's figures of its parts", async () => {
    const figures = async (token: string | undefined) =>
      Object.keys(
        (await (
          await t.request('/api/dashboard/stats', { headers: { authorization: `Bearer ${token ?? ''}` } })
        ).json()) as object,
      ).sort();
    expect(await figures(tokens.admin)).toEqual(['totalOrders', 'totalProducts', 'totalRevenue', 'totalUsers']);
    expect(await figures(staffTokens.shop_manager)).toEqual(['totalOrders', 'totalProducts', 'totalRevenue']);
    expect(await figures(staffTokens.editor)).toEqual(['totalProducts']);
    expect(await figures(staffTokens.support)).toEqual(['totalProducts']);
    expect(await figures(staffTokens.author)).toEqual(['totalProducts']);
  });

  it('lets an editor write a post, and the write is recorded under the editor; support may not write one', async () => {
    const write = (token: string | undefined, title: string) =>
      t.request('/api/admin/blogs', {
        method: 'POST',
        headers: { authorization: `Bearer ${token ?? ''}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title }),
      });
    const before = (await t.db.selectFrom('blogs').select('id').execute()).length;
    expect((await write(staffTokens.support, 'From support')).status).toBe(403);
    expect((await write(staffTokens.shop_manager, 'From the shop')).status).toBe(403);
    expect((await t.db.selectFrom('blogs').select('id').execute()).length).toBe(before);
    const written = await write(staffTokens.editor, 'From the editor');
    expect(written.status).toBe(201);
    const editor = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'staff_editor')
      .executeTakeFirstOrThrow();
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('actor_id', '=', editor.id)
      .execute();
    expect(audit.map((row) => row.action)).toContain('blog.create');
  });
});
