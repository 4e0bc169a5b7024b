/** Builds the Hono app from its dependencies; never listens (main.ts does). */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './app-env.ts';
import type { Db } from './db/connection.ts';
import type { Deps } from './deps.ts';
import type { Env } from './env.ts';
import { mountAdminGuard } from './http/admin-guard.ts';
import { compressJson } from './http/compress.ts';
import { jsonOnly } from './http/json-only.ts';
import { methodNotAllowed, routeMethods } from './http/method-not-allowed.ts';
import { onError } from './http/on-error.ts';
import { closeAfterUnreadBody } from './http/unread-body.ts';
import { sameOriginWrites } from './http/same-origin.ts';
import { securityHeaderValues, securityHeaders } from './http/security-headers.ts';
import { isFileBodyRequest, isUploadRequest } from './http/upload-form.ts';
import { wellFormedUrl } from './http/well-formed-text.ts';
import { authenticate } from './modules/auth/authenticate.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { commentRoutes } from './modules/comments/comments.routes.ts';
import { eventRegistrationRoutes } from './modules/events/registrations.routes.ts';
import { newsletterAdminRoutes } from './modules/newsletter/newsletter.admin.routes.ts';
import { featuredAdminRoutes } from './modules/recommendations/featured.admin.routes.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { apiTokenRoutes } from './modules/api-tokens/api-tokens.routes.ts';
import { openApiRoute } from './openapi/openapi.route.ts';
import { backupRoutes } from './modules/backup/backup.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { companyAdminRoutes } from './modules/company/company.admin.routes.ts';
import { blogAdminRoutes } from './modules/blogs/blogs.admin.routes.ts';
import { blogDrafts } from './modules/blogs/blog-drafts.routes.ts';
import { productDrafts } from './modules/products/product-drafts.ts';
import { pageDrafts } from './modules/pages/page-drafts.ts';
import { audioDrafts } from './modules/content/audio-drafts.ts';
import { videoDrafts } from './modules/content/video-drafts.ts';
import { photoDrafts } from './modules/content/photo-drafts.ts';
import { planDrafts } from './modules/plans/plan-drafts.ts';
import { sliderDrafts } from './modules/sliders/slider-drafts.ts';
import { revisionSettingsRoutes } from './modules/revisions/revision-settings.routes.ts';
import { draftRoutes } from './modules/drafts/draft.routes.ts';
import { previewRoutes } from './modules/drafts/preview.routes.ts';
import { categoryRoutes } from './modules/categories/categories.routes.ts';
import { companyRoutes } from './modules/company/company.routes.ts';
import { companyDrafts, themeDrafts } from './modules/company/settings-drafts.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { contentAdminRoutes } from './modules/content/content.admin.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { countWrites } from './modules/content/list-rows-cache.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { documentDraftRoutes } from './modules/documents/document-draft.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { mediaLibraryRoutes } from './modules/media-library/library.routes.ts';
import { messageAdminRoutes } from './modules/messages/messages.admin.routes.ts';
import { messageRoutes } from './modules/messages/messages.routes.ts';
import type { VariantQueue } from './media/variant-queue.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { navigationRoutes } from './modules/navigation/navigation.routes.ts';
import { orderAdminRoutes } from './modules/orders/orders.admin.routes.ts';
import { customerOrderRoutes } from './modules/orders/orders.customer.routes.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { storeRoutes } from './modules/store/store.routes.ts';
import { pageRoutes } from './modules/pages/pages.routes.ts';
import { photoAdminRoutes } from './modules/photos/photos.admin.routes.ts';
import { planRoutes } from './modules/plans/plans.routes.ts';
import { productAdminRoutes } from './modules/products/products.admin.routes.ts';
import { recommendationRoutes } from './modules/recommendations/recommendations.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { sliderAdminRoutes } from './modules/sliders/sliders.admin.routes.ts';
import { sliderRoutes } from './modules/sliders/sliders.routes.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { userAdminRoutes } from './modules/users/users.admin.routes.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { importRoutes } from './modules/imports/imports.routes.ts';
import { redirectRoutes } from './modules/redirects/redirects.routes.ts';
import { publishCheckRoutes } from './modules/publish-checks/publish-checks.routes.ts';
import { invitationRoutes } from './modules/users/invitations.routes.ts';
import { rebuildAfterChange } from './site/site-changed.ts';

export interface AppDeps {
  db: Db;
  env: Env;
  /** Built once by createDeps(env) (deps.ts). */
  deps: Deps;
  /** Picture variants still being encoded after a first start (npm start only); /media waits for one asked for. */
  variants?: VariantQueue | undefined;
}

/** JSON routes take at most 100 KiB (security.md R38); upload routes set their own limit. */
const JSON_BODY_LIMIT = 100 * 1024;
const API_PREFIX = '/api';
/** Pages whose URL may carry a token (R19). */
const NO_REFERRER_PAGES = [
  '/login',
  '/login/',
  '/reset-password',
  '/reset-password/',
  '/accept-invitation',
  '/accept-invitation/',
  '/orders/view',
  '/orders/view/',
  '/preview',
  '/preview/',
  ...['confirm', 'unsubscribe'].flatMap((p) => [`/newsletter/${p}`, `/newsletter/${p}/`]),
  '/events/cancel',
  '/events/cancel/',
];

export function createApp({ db, env, deps, variants }: AppDeps) {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  // First, so it sees the final answer, refusals included.
  app.use(closeAfterUnreadBody);
  const security = securityHeaderValues(env);
  // Registered before the security headers so that it runs after them, and only on those pages.
  for (const page of NO_REFERRER_PAGES) {
    app.use(page, async (c, next) => {
      await next();
      c.res.headers.set('Referrer-Policy', 'no-referrer');
    });
  }
  app.use(securityHeaders(security));
  // Before anything reads a body or touches the database (R57).
  app.use(sameOriginWrites(env.SITE_URL));
  app.use(async (c, next) => {
    c.set('db', db);
    c.set('env', env);
    await next();
  });

  const api = new Hono<AppEnv>();
  // Every page view reads the company, which is the same for everyone: its answer is prebuilt in memory, compressed
  // copies and headers included (security ones too, which the middleware above then skips). Mounted ahead of the
  // body limit, compression and authentication below, which it has no use for; errors still pass the middleware above.
  api.route('/company', companyRoutes(security));
  const limitBody = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: (c) => c.json({ message: 'Request body too large' }, 413),
  });
  // A read that announces no body has nothing to limit; skipping it spares every read building a full Request.
  const bodiless = (c: Context) =>
    (c.req.method === 'GET' || c.req.method === 'HEAD') &&
    !c.req.header('content-length') &&
    !c.req.header('transfer-encoding');
  // An upload's multipart body is limited by its route instead, after the admin guard (uploadBodyLimit,
  // upload-form.ts).
  // So is the archive a restore takes, streamed to disk by its route (restore.routes.ts).
  api.use((c, next) => (bodiless(c) || isUploadRequest(c) || isFileBodyRequest(c) ? next() : limitBody(c, next)));
  // Outside everything that answers, so errors and 304s pass through it too.
  api.use(compressJson());
  api.use(wellFormedUrl);
  // Upload routes (UPLOAD_ROUTES) take multipart too.
  api.use(jsonOnly({ multipart: isUploadRequest, fileBody: isFileBodyRequest }));
  api.use(authenticate(env, deps.keys.sessionBinding));
  // Before every router below, so each admin route is guarded by where it lives (ADMIN_AREAS), not by its module.
  mountAdminGuard(api, API_PREFIX);
  api.use(rebuildAfterChange(deps.rebuilds));
  // The filtered lists' rows are read again after any write (list-rows-cache.ts).
  api.use(countWrites);
  api.route('/health', healthRoutes);
  api.route('/auth', authRoutes(env, deps));
  api.route('/recommendations', recommendationRoutes);
  api.route('/sliders', sliderRoutes);
  // PUT /api/company, behind the admin guard (the public GET is mounted above).
  api.route('/', companyAdminRoutes());
  // GET /api/dashboard/stats and /api/admin/* (activity, site status and rebuild, notifications), every one admin-only.
  api.route('/', adminRoutes(deps));
  // Slider writes (POST/PUT/PATCH/DELETE /api/sliders..., /api/admin/sliders...), every one behind the admin guard.
  api.route('/', sliderAdminRoutes());
  api.route('/', userAdminRoutes(deps));
  // A staff invitation's link: the invited person, who has no account yet.
  api.route('/', invitationRoutes());
  api.route('/', photoAdminRoutes());
  // Content: every write behind the admin guard; pages, plans and documents also answer public reads of published
  // items.
  api.route('/', contentAdminRoutes(deps));
  api.route('/', blogAdminRoutes());
  api.route('/', draftRoutes(deps, blogDrafts));
  api.route('/', draftRoutes(deps, productDrafts));
  api.route('/', draftRoutes(deps, pageDrafts));
  api.route('/', documentDraftRoutes(deps));
  api.route('/', draftRoutes(deps, audioDrafts));
  api.route('/', draftRoutes(deps, videoDrafts));
  api.route('/', draftRoutes(deps, photoDrafts));
  api.route('/', draftRoutes(deps, planDrafts));
  api.route('/', draftRoutes(deps, sliderDrafts));
  api.route('/', draftRoutes(deps, companyDrafts));
  api.route('/', draftRoutes(deps, themeDrafts));
  api.route('/', revisionSettingsRoutes());
  api.route('/', mediaLibraryRoutes());
  api.route('/preview', previewRoutes(deps));
  api.route('/', productAdminRoutes());
  api.route('/', orderAdminRoutes(deps));
  api.route('/', pageRoutes());
  api.route('/', documentRoutes());
  api.route('/', planRoutes());
  // Newsletter double opt-in, the contact form's messages, the team on About (public reads, admin writes).
  api.route('/', newsletterRoutes(deps));
  api.route('/', newsletterAdminRoutes(deps));
  // What visitors do and say: counters and likes, comments and reviews, event registrations, featured pins.
  api.route('/', activityRoutes(deps));
  api.route('/', commentRoutes(deps));
  api.route('/', eventRegistrationRoutes(deps));
  api.route('/', featuredAdminRoutes(deps));
  // Publishing and unpublishing set for a later time.
  api.route('/', scheduleRoutes());
  api.route('/', contactRoutes(deps));
  api.route('/', teamRoutes());
  // The header and footer menus: the public, resolved read and the admin's read and save.
  api.route('/', navigationRoutes());
  // The categories per content type (public read for the build's filters, admin writes).
  api.route('/', categoryRoutes());
  // The store's settings, checkout, a customer's own orders, payment providers' webhooks.
  api.route('/', storeRoutes(deps));
  api.route('/', checkoutRoutes(deps));
  api.route('/', customerOrderRoutes(deps));
  api.route('/', paymentRoutes(deps));
  // Conversations with the company (the visitor's and the admin's side), one's own account, analytics.
  api.route('/', messageRoutes(deps));
  api.route('/', messageAdminRoutes(deps));
  api.route('/', accountRoutes(deps));
  api.route('/', analyticsRoutes());
  api.route('/', backupRoutes());
  api.route('/', webhookRoutes(deps));
  // Moving in from WordPress or Shopify; the old addresses it leaves, for the build's _redirects.
  api.route('/', importRoutes());
  api.route('/', redirectRoutes);
  // What the last publish checks found and held back; running them again.
  api.route('/', publishCheckRoutes());
  // API tokens for other systems (made and revoked by the admin; honoured by the admin guard within their scopes).
  api.route('/', apiTokenRoutes());
  api.route('/search', searchRoutes);
  api.route('/', contentRoutes);
  // The API's description, made from the routes above on first read (openapi-document.ts).
  api.get(
    '/openapi.json',
    openApiRoute(() => api.routes, API_PREFIX, env.PUBLIC_API_URL ?? env.SITE_URL),
  );
  const methodsOf = routeMethods(() => api.routes);
  api.all('*', (c) => {
    const allow = methodsOf(c.req.path.slice(API_PREFIX.length));
    return allow.length > 0 && !allow.includes(c.req.method)
      ? methodNotAllowed(c, allow)
      : c.json({ message: 'Not found' }, 404);
  });

  app.route(API_PREFIX, api);
  app.route('/media', mediaRoutes(deps.storage.media, variants));
  return app;
}

export type App = ReturnType<typeof createApp>;
