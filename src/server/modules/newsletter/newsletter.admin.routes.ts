/**
 * The newsletter's admin side under /api/admin/newsletter (the admin guard covers every route): subscribers (list,
 * CSV export, removal, import) and issues (compose, preview, test to oneself, send to every confirmed subscriber).
 */
import { type Context, Hono } from 'hono';
import {
  checkIssue,
  checkIssuesQuery,
  checkSubscriberImport,
  ISSUE_NOT_FOUND,
  SUBSCRIBER_NOT_FOUND,
} from '../../../shared/schemas/newsletter-admin.ts';
import { checkSubscribersQuery } from '../../../shared/schemas/newsletter.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { jsonBody, validQuery } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import {
  audience,
  createIssue,
  getIssue,
  importSubscribers,
  listIssues,
  previewIssue,
  removeIssue,
  removeSubscriber,
  sendIssue,
  sendTestIssue,
  subscribersCsv,
  updateIssue,
  type AdminDeps,
} from './newsletter-admin.service.ts';
import { listSubscribers } from './newsletter.service.ts';

/** Ids are server-made UUIDs; anything longer is none. */
const ID_MAX = 100;

function idParam(c: Context<AppEnv>, missing: string): string {
  const id = c.req.param('id') ?? '';
  if (id.length > ID_MAX) throw notFound(missing);
  return id;
}

export function newsletterAdminRoutes({ mailer }: Deps) {
  const deps = (c: Context<AppEnv>): AdminDeps => ({ db: c.get('db'), env: c.get('env'), mailer });
  const base = '/admin/newsletter';
  return new Hono<AppEnv>()
    .get(`${base}/audience`, async (c) => c.json(await audience(c.get('db'))))
    .get(`${base}/subscribers`, validQuery(checkSubscribersQuery), async (c) =>
      c.json(await listSubscribers(c.get('db'), c.req.valid('query'))),
    )
    .get(`${base}/subscribers/export`, validQuery(checkSubscribersQuery), async (c) => {
      const { q, status, source } = c.req.valid('query');
      const csv = await subscribersCsv(c.get('db'), { q, status, source });
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv"`,
      });
    })
    .post(`${base}/subscribers/import`, jsonBody(checkSubscriberImport), async (c) =>
      c.json(await importSubscribers(c.get('db'), c.req.valid('json').csv)),
    )
    .delete(`${base}/subscribers/:id`, async (c) => {
      const email = await removeSubscriber(c.get('db'), idParam(c, SUBSCRIBER_NOT_FOUND));
      return c.json({ message: `${email} was removed from the newsletter.` });
    })
    .get(`${base}/issues`, validQuery(checkIssuesQuery), async (c) => {
      const { page, pageSize } = c.req.valid('query');
      return c.json(await listIssues(c.get('db'), page, pageSize));
    })
    .post(`${base}/issues`, jsonBody(checkIssue), async (c) => {
      const issue = await createIssue(c.get('db'), c.req.valid('json'));
      return c.json({ message: 'The draft was saved.', issue }, 201);
    })
    .get(`${base}/issues/:id`, async (c) => c.json(await getIssue(c.get('db'), idParam(c, ISSUE_NOT_FOUND))))
    .put(`${base}/issues/:id`, jsonBody(checkIssue), async (c) => {
      const issue = await updateIssue(c.get('db'), idParam(c, ISSUE_NOT_FOUND), c.req.valid('json'));
      return c.json({ message: 'The draft was saved.', issue });
    })
    .delete(`${base}/issues/:id`, async (c) => {
      await removeIssue(c.get('db'), idParam(c, ISSUE_NOT_FOUND));
      return c.json({ message: 'The draft was deleted.' });
    })
    .post(`${base}/issues/:id/send`, async (c) => {
      const issue = await sendIssue(c.get('db'), idParam(c, ISSUE_NOT_FOUND));
      const n = issue.counts.total;
      return c.json({ message: `Sending to ${n} ${n === 1 ? 'subscriber' : 'subscribers'}.`, issue }, 202);
    })
    .post(`${base}/preview`, jsonBody(checkIssue), async (c) =>
      c.json(await previewIssue(deps(c), c.req.valid('json'))),
    )
    .post(`${base}/test`, jsonBody(checkIssue), async (c) => {
      const { email } = signedInUser(c);
      await sendTestIssue(deps(c), email, c.req.valid('json'));
      return c.json({ message: `A test was sent to ${email}.` });
    });
}
