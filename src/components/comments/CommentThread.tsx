/**
 * The comments of a post, or the reviews of an audio item or product: rendered at build with the build's list, then,
 * once scrolled into view (client:visible), the current approved list read from the API, and the form: a signed-in
 * visitor writes (and rates); a guest gives a name and an email, asks for a code and sends the comment with it where
 * the site allows guests, and is asked to sign in where it does not. A held comment is announced as waiting.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { currentToken } from '../../lib/api/client.ts';
import { fetchComments, fetchPublicCommentSettings, postComment, requestGuestCode } from '../../lib/api/comments.ts';
import { formatDate } from '../../lib/format/dates.ts';
import {
  COMMENT_MAX,
  GUEST_CODE_LENGTH,
  RATING_MAX,
  SIGN_IN_TO_COMMENT,
  type CommentType,
  type PublicComment,
} from '../../shared/comments.ts';
import { checkCommentText, checkGuestCode, checkGuestEmail, checkGuestName } from '../../shared/schemas/comments.ts';
import { refusalText, starLabel, starText, threadTitle, withComment } from './comment-view.ts';

interface Props {
  type: CommentType;
  /** The post's slug, or the audio item's or product's id. */
  target: string;
  /** The approved comments the build read (none for products, whose reviews are read here). */
  initial: PublicComment[];
  /** The item's rating as the build read it (reviews only). */
  rating?: number;
  /** The page's path, where sign-in brings the visitor back to. */
  page: string;
}

const FIELD =
  'mt-1 block w-full rounded-xl border border-gray-300 bg-white px-3 py-2 text-[0.95rem] text-gray-900 placeholder:text-gray-500 dark:border-white/20 dark:bg-[#0f151c] dark:text-gray-100 dark:placeholder:text-gray-400';

type Outcome = { tone: 'ok' | 'error'; text: string; field?: string } | null;

/** What only a guest sends: a refusal of one of them means the server saw no session. */
const GUEST_FIELDS = ['name', 'email', 'code'];

function Stars({ rating }: { rating: number }) {
  return (
    <span className="text-amber-500 dark:text-amber-400" role="img" aria-label={starLabel(rating)}>
      {starText(rating)}
    </span>
  );
}

export default function CommentThread({ type, target, initial, rating, page }: Props) {
  const id = useId();
  const review = type !== 'blog';
  const [comments, setComments] = useState(initial);
  const [mean, setMean] = useState(rating ?? 0);
  // Rendered signed out at build; the browser switches before the visitor reaches the form.
  const [signedIn, setSignedIn] = useState(false);
  // Whether guests may comment with a mailed code: asked once the thread is in view, and only when signed out.
  const [guests, setGuests] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [text, setText] = useState('');
  const [stars, setStars] = useState(0);
  const [website, setWebsite] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the session is read once hydration is done (the build renders signed out): the second pass React prescribes for what only the browser knows
    setSignedIn(Boolean(currentToken()));
    let live = true;
    if (!currentToken())
      fetchPublicCommentSettings().then(
        (settings) => live && setGuests(settings.guests),
        () => undefined,
      );
    fetchComments(type, target)
      .then((list) => {
        if (!live) return;
        setComments(list.results);
        if (list.rating !== undefined) setMean(list.rating);
      })
      .catch(() => {
        // Offline or the API away: the build's list stays.
      });
    return () => {
      live = false;
    };
  }, [type, target]);

  const refused = (error: unknown, fallback: string) => {
    const field = (error as { data?: { field?: unknown } }).data?.field;
    setOutcome({
      tone: 'error',
      text: refusalText(error, fallback),
      ...(typeof field === 'string' ? { field } : {}),
    });
    return field;
  };

  /** The guest's checks in the form's order; the first refusal is shown and stops the send. */
  const guestRefusal = (checks: ReturnType<typeof checkGuestName>[]) => {
    for (const check of checks)
      if (!check.ok) {
        setOutcome({ tone: 'error', text: check.message, field: check.field });
        return true;
      }
    return false;
  };

  async function sendCode() {
    if (guestRefusal([checkGuestName(name), checkGuestEmail(email)])) return;
    setBusy(true);
    try {
      setOutcome({ tone: 'ok', text: (await requestGuestCode(email.trim())).message });
      setSent(true);
    } catch (error) {
      refused(error, 'The code could not be sent. Please try again.');
      if ((error as { status?: number }).status === 403) setGuests(false);
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const guest = !signedIn;
    if (guest && !sent) return void sendCode();
    if (guest && guestRefusal([checkGuestName(name), checkGuestEmail(email), checkGuestCode(code)])) return;
    if (review && stars === 0) {
      setOutcome({ tone: 'error', text: 'Please choose a rating.', field: 'rating' });
      return;
    }
    const checked = checkCommentText(text);
    if (!checked.ok) {
      setOutcome({ tone: 'error', text: checked.message, field: checked.field });
      return;
    }
    setBusy(true);
    try {
      const answer = await postComment(type, target, {
        comment: checked.value,
        ...(review ? { rating: stars } : {}),
        ...(website ? { website } : {}),
        ...(guest ? { name: name.trim(), email: email.trim(), code: code.trim() } : {}),
      });
      if (answer.status === 'approved') setComments((list) => withComment(list, answer.comment));
      setOutcome({ tone: 'ok', text: answer.message });
      setText('');
      setStars(0);
      // The code is used up: the next comment asks for a new one.
      setCode('');
      setSent(false);
      if (answer.status === 'approved' && review)
        void fetchComments(type, target).then(
          (list) => setMean(list.rating ?? 0),
          () => undefined,
        );
    } catch (error) {
      const field = refused(error, 'Your comment could not be sent. Please try again.');
      // 401: no session and no guests; a guest field refused from a signed-in form: the session ended, guests may.
      if ((error as { status?: number }).status === 401) {
        setSignedIn(false);
        setGuests(false);
      } else if (!guest && GUEST_FIELDS.includes(field as string)) {
        setSignedIn(false);
        setGuests(true);
      }
    } finally {
      setBusy(false);
    }
  }

  const errorFor = (field: string) => outcome?.tone === 'error' && outcome.field === field;

  /** One of the guest's one-line fields, labelled and marked when the last refusal was about it. */
  const guestInput = (
    field: string,
    label: string,
    value: string,
    set: (value: string) => void,
    autoComplete: string,
    type = 'text',
    maxLength?: number,
  ) => (
    <label className="text-sm font-medium">
      {label}
      <input
        name={field}
        type={type}
        autoComplete={autoComplete}
        {...(maxLength ? { inputMode: 'numeric' as const, maxLength } : {})}
        value={value}
        aria-invalid={errorFor(field) || undefined}
        aria-describedby={outcome ? `${id}-outcome` : undefined}
        onChange={(e) => set(e.target.value)}
        className={FIELD}
      />
    </label>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="mt-12">
      <h2 id={`${id}-title`} className="text-2xl font-semibold">
        {threadTitle(type, comments.length)}
      </h2>
      {review && comments.length > 0 && (
        <p className="m-0 mt-1 flex items-center gap-2 text-sm text-gray-600 dark:text-gray-300">
          <Stars rating={mean} /> <span>{mean.toFixed(1)} average</span>
        </p>
      )}
      {comments.length === 0 ? (
        <p className="text-gray-600 dark:text-gray-300">{review ? 'No reviews yet.' : 'No comments yet.'}</p>
      ) : (
        <ul className="m-0 mt-4 list-none space-y-4 p-0">
          {comments.map((c) => (
            <li key={c._id} className="rounded-lg border border-gray-200 p-4 dark:border-white/10">
              <p className="m-0 flex flex-wrap items-center gap-x-2 font-semibold">
                {c.author}
                {c.rating !== undefined && <Stars rating={c.rating} />}
                <span className="text-sm font-normal text-gray-500 dark:text-gray-400">
                  · <time dateTime={c.createdAt}>{formatDate(c.createdAt)}</time>
                </span>
              </p>
              <p className="m-0 mt-1 whitespace-pre-line break-words">{c.comment}</p>
            </li>
          ))}
        </ul>
      )}
      {signedIn || guests ? (
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label={review ? 'Write a review' : 'Write a comment'}
          className="relative mt-6 flex max-w-2xl flex-col gap-3"
        >
          {!signedIn && (
            <>
              <p className="m-0 text-sm text-gray-600 dark:text-gray-300">
                No account needed: we email you a code to send it.{' '}
                <a
                  href={`/login?next=${encodeURIComponent(page)}`}
                  className="text-[var(--color-primary-ink)] underline"
                >
                  Sign in
                </a>
              </p>
              <div className="grid gap-3 sm:grid-cols-2">
                {guestInput('name', 'Name', name, setName, 'name')}
                {guestInput('email', 'Email', email, setEmail, 'email', 'email')}
              </div>
              {sent && (
                <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
                  <div className="w-40">
                    {guestInput('code', 'Code', code, setCode, 'one-time-code', 'text', GUEST_CODE_LENGTH)}
                  </div>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void sendCode()}
                    className="mb-2 text-sm font-medium text-[var(--color-primary-ink)] underline disabled:opacity-50"
                  >
                    Send a new code
                  </button>
                </div>
              )}
            </>
          )}
          {(signedIn || sent) && review && (
            <fieldset className="m-0 border-0 p-0" aria-invalid={errorFor('rating') || undefined}>
              <legend className="text-sm font-medium">Your rating</legend>
              <div className="mt-1 flex gap-1">
                {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
                  <label
                    key={n}
                    className="cursor-pointer text-2xl leading-none text-amber-500 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 dark:text-amber-400"
                  >
                    <input
                      type="radio"
                      name={`${id}-rating`}
                      value={n}
                      checked={stars === n}
                      onChange={() => setStars(n)}
                      aria-label={n === 1 ? '1 star' : `${n} stars`}
                      className="sr-only"
                    />
                    <span aria-hidden="true">{n <= stars ? '★' : '☆'}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {(signedIn || sent) && (
            <>
              <label htmlFor={`${id}-text`} className="text-sm font-medium">
                {review ? 'Your review' : 'Your comment'}
              </label>
              <textarea
                id={`${id}-text`}
                className={`${FIELD} -mt-2 resize-y`}
                rows={4}
                maxLength={COMMENT_MAX}
                value={text}
                aria-invalid={errorFor('comment') || undefined}
                aria-describedby={outcome ? `${id}-outcome` : undefined}
                onChange={(e) => setText(e.target.value)}
              />
              {/* A honeypot: people never see or reach it; a bot that fills it is answered alike and its text is kept as spam. */}
              <div className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden" aria-hidden="true">
                <label>
                  Website
                  <input
                    name="website"
                    type="text"
                    tabIndex={-1}
                    autoComplete="off"
                    value={website}
                    onChange={(e) => setWebsite(e.target.value)}
                  />
                </label>
              </div>
            </>
          )}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <button
              type="submit"
              disabled={busy}
              className="brand-button px-5 py-2.5 font-semibold disabled:cursor-not-allowed disabled:opacity-50"
            >
              {busy ? 'Sending…' : !signedIn && !sent ? 'Send me a code' : review ? 'Post review' : 'Post comment'}
            </button>
            <p
              id={`${id}-outcome`}
              role="status"
              className={`m-0 font-medium ${outcome?.tone === 'error' ? 'text-red-700 dark:text-red-300' : 'text-green-700 dark:text-green-400'}`}
            >
              {outcome?.text}
            </p>
          </div>
        </form>
      ) : (
        <p className="m-0 mt-6">
          <a
            href={`/login?next=${encodeURIComponent(page)}`}
            className="brand-button inline-block px-5 py-2.5 font-semibold no-underline"
          >
            {SIGN_IN_TO_COMMENT}
          </a>
        </p>
      )}
    </section>
  );
}
