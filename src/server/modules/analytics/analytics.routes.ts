/**
 * First-party, cookie-less page-view counting and the admin's analytics over a date range:
 * POST /api/analytics/view (public; always 204 once the body is well formed, counted or not),
 * GET /api/analytics and GET /api/analytics/export (admin only, never cached).
 */
import { Hono } from 'hono';
import { utcDay } from '../../../shared/analytics.ts';
import { bodyCheck } from '../../../shared/schemas/refusal.ts';
import { checkAnalyticsQuery, checkExportQuery, PageViewBody } from '../../../shared/schemas/analytics.ts';
import type { AppEnv } from '../../app-env.ts';
import { attemptStore } from '../../http/attempt-store.ts';
import { slidingWindow, UNLIMITED, type AttemptLimiter } from '../../http/rate-limit.ts';
import { jsonBody, validQuery } from '../../http/valid-input.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { csvFileName, reportCsv } from './analytics-csv.ts';
import { analyticsReport, createViewCounter } from './analytics.service.ts';
import { isBot, normalisePath, optsOut, referrerHost, siteHostOf } from './view-rules.ts';

/** Views one address may have counted per minute (an office behind one address included); more are answered alike and not counted. */
export const VIEW_LIMIT = { limit: 300, windowMs: 60_000 } as const;

export function analyticsRoutes() {
  const router = new Hono<AppEnv>();
  const countView = createViewCounter();
  // One limiter per app; RATE_LIMITS=off (test rigs behind one address) is read on the first request.
  let limiter: AttemptLimiter | undefined;
  let siteHost: string | undefined;

  router.post('/analytics/view', jsonBody(bodyCheck(PageViewBody)), async (c) => {
    const env = c.get('env');
    const view = c.req.valid('json');
    const userAgent = c.req.header('user-agent') ?? '';
    const noContent = () => c.body(null, 204);
    if (optsOut(c.req.header('dnt'), c.req.header('sec-gpc')) || isBot(userAgent)) return noContent();
    const ip = clientIp(c);
    limiter ??= env.RATE_LIMITS === 'on' ? slidingWindow('analytics.view.ip', VIEW_LIMIT) : UNLIMITED;
    if (!(await attemptStore(c.get('db'), env).reserve([[limiter, ip]])).decision.allowed) return noContent();
    const path = normalisePath(view.path);
    if (path === null) return noContent();
    siteHost ??= siteHostOf(env.SITE_URL);
    await countView(c.get('db'), { path, referrerHost: referrerHost(view.referrer, siteHost), ip, userAgent });
    return noContent();
  });

  router.get(
    '/analytics',
    validQuery((query) => checkAnalyticsQuery(query, utcDay(new Date()))),
    async (c) => c.json(await analyticsReport(c.get('db'), c.req.valid('query'))),
  );

  router.get(
    '/analytics/export',
    validQuery((query) => checkExportQuery(query, utcDay(new Date()))),
    async (c) => {
      const { table, ...range } = c.req.valid('query');
      const report = await analyticsReport(c.get('db'), range);
      return c.body(reportCsv(report, table), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${csvFileName(report, table)}"`,
      });
    },
  );

  return router;
}
