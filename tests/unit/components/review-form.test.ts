/**
 * The reviews section's module against a stand-in API: the list redrawn only when it changed, who sees the form,
 * what the form sends, its field errors, the held and published answers, the sign-in link on 401 and the guest's code.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawReviews, sendGuestCode, setupReviews, submitReview } from '../../../src/lib/browser/review-form.ts';
import { reviewSignature } from '../../../src/components/reviews/review-view.ts';
import {
  COMMENT_WAITING,
  GUEST_CODE_SENT,
  TOO_MANY_LINKS,
  type CommentList,
  type PublicComment,
} from '../../../src/shared/comments.ts';

const BUILT: PublicComment = {
  _id: 'r1',
  author: 'Ada L.',
  comment: 'Solid and warm.',
  createdAt: '2026-11-20T10:00:00.000Z',
  rating: 4,
};
const NEWER: PublicComment = {
  _id: 'r2',
  author: 'Grace H.',
  comment: 'Five stars.',
  createdAt: '2026-11-25T10:00:00.000Z',
  rating: 5,
};

/** The markup ReviewSection.astro writes (its data attributes and fields), with the build's one review. */
const SECTION = `
<section data-reviews data-type="product" data-target="p1" data-page="/shop/mug"
  data-signature='${reviewSignature([BUILT], 4)}'>
  <p data-review-summary><span data-summary-stars>★★★★☆</span><span data-summary-rating>4.0 out of 5</span>
    <span data-summary-count>1 review</span></p>
  <p data-review-empty hidden>No reviews yet.</p>
  <ul data-review-list><li data-review="r1" data-built>Ada L.</li></ul>
  <template data-review-template><li data-review><p><span data-review-author></span>
    <span role="img" data-review-stars></span><time data-review-date></time></p><p data-review-text></p></li></template>
  <p data-review-signin><a href="/login?next=%2Fshop%2Fmug">Sign in to review</a></p>
  <form hidden>
    <fieldset><input type="radio" name="rating" value="1" /><input type="radio" name="rating" value="2" />
      <input type="radio" name="rating" value="3" /><input type="radio" name="rating" value="4" />
      <input type="radio" name="rating" value="5" /><p data-error-for="rating" hidden></p></fieldset>
    <textarea name="comment"></textarea><p data-error-for="comment" hidden></p>
    <div data-guest hidden>
      <input name="name" /><p data-error-for="name" hidden></p>
      <input name="email" type="email" /><p data-error-for="email" hidden></p>
      <button type="button" data-send-code>Send me a code</button><p role="status" data-code-sent></p>
      <div data-code-field hidden><input name="code" /><p data-error-for="code" hidden></p></div>
    </div>
    <input name="website" />
    <div role="alert" data-error-for="form" hidden></div>
    <button type="submit" data-post>Post review</button><p role="status" data-outcome></p>
  </form>
</section>`;

interface Answer {
  status: number;
  body: unknown;
}
let answers: Map<string, Answer>;
const calls: { method: string; path: string; init: RequestInit | undefined }[] = [];
const TOKEN = 'a'.repeat(43);

beforeEach(() => {
  document.body.innerHTML = SECTION;
  localStorage.clear();
  calls.length = 0;
  answers = new Map([['GET /api/products/p1/reviews', { status: 200, body: { results: [BUILT], rating: 4 } }]]);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(url, 'http://site.test').pathname;
      calls.push({ method, path, init });
      const answer = answers.get(`${method} ${path}`) ?? { status: 404, body: { message: 'Not found' } };
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function el(selector: string): HTMLElement {
  const found = document.querySelector(selector);
  if (!(found instanceof HTMLElement)) throw new Error(`no ${selector}`);
  return found;
}
const root = () => el('[data-reviews]');
const form = () => el('form') as HTMLFormElement;
const text = (selector: string) => document.querySelector(selector)?.textContent.trim();
const sentBody = (path: string) => {
  const sent = calls.find((c) => c.method === 'POST' && c.path === path);
  return JSON.parse(typeof sent?.init?.body === 'string' ? sent.init.body : 'null') as unknown;
};
function fill(rating: number | null, comment: string) {
  if (rating !== null) (el(`input[name="rating"][value="${rating}"]`) as HTMLInputElement).checked = true;
  (el('textarea[name="comment"]') as HTMLTextAreaElement).value = comment;
}
const posted = (status: 'pending' | 'approved', comment: PublicComment = NEWER) => ({
  status: 201,
  body: { message: status === 'approved' ? 'Thank you, your comment is published' : COMMENT_WAITING, status, comment },
});

describe('the review list', () => {
  it('keeps the build’s list when the API answers the same reviews and mean', () => {
    expect(drawReviews(root(), { results: [BUILT], rating: 4 })).toBe(false);
    expect(document.querySelector('[data-built]')).not.toBeNull();
  });

  it('redraws newest first, with the new mean and count, when a review was approved since the build', () => {
    const list: CommentList = { results: [BUILT, NEWER], rating: 4.5 };
    expect(drawReviews(root(), list)).toBe(true);
    const items = [...document.querySelectorAll('[data-review-list] > li')];
    expect(items.map((li) => li.getAttribute('data-review'))).toEqual(['r2', 'r1']);
    expect(items[0]?.querySelector('[data-review-author]')?.textContent).toBe('Grace H.');
    expect(items[0]?.querySelector('[data-review-text]')?.textContent).toBe('Five stars.');
    expect(items[0]?.querySelector('[data-review-stars]')?.getAttribute('aria-label')).toBe('5 out of 5 stars');
    expect(items[0]?.querySelector('time')?.getAttribute('datetime')).toBe(NEWER.createdAt);
    expect(items[0]?.querySelector('time')?.textContent).toBe('Nov 25, 2026');
    expect(text('[data-summary-rating]')).toBe('4.5 out of 5');
    expect(text('[data-summary-count]')).toBe('2 reviews');
    expect(text('[data-summary-stars]')).toBe('★★★★★');
    // Drawn once: the same answer again changes nothing.
    expect(drawReviews(root(), list)).toBe(false);
  });

  it('says there are no reviews yet when the last one was taken down', () => {
    drawReviews(root(), { results: [], rating: 0 });
    expect(document.querySelectorAll('[data-review-list] > li')).toHaveLength(0);
    expect(el('[data-review-empty]').hidden).toBe(false);
    expect(el('[data-review-summary]').hidden).toBe(true);
  });
});

describe('who sees the form', () => {
  it('shows it to a signed-in visitor and redraws the list from the live one', async () => {
    localStorage.setItem('token', TOKEN);
    answers.set('GET /api/products/p1/reviews', { status: 200, body: { results: [BUILT, NEWER], rating: 4.5 } });
    await setupReviews(root());
    expect(form().hidden).toBe(false);
    expect(el('[data-review-signin]').hidden).toBe(true);
    expect(el('[data-guest]').hidden).toBe(true);
    expect(text('[data-summary-count]')).toBe('2 reviews');
  });

  it('keeps the sign-in link for a signed-out visitor when the guest settings cannot be read', async () => {
    await setupReviews(root());
    expect(calls.some((c) => c.path === '/api/comment-settings')).toBe(true);
    expect(form().hidden).toBe(true);
    expect(el('[data-review-signin]').hidden).toBe(false);
  });

  it('keeps the sign-in link when the site takes no guest reviews', async () => {
    answers.set('GET /api/comment-settings', { status: 200, body: { guests: false } });
    await setupReviews(root());
    expect(form().hidden).toBe(true);
  });

  it('shows a guest the name, email and code step when the site allows guests', async () => {
    answers.set('GET /api/comment-settings', { status: 200, body: { guests: true } });
    await setupReviews(root());
    expect(form().hidden).toBe(false);
    expect(el('[data-review-signin]').hidden).toBe(true);
    expect(el('[data-guest]').hidden).toBe(false);
    // Posting waits for the code.
    expect(el('[data-post]').hidden).toBe(true);
  });
});

describe('sending a review', () => {
  beforeEach(async () => {
    localStorage.setItem('token', TOKEN);
    await setupReviews(root());
    calls.length = 0;
  });

  it('asks for a rating first, with the server’s words, and sends nothing', async () => {
    fill(null, 'Nice');
    await submitReview(root());
    expect(text('[data-error-for="rating"]')).toBe('Please choose a rating.');
    expect(el('fieldset').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('refuses an empty text or one with too many links under the text field', async () => {
    fill(4, '   ');
    await submitReview(root());
    expect(text('[data-error-for="comment"]')).toBe('Please write a comment.');
    expect(el('textarea').getAttribute('aria-invalid')).toBe('true');
    fill(4, 'see https://a.example/1 https://b.example/2 https://c.example/3');
    await submitReview(root());
    expect(text('[data-error-for="comment"]')).toBe(TOO_MANY_LINKS);
    expect(calls).toHaveLength(0);
  });

  it('sends the stars and the trimmed text with the session, and says a held review waits for approval', async () => {
    answers.set('POST /api/products/p1/reviews', posted('pending'));
    fill(4, '  Lovely mug.  ');
    await submitReview(root());
    expect(sentBody('/api/products/p1/reviews')).toEqual({ rating: 4, comment: 'Lovely mug.' });
    const sent = calls.find((c) => c.method === 'POST');
    expect(new Headers(sent?.init?.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(text('[data-outcome]')).toBe(COMMENT_WAITING);
    // Held: not in the list; the form is cleared for another.
    expect(document.querySelector('[data-review="r2"]')).toBeNull();
    expect((el('textarea') as HTMLTextAreaElement).value).toBe('');
    expect(document.querySelector('input[name="rating"]:checked')).toBeNull();
  });

  it('sends the honeypot as the form has it', async () => {
    answers.set('POST /api/products/p1/reviews', posted('pending'));
    fill(5, 'Great');
    (el('input[name="website"]') as HTMLInputElement).value = 'http://spam.example';
    await submitReview(root());
    expect(sentBody('/api/products/p1/reviews')).toEqual({
      rating: 5,
      comment: 'Great',
      website: 'http://spam.example',
    });
  });

  it('adds a published review at the top of the list and reads the new mean', async () => {
    answers.set('POST /api/products/p1/reviews', posted('approved'));
    answers.set('GET /api/products/p1/reviews', { status: 200, body: { results: [BUILT, NEWER], rating: 4.5 } });
    fill(5, 'Five stars.');
    await submitReview(root());
    expect(text('[data-outcome]')).toBe('Thank you, your comment is published');
    expect(document.querySelector('[data-review-list] > li')?.getAttribute('data-review')).toBe('r2');
    expect(document.querySelectorAll('[data-review="r2"]')).toHaveLength(1);
    expect(text('[data-summary-rating]')).toBe('4.5 out of 5');
  });

  it('shows a refusal the server names a field for under that field', async () => {
    answers.set('POST /api/products/p1/reviews', {
      status: 409,
      body: { message: 'You have just sent this text. Please write something new.', field: 'comment' },
    });
    fill(3, 'Again');
    await submitReview(root());
    expect(text('[data-error-for="comment"]')).toBe('You have just sent this text. Please write something new.');
    expect(el('[data-error-for="form"]').hidden).toBe(true);
  });

  it('offers the sign-in link back to this page when the session is gone (401)', async () => {
    answers.set('POST /api/products/p1/reviews', { status: 401, body: { message: 'Sign in to comment' } });
    fill(4, 'Still good');
    await submitReview(root());
    const link = el('[data-error-for="form"] a') as HTMLAnchorElement;
    expect(link.textContent).toBe('Sign in to review');
    expect(link.getAttribute('href')).toBe('/login?next=%2Fshop%2Fmug');
    // What the visitor wrote stays.
    expect((el('textarea') as HTMLTextAreaElement).value).toBe('Still good');
  });
});

describe('a guest with a mailed code', () => {
  beforeEach(async () => {
    answers.set('GET /api/comment-settings', { status: 200, body: { guests: true } });
    await setupReviews(root());
    calls.length = 0;
  });
  const type = (name: string, value: string) => {
    (el(`input[name="${name}"]`) as HTMLInputElement).value = value;
  };

  it('checks the address before asking for a code', async () => {
    type('email', 'not-an-address');
    await sendGuestCode(root());
    expect(text('[data-error-for="email"]')).not.toBe('');
    expect(calls).toHaveLength(0);
  });

  it('asks for a code, shows the Code field, then sends the review with name, email and code', async () => {
    answers.set('POST /api/comments/guest-code', { status: 200, body: { message: GUEST_CODE_SENT } });
    answers.set('POST /api/products/p1/reviews', posted('pending'));
    type('name', 'Greta');
    type('email', 'Greta@Example.com');
    await sendGuestCode(root());
    expect(sentBody('/api/comments/guest-code')).toEqual({ email: 'greta@example.com' });
    expect(text('[data-code-sent]')).toBe(GUEST_CODE_SENT);
    expect(el('[data-code-field]').hidden).toBe(false);
    expect(el('[data-post]').hidden).toBe(false);

    fill(5, 'Lovely narration');
    await submitReview(root());
    expect(text('[data-error-for="code"]')).toMatch(/code we sent/);
    type('code', '123 456');
    await submitReview(root());
    expect(sentBody('/api/products/p1/reviews')).toEqual({
      rating: 5,
      comment: 'Lovely narration',
      name: 'Greta',
      email: 'greta@example.com',
      code: '123456',
    });
    expect(text('[data-outcome]')).toBe(COMMENT_WAITING);
  });

  it('shows a wrong code under the Code field', async () => {
    answers.set('POST /api/comments/guest-code', { status: 200, body: { message: GUEST_CODE_SENT } });
    answers.set('POST /api/products/p1/reviews', {
      status: 400,
      body: { message: 'This code is wrong or has expired. Ask for a new one.', field: 'code' },
    });
    type('name', 'Greta');
    type('email', 'greta@example.com');
    await sendGuestCode(root());
    fill(4, 'Nice');
    type('code', '000000');
    await submitReview(root());
    expect(text('[data-error-for="code"]')).toBe('This code is wrong or has expired. Ask for a new one.');
  });
});
