/**
 * The admin dashboard's reads and the site's publish state: stats, recent activity, whether
 * the public site is up to date, a rebuild on demand, notifications. Every route is admin-only and never cached.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  heldBackText,
  postsInReviewText,
  statsFor,
  type AdminNotification,
  type PublishStatus,
} from '../../../shared/admin.ts';
import { can } from '../../../shared/staff-roles.ts';
import { postsInReview } from '../blogs/blogs.admin.repository.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { AUDIT_PAGE_MAX, recentAudit, recordAudit } from '../audit/audit.repository.ts';
import { dashboardStats } from './admin.repository.ts';
import { heldSummary } from '../publish-checks/publish-checks.repository.ts';

const ActivityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(20),
});

/** What an admin must know now: a failed site build, with its reason. */
export function adminNotifications(status: PublishStatus): AdminNotification[] {
  if (status.state !== 'failed') return [];
  const reason = status.reason ? `: ${status.reason}` : '';
  return [
    {
      id: `rebuild-failed-${status.since}`,
      kind: 'rebuild-failed',
      text: `The public site could not be rebuilt${reason}. It still shows the previous version.`,
      at: status.since,
    },
  ];
}

export function adminRoutes(deps: Pick<Deps, 'rebuilds'>) {
  return new Hono<AppEnv>()
    .get('/dashboard/stats', async (c) => c.json(statsFor(signedInUser(c).role, await dashboardStats(c.get('db')))))
    .get('/admin/activity', async (c) => {
      const query = ActivityQuery.safeParse({ limit: c.req.query('limit') });
      if (!query.success) throw fieldError(400, `Limit must be a whole number from 1 to ${AUDIT_PAGE_MAX}.`, 'limit');
      return c.json({ results: await recentAudit(c.get('db'), query.data.limit) });
    })
    .get('/admin/site-status', (c) => c.json(deps.rebuilds.status()))
    .post('/admin/site-rebuild', async (c) => {
      const user = c.get('user');
      if (!user) throw new ApiError(401, 'Please sign in');
      await recordAudit(c.get('db'), user, {
        action: 'site.rebuild',
        target: { type: 'site', id: '' },
        summary: 'Site rebuild requested',
      });
      deps.rebuilds.retry();
      return c.json(deps.rebuilds.status(), 202);
    })
    .get('/admin/notifications', async (c) => {
      const results = adminNotifications(deps.rebuilds.status());
      // Editors (and the admin) are told of the posts authors sent; the rest of the staff have nothing to do there.
      if (can(signedInUser(c).role, 'content')) {
        const waiting = await postsInReview(c.get('db'));
        if (waiting.count > 0 && waiting.latest !== null)
          results.push({
            id: `posts-in-review-${waiting.latest}`,
            kind: 'posts-in-review',
            text: postsInReviewText(waiting.count),
            at: waiting.latest,
            href: '/admin/content?tab=Blogs',
          });
      }
      // The report is the admin's: the admin alone is told what the publish checks hold back.
      if (can(signedInUser(c).role, 'everything')) {
        const { checkedAt, held } = await heldSummary(c.get('db'));
        if (held > 0 && checkedAt !== null)
          results.push({
            id: `publish-held-${checkedAt}`,
            kind: 'publish-held',
            text: heldBackText(held),
            at: checkedAt,
            href: '/admin/publish-checks',
          });
      }
      return c.json({ results });
    });
}
