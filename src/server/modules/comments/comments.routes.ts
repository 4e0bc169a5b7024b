/**
 * Comments on posts and reviews of audio and products, and their moderation. Visitors: GET the approved ones of an
 * item, POST a new one when signed in (the author is the account, never a name from the body) or, when the site
 * allows guests, with a name, an email and the code mailed there (POST /comments/guest-code). Admin (behind the guard
 * on /api/admin/*): the queue, approve / reject / spam / edit, delete, block the author, the comment settings.
 */
import { Hono, type Context, type Next } from 'hono';
import { validator } from 'hono/validator';
import {
  COMMENT_TOO_MANY,
  type CommentDigests,
  GUEST_CODE_SENT,
  GUEST_CODE_TOO_MANY,
  SIGN_IN_TO_COMMENT,
  type CommentType,
} from '../../../shared/comments.ts';
import {
  checkAdminCommentsQuery,
  checkCommentChange,
  checkCommentSettings,
  checkGuestCodeRequest,
  checkGuestFields,
  checkNewComment,
  checkNewReview,
  parseCommentType,
  type GuestInput,
  type NewCommentInput,
} from '../../../shared/schemas/comments.ts';
import type { FieldCheck } from '../../../shared/schemas/refusal.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { attemptStore } from '../../http/attempt-store.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { noStore } from '../../http/no-store.ts';
import { slidingWindow, UNLIMITED, type AttemptLimiter } from '../../http/rate-limit.ts';
import { jsonBody, passed, validQuery } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { siteChanged, type SiteChange } from '../../site/site-changed.ts';
import {
  changeComment,
  commentDigests,
  commentQueue,
  type CommentAuthor,
  commentSettings,
  listPublished,
  postComment,
  publicCommentSettings,
  removeComment,
  requestGuestCode,
  saveCommentSettings,
  setCommenterBlocked,
} from './comments.service.ts';

/** Comments and reviews one account may send in ten minutes. */
export const COMMENT_USER_LIMIT = { limit: 5, windowMs: 10 * 60_000 } as const;
/** Comments and reviews one address may send in ten minutes, whichever accounts send them. */
export const COMMENT_ADDRESS_LIMIT = { limit: 20, windowMs: 10 * 60_000 } as const;

/** Codes one address may ask for in 15 minutes, whichever emails they are for (as the sign-in code). */
export const GUEST_CODE_ADDRESS_LIMIT = { limit: 20, windowMs: 15 * 60_000 } as const;
/** Codes one email may be sent in 15 minutes, whoever asks (as the sign-in code's per-browser limit). */
export const GUEST_CODE_EMAIL_LIMIT = { limit: 3, windowMs: 15 * 60_000 } as const;

/** What a change to each type's comments changes on the public site. */
const SITE_PART: Record<CommentType, SiteChange> = { blog: 'blogs', audio: 'audio', product: 'products' };

/** A guest may go on only where the site allows guests; otherwise it hears 'Sign in to comment' as before. */
async function signedInOrGuestsAllowed(c: Context<AppEnv>, next: Next) {
  if (!c.get('user') && !(await commentSettings(c.get('db'))).guests) throw new ApiError(401, SIGN_IN_TO_COMMENT);
  await next();
}

/**
 * A comment's or review's body checked by `check`; a guest's name, email and code are checked first (the order its
 * form asks for them), an account's are never read.
 */
const commentBody = <T extends NewCommentInput>(check: (body: unknown) => FieldCheck<T>) =>
  validator('json', (input, c: Context<AppEnv>) => {
    const guest = c.get('user') ? undefined : passed(checkGuestFields(input));
    return { ...passed(check(input)), guest };
  });

function commentRef(c: Context<AppEnv>): { type: CommentType; id: string } {
  const type = parseCommentType(c.req.param('type') ?? '');
  const id = c.req.param('id') ?? '';
  if (!type || id.length > 100) throw notFound('Comment not found');
  return { type, id };
}

export function commentRoutes(deps: Deps) {
  // One set of limiters per app; RATE_LIMITS=off (test rigs behind one address) is read on the first request.
  let limiters:
    | { user: AttemptLimiter; address: AttemptLimiter; codeAddress: AttemptLimiter; codeEmail: AttemptLimiter }
    | undefined;
  const limitersFor = (c: Context<AppEnv>) => {
    const on = c.get('env').RATE_LIMITS === 'on';
    limiters ??= {
      user: on ? slidingWindow('comments.user', COMMENT_USER_LIMIT) : UNLIMITED,
      address: on ? slidingWindow('comments.address', COMMENT_ADDRESS_LIMIT) : UNLIMITED,
      codeAddress: on ? slidingWindow('comments.guest-code.address', GUEST_CODE_ADDRESS_LIMIT) : UNLIMITED,
      // Per email whatever RATE_LIMITS says, as the sign-in code's: it bounds the mails one inbox gets.
      codeEmail: slidingWindow('comments.guest-code.email', GUEST_CODE_EMAIL_LIMIT),
    };
    return limiters;
  };

  /** Counts the attempts against `pairs`; 429 with `message` when any is full. */
  async function countAttempt(c: Context<AppEnv>, pairs: [AttemptLimiter, string][], message: string) {
    const { decision } = await attemptStore(c.get('db'), c.get('env')).reserve(pairs);
    if (!decision.allowed)
      throw new ApiError(429, message, { headers: { 'Retry-After': String(decision.retryAfterSeconds) } });
  }

  /** A visitor's new comment (blog) or review (audio, product) on the item the path names. */
  async function post(
    c: Context<AppEnv>,
    type: CommentType,
    ref: string,
    { guest, ...input }: Parameters<typeof postComment>[4] & { guest: GuestInput | undefined },
  ) {
    const user = c.get('user');
    const by: CommentAuthor | undefined = user ? { user } : guest && { guest, codeKey: deps.keys.otp };
    if (!by) throw new ApiError(401, SIGN_IN_TO_COMMENT);
    const limits = limitersFor(c);
    // A guest's attempts count against its email as an account's against the account, so codes cannot be guessed faster.
    const key = 'user' in by ? by.user.id : `guest:${by.guest.email}`;
    await countAttempt(
      c,
      [
        [limits.user, key],
        [limits.address, clientIp(c)],
      ],
      COMMENT_TOO_MANY,
    );
    const { posted, shown } = await postComment(c.get('db'), by, type, ref, input);
    if (shown) siteChanged(c, SITE_PART[type]);
    return c.json(posted, 201);
  }

  return (
    new Hono<AppEnv>()
      .use('/blogs/:slug/comments', noStore)
      .use('/audios/:id/reviews', noStore)
      .use('/products/:id/reviews', noStore)
      .use('/comment-settings', noStore)
      .use('/comments/:type/digests', noStore)
      .use('/comments/guest-code', noStore)
      .get('/blogs/:slug/comments', async (c) => c.json(await listPublished(c.get('db'), 'blog', c.req.param('slug'))))
      .get('/audios/:id/reviews', async (c) => c.json(await listPublished(c.get('db'), 'audio', c.req.param('id'))))
      .get('/products/:id/reviews', async (c) => c.json(await listPublished(c.get('db'), 'product', c.req.param('id'))))
      .get('/comment-settings', async (c) => c.json(await publicCommentSettings(c.get('db'))))
      .get('/comments/:type/digests', async (c) => {
        const type = parseCommentType(c.req.param('type'));
        if (!type) throw notFound();
        return c.json({ results: await commentDigests(c.get('db'), type) } satisfies CommentDigests);
      })
      .post(
        '/comments/guest-code',
        async (c, next) => {
          if (!(await commentSettings(c.get('db'))).guests) throw new ApiError(403, SIGN_IN_TO_COMMENT);
          await next();
        },
        jsonBody(checkGuestCodeRequest),
        async (c) => {
          const { email } = c.req.valid('json');
          const limits = limitersFor(c);
          await countAttempt(
            c,
            [
              [limits.codeAddress, clientIp(c)],
              [limits.codeEmail, email],
            ],
            GUEST_CODE_TOO_MANY,
          );
          await requestGuestCode(
            { db: c.get('db'), mailer: deps.mailer, codeKey: deps.keys.otp, siteUrl: c.get('env').SITE_URL },
            email,
          );
          return c.json({ message: GUEST_CODE_SENT }, 202);
        },
      )
      // The session (or the guest setting) is checked before the body, so a guest where guests may not comment hears
      // 'Sign in to comment' whatever it sent.
      .post('/blogs/:slug/comments', signedInOrGuestsAllowed, commentBody(checkNewComment), (c) =>
        post(c, 'blog', c.req.param('slug'), c.req.valid('json')),
      )
      .post('/audios/:id/reviews', signedInOrGuestsAllowed, commentBody(checkNewReview), (c) =>
        post(c, 'audio', c.req.param('id'), c.req.valid('json')),
      )
      .post('/products/:id/reviews', signedInOrGuestsAllowed, commentBody(checkNewReview), (c) =>
        post(c, 'product', c.req.param('id'), c.req.valid('json')),
      )
      .get('/admin/comments', validQuery(checkAdminCommentsQuery), async (c) =>
        c.json(await commentQueue(c.get('db'), c.req.valid('query'))),
      )
      .get('/admin/comment-settings', async (c) => c.json(await commentSettings(c.get('db'))))
      .put('/admin/comment-settings', jsonBody(checkCommentSettings), async (c) => {
        const settings = await saveCommentSettings(c.get('db'), c.req.valid('json'));
        return c.json({ message: 'Saved. New comments follow these settings from now on.', ...settings });
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
