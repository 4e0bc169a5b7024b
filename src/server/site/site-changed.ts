/**
 * The one way an admin write asks for a site rebuild: its handler names what it changed (siteChanged), and
 * rebuildAfterChange, mounted once in app.ts, asks the scheduler when the answer is a success. A write that fails
 * after naming its change (a later step refused, the database gone) asks for nothing. A change made with no request
 * (a scheduled publish at its time) asks through requestRebuild, with the same reason.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { RebuildScheduler } from './rebuild-scheduler.ts';

/** What an admin write changed on the public site; the rebuild's reason reads `<what> changed`. */
export type SiteChange =
  | 'audio'
  | 'blogs'
  | 'company settings'
  | 'documents'
  | 'events'
  | 'featured items'
  | 'media'
  | 'navigation'
  | 'pages'
  | 'photos'
  | 'plans'
  | 'products'
  // The admin ran the publish checks: what they hold back may have changed.
  | 'publish checks'
  | 'sliders'
  | 'store settings'
  | 'team'
  | 'theme settings'
  // A backup restored into the running site, or its restore undone.
  | 'the whole site'
  | 'videos';

/** Marks the request as changing `what` on the public site, unless `publicChange` is false (a draft's edit). */
export function siteChanged(c: Context<AppEnv>, what: SiteChange, publicChange = true): void {
  if (publicChange) c.set('siteChange', what);
}

/** Asks for the rebuild of a change: a request's (rebuildAfterChange), or one made at its time (a scheduled publish). */
export function requestRebuild(rebuilds: Pick<RebuildScheduler, 'request'>, what: SiteChange): void {
  rebuilds.request(`${what} changed`);
}

/** After the handler: a 2xx answer to a request marked by siteChanged becomes one rebuild request. */
export function rebuildAfterChange(rebuilds: Pick<RebuildScheduler, 'request'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const what = c.get('siteChange');
    if (what !== undefined && c.res.status >= 200 && c.res.status < 300) requestRebuild(rebuilds, what);
  };
}
