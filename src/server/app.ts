/** Builds the Hono app from its dependencies; never listens (main.ts does). */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { Db } from './db/connection.ts';
import type { Env } from './env.ts';
import { headersAddedBy } from './http/added-headers.ts';
import { compressJson } from './http/compress.ts';
import { onError } from './http/on-error.ts';
import { authenticate, type AuthUser } from './middleware/auth.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { companyFastPath, companyRoutes } from './modules/company/company.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { recommendationRoutes } from './modules/recommendations/recommendations.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { sliderRoutes } from './modules/sliders/sliders.routes.ts';

export interface AppDeps {
  db: Db;
  env: Env;
}

/** `user` is set by the auth middleware when a valid bearer token came with the request. */
export type AppEnv = { Variables: { db: Db; env: Env; user?: AuthUser } };

/** JSON routes take at most 100 KiB (security.md R38); upload routes set their own limit. */
const JSON_BODY_LIMIT = 100 * 1024;
const NO_REFERRER = /^\/(login|reset-password)\/?$/;

function securityHeaders(env: Env) {
  return secureHeaders({
    strictTransportSecurity: env.SITE_URL.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: 'DENY',
    permissionsPolicy: { microphone: ['self'], camera: [], geolocation: [] },
  });
}

/**
 * Requests answered at the HTTP layer before the app (main.ts): GET /api/company from memory, carrying the headers
 * the app's security middleware adds. A middleware added to createApp that sets headers on /api/company must be
 * added here too (tests/integration/http-caching.test.ts compares both paths).
 */
export async function createFastPath({ db, env }: AppDeps) {
  return companyFastPath(db, await headersAddedBy(securityHeaders(env)));
}

export function createApp({ db, env }: AppDeps) {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  const security = securityHeaders(env);
  // Registered before secureHeaders so that it runs after it: pages whose URL may carry a token send no Referer (R19).
  app.use(async (c, next) => {
    await next();
    if (NO_REFERRER.test(c.req.path)) c.res.headers.set('Referrer-Policy', 'no-referrer');
  });
  app.use(security);
  app.use(async (c, next) => {
    c.set('db', db);
    c.set('env', env);
    await next();
  });

  const api = new Hono<AppEnv>();
  const limitBody = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: (c) => c.json({ message: 'Request body too large' }, 413) });
  // A read that announces no body has nothing to limit; skipping it spares every read building a full Request.
  const bodiless = (c: Context) => (c.req.method === 'GET' || c.req.method === 'HEAD') && !c.req.header('content-length') && !c.req.header('transfer-encoding');
  api.use((c, next) => (bodiless(c) ? next() : limitBody(c, next)));
  // Outside everything that answers, so errors and 304s pass through it too.
  api.use(compressJson());
  api.use(authenticate(env));
  api.route('/health', healthRoutes);
  api.route('/auth', authRoutes(env));
  api.route('/company', companyRoutes);
  api.route('/recommendations', recommendationRoutes);
  api.route('/sliders', sliderRoutes);
  api.route('/search', searchRoutes);
  api.route('/', contentRoutes);
  api.all('*', (c) => c.json({ message: 'Not found' }, 404));

  app.route('/api', api);
  app.route('/media', mediaRoutes(env.DATA_DIR));
  return app;
}

export type App = ReturnType<typeof createApp>;
