/**
 * A product's or audio item's reviews and review form (components/reviews/ReviewSection.astro). The page's inline
 * script loads this module by URL when the section comes into view: it reads the approved reviews as they are now
 * and redraws the build's list when they changed, shows the form to a signed-in visitor (or, when the site allows
 * it, to a guest with a mailed code), checks the input with the server's own rules, sends it and shows the answer.
 */
import { currentToken } from '../api/client.ts';
import { fetchComments, fetchPublicCommentSettings, postComment, requestGuestCode } from '../api/comments.ts';
import { formatDate } from '../format/dates.ts';
import { GUEST_CODE_SENT, type CommentList, type CommentType, type PublicComment } from '../../shared/comments.ts';
import { checkGuestCode, checkGuestEmail, checkGuestName, checkNewReview } from '../../shared/schemas/comments.ts';
import { refusalText, starLabel, starText } from '../../components/comments/comment-view.ts';
import {
  newestFirst,
  ratingText,
  reviewCount,
  reviewSignature,
  signInHref,
  SIGN_IN_TO_REVIEW,
} from '../../components/reviews/review-view.ts';

/** The fields an answer's `field` can name; anything else is shown above the button. */
const FIELDS = ['rating', 'comment', 'name', 'email', 'code'] as const;
const SEND_FAILED = 'Your review could not be sent. Please try again.';
const CODE_FAILED = 'The code could not be sent. Please try again.';

/** Who the form is for: a signed-in visitor, or a guest who sends a mailed code. */
type Mode = 'member' | 'guest';

const find = (root: ParentNode, selector: string) => root.querySelector<HTMLElement>(selector);

function itemOf(root: HTMLElement): { type: CommentType; target: string; page: string } {
  const type = root.dataset['type'] === 'audio' ? 'audio' : 'product';
  return { type, target: root.dataset['target'] ?? '', page: root.dataset['page'] ?? location.pathname };
}

/** One review as the build draws it, from the section's <template>. */
function reviewElement(root: HTMLElement, review: PublicComment): HTMLElement | null {
  const template = root.querySelector<HTMLTemplateElement>('template[data-review-template]');
  const item = template?.content.firstElementChild?.cloneNode(true);
  if (!(item instanceof HTMLElement)) return null;
  const rating = review.rating ?? 0;
  item.dataset['review'] = review._id;
  const set = (selector: string, text: string) => {
    const el = find(item, selector);
    if (el) el.textContent = text;
    return el;
  };
  set('[data-review-author]', review.author);
  set('[data-review-stars]', starText(rating))?.setAttribute('aria-label', starLabel(rating));
  set('[data-review-date]', formatDate(review.createdAt))?.setAttribute('datetime', review.createdAt);
  set('[data-review-text]', review.comment);
  return item;
}

/** The mean, the count and 'No reviews yet.' for `count` reviews. */
function drawSummary(root: HTMLElement, rating: number, count: number): void {
  const summary = find(root, '[data-review-summary]');
  if (summary) summary.hidden = count === 0;
  const empty = find(root, '[data-review-empty]');
  if (empty) empty.hidden = count > 0;
  const set = (selector: string, text: string) => {
    const el = find(root, selector);
    if (el) el.textContent = text;
  };
  set('[data-summary-stars]', starText(rating));
  set('[data-summary-rating]', ratingText(rating));
  set('[data-summary-count]', reviewCount(count));
}

/** Redraws the list and its summary from `list` unless they already show it; answers whether it redrew. */
export function drawReviews(root: HTMLElement, list: CommentList): boolean {
  const reviews = newestFirst(list.results);
  const rating = list.rating ?? 0;
  const signature = reviewSignature(reviews, rating);
  if (root.dataset['signature'] === signature) return false;
  const ul = find(root, '[data-review-list]');
  ul?.replaceChildren(...reviews.flatMap((r) => reviewElement(root, r) ?? []));
  drawSummary(root, rating, reviews.length);
  root.dataset['signature'] = signature;
  return true;
}

/** Reads the approved reviews as they are now and redraws the list if they changed since it was drawn. */
export async function refreshReviews(root: HTMLElement): Promise<void> {
  const { type, target } = itemOf(root);
  try {
    drawReviews(root, await fetchComments(type, target));
  } catch {
    // Offline or the API away: the build's list stays.
  }
}

/** Whether a signed-out visitor may review with a mailed code; no answer (no such server yet, offline) is no. */
async function guestsAllowed(): Promise<boolean> {
  try {
    return (await fetchPublicCommentSettings()).guests;
  } catch {
    return false;
  }
}

function showForm(root: HTMLElement, mode: Mode): void {
  const form = root.querySelector<HTMLFormElement>('form');
  if (!form) return;
  root.dataset['mode'] = mode;
  form.hidden = false;
  const signIn = find(root, '[data-review-signin]');
  if (signIn) signIn.hidden = true;
  const guest = find(root, '[data-guest]');
  if (guest) guest.hidden = mode !== 'guest';
  // A guest posts once the code is on its way.
  const post = find(root, '[data-post]');
  if (post) post.hidden = mode === 'guest' && find(root, '[data-code-field]')?.hidden !== false;
}

/**
 * Sets the section up once it is in view: the live list, and the form for a signed-in visitor or an allowed guest
 * (anyone else keeps the sign-in link). Resolves when both are done.
 */
export async function setupReviews(root: HTMLElement): Promise<void> {
  const form = root.querySelector<HTMLFormElement>('form');
  if (form && root.dataset['ready'] !== 'true') {
    root.dataset['ready'] = 'true';
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void submitReview(root);
    });
    find(root, '[data-send-code]')?.addEventListener('click', () => void sendGuestCode(root));
  }
  const who = currentToken()
    ? Promise.resolve<Mode | null>('member')
    : guestsAllowed().then((yes): Mode | null => (yes ? 'guest' : null));
  await Promise.all([
    refreshReviews(root),
    who.then((mode) => {
      if (mode) showForm(root, mode);
    }),
  ]);
}

function clearErrors(root: HTMLElement): void {
  for (const error of root.querySelectorAll<HTMLElement>('[data-error-for]')) {
    error.hidden = true;
    error.replaceChildren();
  }
  for (const field of root.querySelectorAll('[aria-invalid]')) field.removeAttribute('aria-invalid');
}

/** Shows `message` under its field (or above the button) and moves the focus to the field. */
function showError(root: HTMLElement, field: string | undefined, message: string | Node): void {
  const known = FIELDS.find((f) => f === field);
  const target = find(root, `[data-error-for="${known ?? 'form'}"]`);
  if (target) {
    target.replaceChildren(message);
    target.hidden = false;
  }
  if (!known) return;
  const control = known === 'rating' ? find(root, 'fieldset') : find(root, `[name="${known}"]:not([type="radio"])`);
  control?.setAttribute('aria-invalid', 'true');
  (known === 'rating' ? root.querySelector<HTMLInputElement>('input[name="rating"]') : control)?.focus();
}

/** The 'Sign in to review' link, for a visitor the server asked to sign in. */
function signInLink(root: HTMLElement): HTMLAnchorElement {
  return Object.assign(document.createElement('a'), {
    href: signInHref(itemOf(root).page),
    textContent: SIGN_IN_TO_REVIEW,
    className: 'font-semibold text-[var(--color-primary-ink)] underline',
  });
}

/** A refused call's status, and its `field` when the server named one. */
function refusal(failure: unknown): { status: number | undefined; field: string | undefined } {
  const { status, data } = (failure ?? {}) as { status?: number; data?: { field?: unknown } };
  return { status, field: typeof data?.field === 'string' ? data.field : undefined };
}

const formText = (form: HTMLFormElement, name: string) => {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
};

/** The body the form sends, or the first field error (the server's rules, run here first). */
export function reviewBody(
  form: HTMLFormElement,
  mode: Mode,
):
  | {
      ok: true;
      body: { rating: number; comment: string; website?: string; name?: string; email?: string; code?: string };
    }
  | { ok: false; field: string; message: string } {
  const website = formText(form, 'website');
  const review = checkNewReview({
    rating: new FormData(form).get('rating') ?? undefined,
    comment: formText(form, 'comment'),
  });
  if (!review.ok) return { ok: false, field: review.field, message: review.message };
  const body = { rating: review.value.rating, comment: review.value.comment, ...(website ? { website } : {}) };
  if (mode === 'member') return { ok: true, body };
  const name = checkGuestName(formText(form, 'name'));
  if (!name.ok) return { ok: false, field: 'name', message: name.message };
  const email = checkGuestEmail(formText(form, 'email'));
  if (!email.ok) return { ok: false, field: 'email', message: email.message };
  const code = checkGuestCode(formText(form, 'code'));
  if (!code.ok) return { ok: false, field: 'code', message: code.message };
  return { ok: true, body: { ...body, name: name.value, email: email.value, code: code.value } };
}

/** Adds the visitor's own published review at the top of the list (once). */
function addReview(root: HTMLElement, review: PublicComment): void {
  const ul = find(root, '[data-review-list]');
  if (!ul || find(ul, `[data-review="${CSS.escape(review._id)}"]`)) return;
  const item = reviewElement(root, review);
  if (item) ul.prepend(item);
  const empty = find(root, '[data-review-empty]');
  if (empty) empty.hidden = true;
}

/** Sends the review and shows the answer: published (added to the list), held, or the refusal under its field. */
export async function submitReview(root: HTMLElement): Promise<void> {
  const form = root.querySelector<HTMLFormElement>('form');
  const button = root.querySelector<HTMLButtonElement>('button[type="submit"]');
  const outcome = find(root, '[data-outcome]');
  if (!form || !button || !outcome || button.disabled) return;
  clearErrors(root);
  outcome.textContent = '';
  const mode: Mode = root.dataset['mode'] === 'guest' ? 'guest' : 'member';
  const checked = reviewBody(form, mode);
  if (!checked.ok) {
    showError(root, checked.field, checked.message);
    return;
  }
  const { type, target } = itemOf(root);
  const idle = button.textContent;
  button.disabled = true;
  button.textContent = 'Sending…';
  try {
    const answer = await postComment(type, target, checked.body);
    outcome.textContent = answer.message;
    const comment = form.querySelector<HTMLTextAreaElement>('textarea[name="comment"]');
    if (comment) comment.value = '';
    for (const star of form.querySelectorAll<HTMLInputElement>('input[name="rating"]')) star.checked = false;
    if (mode === 'guest') {
      // A code is good for one review: the next one asks for a new code.
      const code = form.querySelector<HTMLInputElement>('input[name="code"]');
      if (code) code.value = '';
      const field = find(root, '[data-code-field]');
      if (field) field.hidden = true;
      button.hidden = true;
    }
    if (answer.status === 'approved') {
      addReview(root, answer.comment);
      await refreshReviews(root);
    }
  } catch (failure) {
    const { status, field } = refusal(failure);
    if (status === 401) showError(root, 'form', signInLink(root));
    else showError(root, field, refusalText(failure, SEND_FAILED));
  } finally {
    button.disabled = false;
    button.textContent = idle;
  }
}

/** A guest's 'Send me a code': the address checked, the code asked for, and the Code field shown. */
export async function sendGuestCode(root: HTMLElement): Promise<void> {
  const form = root.querySelector<HTMLFormElement>('form');
  const button = root.querySelector<HTMLButtonElement>('[data-send-code]');
  const sent = find(root, '[data-code-sent]');
  if (!form || !button || !sent || button.disabled) return;
  clearErrors(root);
  sent.textContent = '';
  const email = checkGuestEmail(formText(form, 'email'));
  if (!email.ok) {
    showError(root, 'email', email.message);
    return;
  }
  button.disabled = true;
  try {
    const answer = await requestGuestCode(email.value);
    sent.textContent = answer.message || GUEST_CODE_SENT;
    const field = find(root, '[data-code-field]');
    if (field) field.hidden = false;
    const post = find(root, '[data-post]');
    if (post) post.hidden = false;
    form.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
  } catch (failure) {
    const { field } = refusal(failure);
    showError(root, field ?? 'email', refusalText(failure, CODE_FAILED));
  } finally {
    button.disabled = false;
  }
}
