/**
 * Comments on posts and reviews of audio and products, and their moderation. Visitors: GET the approved ones of an
 * item, POST a new one when signed in (the author is the account, never a name from the body). Admin (behind the
 * guard on /api/admin/*): the queue, approve / reject / spam / edit, delete, block the author, the moderation setting.
 */
import { Hono, type Context } from 'hono';
import { COMMENT_TOO_MANY, SIGN_IN_TO_COMMENT, type CommentType } from '../../../shared/comments.ts';
import {
  checkAdminCommentsQuery,
  checkCommentChange,
  checkCommentSettings,
  checkNewComment,
  checkNewReview,
  parseCommentType,
} from '../../../shared/schemas/comments.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { attemptStore } from '../../http/attempt-store.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { noStore } from '../../http/no-store.ts';
import { slidingWindow, UNLIMITED, type AttemptLimiter } from '../../http/rate-limit.ts';
import { jsonBody, validQuery } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { siteChanged, type SiteChange } from '../../site/site-changed.ts';
import {
  changeComment,
  commentQueue,
  commentSettings,
  listPublished,
  postComment,
  removeComment,
  saveCommentSettings,
  setCommenterBlocked,
} from './comments.service.ts';

/** Comments and reviews one account may send in ten minutes. */
export const COMMENT_USER_LIMIT = { limit: 5, windowMs: 10 * 60_000 } as const;
/** Comments and reviews one address may send in ten minutes, whichever accounts send them. */
export const COMMENT_ADDRESS_LIMIT = { limit: 20, windowMs: 10 * 60_000 } as const;

/** What a change to each type's comments changes on the public site. */
const SITE_PART: Record<CommentType, SiteChange> = { blog: 'blogs', audio: 'audio', product: 'products' };

/** The guest's refusal: commenting needs an account (guest comments with a mailed code are not offered). */
const signedIn = (c: Context<AppEnv>) => {
  if (!c.get('user')) throw new ApiError(401, SIGN_IN_TO_COMMENT);
  return signedInUser(c);
};

function commentRef(c: Context<AppEnv>): { type: CommentType; id: string } {
  const type = parseCommentType(c.req.param('type') ?? '');
  const id = c.req.param('id') ?? '';
  if (!type || id.length > 100) throw notFound('Comment not found');
  return { type, id };
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- mounted like its siblings; nothing here mails (guests are not offered comments)
export function commentRoutes(_deps: Deps) {
  // One pair of limiters per app; RATE_LIMITS=off (test rigs behind one address) is read on the first request.
  let limiters: { user: AttemptLimiter; address: AttemptLimiter } | undefined;

  /** Counts the attempt against the account's and the address's windows; 429 when either is full. */
  async function countAttempt(c: Context<AppEnv>, userId: string): Promise<void> {
    const env = c.get('env');
    limiters ??=
      env.RATE_LIMITS === 'on'
        ? {
            user: slidingWindow('comments.user', COMMENT_USER_LIMIT),
            address: slidingWindow('comments.address', COMMENT_ADDRESS_LIMIT),
          }
        : { user: UNLIMITED, address: UNLIMITED };
    const { decision } = await attemptStore(c.get('db'), env).reserve([
      [limiters.user, userId],
      [limiters.address, clientIp(c)],
    ]);
    if (!decision.allowed)
      throw new ApiError(429, COMMENT_TOO_MANY, { headers: { 'Retry-After': String(decision.retryAfterSeconds) } });
  }

  /** A visitor's new comment (blog) or review (audio, product) on the item the path names. */
  async function post(c: Context<AppEnv>, type: CommentType, ref: string, input: Parameters<typeof postComment>[4]) {
    const user = signedIn(c);
    await countAttempt(c, user.id);
    const { posted, shown } = await postComment(c.get('db'), user, type, ref, input);
    if (shown) siteChanged(c, SITE_PART[type]);
    return c.json(posted, 201);
  }

  return (
    new Hono<AppEnv>()
      .use('/blogs/:slug/comments', noStore)
      .use('/audios/:id/reviews', noStore)
      .use('/products/:id/reviews', noStore)
      .get('/blogs/:slug/comments', async (c) => c.json(await listPublished(c.get('db'), 'blog', c.req.param('slug'))))
      .get('/audios/:id/reviews', async (c) => c.json(await listPublished(c.get('db'), 'audio', c.req.param('id'))))
      .get('/products/:id/reviews', async (c) => c.json(await listPublished(c.get('db'), 'product', c.req.param('id'))))
      // The session is checked before the body, so a guest hears 'Sign in to comment' whatever it sent.
      .post(
        '/blogs/:slug/comments',
        (c, next) => (signedIn(c), next()),
        jsonBody(checkNewComment),
        (c) => post(c, 'blog', c.req.param('slug'), c.req.valid('json')),
      )
      .post(
        '/audios/:id/reviews',
        (c, next) => (signedIn(c), next()),
        jsonBody(checkNewReview),
        (c) => post(c, 'audio', c.req.param('id'), c.req.valid('json')),
      )
      .post(
        '/products/:id/reviews',
        (c, next) => (signedIn(c), next()),
        jsonBody(checkNewReview),
        (c) => post(c, 'product', c.req.param('id'), c.req.valid('json')),
      )
      .get('/admin/comments', validQuery(checkAdminCommentsQuery), async (c) =>
        c.json(await commentQueue(c.get('db'), c.req.valid('query'))),
      )
      .get('/admin/comment-settings', async (c) => c.json(await commentSettings(c.get('db'))))
      .put('/admin/comment-settings', jsonBody(checkCommentSettings), async (c) => {
        const settings = await saveCommentSettings(c.get('db'), c.req.valid('json'));
        return c.json({ message: 'Saved. New comments follow this rule from now on.', ...settings });
      })
      .patch('/admin/comments/:type/:id', jsonBody(checkCommentChange), async (c) => {
        const { type, id } = commentRef(c);
        const result = await changeComment(c.get('db'), signedInUser(c), type, id, c.req.valid('json'));
        siteChanged(c, SITE_PART[type], result.publicChange);
        return c.json({ message: result.message, comment: result.comment });
      })
      .delete('/admin/comments/:type/:id', async (c) => {
        const { type, id } = commentRef(c);
        const result = await removeComment(c.get('db'), signedInUser(c), type, id);
        siteChanged(c, SITE_PART[type], result.publicChange);
        return c.json({ message: 'Comment deleted' });
      })
      .post('/admin/comments/:type/:id/block', async (c) => {
        const { type, id } = commentRef(c);
        return c.json(await setCommenterBlocked(c.get('db'), signedInUser(c), type, id, true));
      })
      .delete('/admin/comments/:type/:id/block', async (c) => {
        const { type, id } = commentRef(c);
        return c.json(await setCommenterBlocked(c.get('db'), signedInUser(c), type, id, false));
      })
  );
}
