/**
 * One visitor taking part, end to end on the demo site: an account, a like on a photo (and undone), a first comment
 * held for approval and shown once the admin approves it (no rebuild), two seats at a free event with the mail, its
 * calendar file and a cancel link that gives the seats back, and the newsletter's double opt-in. Each step checks the
 * number the visitor sees move, not only that something is there.
 */
import { expect, test, type APIRequestContext } from './fixtures.ts';
import type { AdminCommentPage } from '../../src/shared/comments.ts';
import type { NewsletterSubscriberPage } from '../../src/shared/schemas/newsletter.ts';
import type { Blog, Photo } from '../../src/shared/types.ts';
import { mailFiles, waitForMail, type OutboxMail } from '../helpers/outbox.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';
import { e2eDataDir } from './helpers/e2e-db.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { registerMember } from './helpers/member.ts';
import { PERSON_UA } from '../helpers/user-agents.ts';
import { keepScreenshot } from './helpers/screenshots.ts';

/** A free demo event with a capacity (event-registration.test.ts registers for it too). */
const EVENT = '/events/open-studio-new-collection';
const SHOTS = process.env['X_SHOTS'] ?? 'test-results/screens/taking-part';
const RUN = Date.now().toString(36);
const MEMBER = {
  first: 'Petra',
  last: 'Part',
  email: `petra.${RUN}@example.com`,
  username: `petra_${RUN}`,
  password: 'copper willow harbour tide',
};
const COMMENT = `Lovely to read this over coffee (${RUN}).`;

let api: APIRequestContext;
let admin = '';
let member = '';
const cleanUp: (() => Promise<unknown>)[] = [];

test.beforeAll(async ({ playwright }) => {
  ({ api, token: admin } = await adminApi(playwright));
});

test.afterAll(async () => {
  // What the walk left behind, newest first: other files on this worker's server count comments and subscribers.
  for (const step of cleanUp.reverse()) await step();
  await api.dispose();
});

const asAdmin = () => ({ authorization: `Bearer ${admin}` });

/** The one link to `page` ('/newsletter/confirm', '/events/cancel') in a mail, as a path on the test server. */
function linkIn(mail: OutboxMail, page: string): string {
  const href = new RegExp(`https?://[^\\s"<>]+${page}\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
  expect(href, `a ${page} link in ${mail.file}`).toBeTruthy();
  const url = new URL(href ?? '');
  return url.pathname + url.search;
}

test('a visitor registers, likes a photo, comments, books two seats and cancels them, and subscribes', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  member = await registerMember(api, MEMBER);
  cleanUp.push(() =>
    api.delete('/api/account', {
      headers: { authorization: `Bearer ${member}` },
      data: { password: MEMBER.password },
    }),
  );
  // A person's browser: the counters leave headless Chromium's requests out as a bot's.
  const context = await browser.newContext({ userAgent: PERSON_UA });
  const page = await context.newPage();
  await signedInAs(page, member);

  // A like moves the photo's count by one; a second press takes it back.
  const [photo] = ((await (await request.get('/api/photos')).json()) as { results: Photo[] }).results;
  if (!photo) throw new Error('the demo has no photo');
  await page.goto('/photos');
  await waitForIslands(page, 'photos');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: photo.title, exact: true }) });
  const like = card.getByRole('button', { name: new RegExp(`^Like ${photo.title} \\(`) });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const likes = Number((await like.textContent())?.match(/\((\d[\d,]*) likes?\)/)?.[1]?.replace(/,/g, ''));
  expect(likes).toBeGreaterThanOrEqual(0);
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(
    `Like ${photo.title} (${(likes + 1).toLocaleString('en-US')} ${likes + 1 === 1 ? 'like' : 'likes'})`,
  );
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveText(
    `Like ${photo.title} (${likes.toLocaleString('en-US')} ${likes === 1 ? 'like' : 'likes'})`,
  );

  // A first comment is held; once the admin approves it, a reload shows it and the count moves, with no rebuild.
  const blogs = ((await (await request.get('/api/blogs')).json()) as { results: Blog[] }).results;
  const slug = blogs.at(-1)?.slug ?? '';
  expect(slug).not.toBe('');
  await page.goto(`/blogs/${slug}`);
  const heading = page.getByRole('heading', { name: /^Comments \(\d+\)$/ });
  await heading.scrollIntoViewIfNeeded();
  await waitForIslands(page, 'post');
  const comments = Number((await heading.textContent())?.match(/\d+/)?.[0]);
  const form = page.getByRole('form', { name: 'Write a comment' });
  await form.getByLabel('Your comment').fill(COMMENT);
  await form.getByRole('button', { name: 'Post comment' }).click();
  await expect(form.getByRole('status')).toHaveText('Your comment is waiting for approval');
  await expect(page.getByRole('listitem').filter({ hasText: COMMENT })).toHaveCount(0);
  await expect(heading).toHaveText(`Comments (${comments})`);

  const queue = (await (
    await api.get('/api/admin/comments?status=pending&type=blog&pageSize=100', { headers: asAdmin() })
  ).json()) as AdminCommentPage;
  const held = queue.results.find((c) => c.comment === COMMENT);
  if (!held) throw new Error('the comment is not in the pending queue');
  expect(held.author).toBe('Petra P.');
  cleanUp.push(() => api.delete(`/api/admin/comments/blog/${held._id}`, { headers: asAdmin() }));
  const approved = await api.patch(`/api/admin/comments/blog/${held._id}`, {
    headers: asAdmin(),
    data: { status: 'approved' },
  });
  expect(approved.status()).toBe(200);
  await page.reload();
  await heading.scrollIntoViewIfNeeded();
  await waitForIslands(page, 'post after the approval');
  const shown = page.getByRole('listitem').filter({ hasText: COMMENT });
  await expect(shown).toContainText('Petra P.');
  await expect(heading).toHaveText(`Comments (${comments + 1})`);
  await keepScreenshot(shown, { path: `${SHOTS}/comment-approved.png` });

  // Two seats at a free event: the places left drop by two, the mail brings the calendar file and a cancel link.
  await page.goto(EVENT);
  const register = page.getByRole('region', { name: 'Register' });
  await register.scrollIntoViewIfNeeded();
  await expect(register.getByTestId('places')).toHaveText(/^\d+ places left$/);
  const left = Number((await register.getByTestId('places').textContent())?.split(' ')[0]);
  await register.getByRole('textbox', { name: 'Name' }).fill('Petra Part');
  await register.getByRole('textbox', { name: 'Email' }).fill(MEMBER.email);
  await register.getByRole('spinbutton', { name: 'Seats' }).fill('2');
  const beforeEvent = mailFiles(e2eDataDir());
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(register.getByRole('status')).toContainText("You're registered");
  await expect(register.getByTestId('places')).toHaveText(`${left - 2} places left`);

  const booked = await waitForMail(e2eDataDir(), { to: MEMBER.email, after: beforeEvent });
  expect(booked.subject).toContain("you're registered for Open Studio: New Collection");
  expect(booked.text).toContain('Seats: 2 seats');
  const calendar = booked.parts.find((part) => part.type === 'text/calendar');
  expect(calendar?.headers['content-disposition']).toMatch(/^attachment; filename="?[\w-]+\.ics"?$/);
  expect(calendar?.content).toContain('BEGIN:VCALENDAR');
  expect(calendar?.content).toContain('SUMMARY:Open Studio: New Collection');
  expect(calendar?.content).toMatch(/DTSTART:\d{8}T\d{6}Z/);

  await page.goto(linkIn(booked, '/events/cancel'));
  await page.getByRole('button', { name: 'Cancel my registration' }).click();
  await expect(page.getByRole('status')).toHaveText('Your registration is cancelled. Thank you for letting us know.');
  await page.goto(EVENT);
  await register.scrollIntoViewIfNeeded();
  await expect(register.getByTestId('places')).toHaveText(`${left} places left`);

  // The newsletter: signed up on the home page, confirmed by the mailed link; the audience's count moves by one.
  const audience = async () =>
    ((await (await api.get('/api/admin/newsletter/audience', { headers: asAdmin() })).json()) as { confirmed: number })
      .confirmed;
  const confirmedBefore = await audience();
  await page.goto('/');
  const signup = page.getByRole('region', { name: /newsletter/ });
  await signup.scrollIntoViewIfNeeded();
  const beforeSignup = mailFiles(e2eDataDir());
  await signup.getByRole('textbox', { name: 'Email address' }).fill(MEMBER.email);
  await signup.getByRole('button', { name: 'Subscribe' }).click();
  await expect(signup.getByRole('status')).toHaveText(
    'Thanks! Check your inbox and open the link we sent to confirm your subscription.',
  );
  cleanUp.push(async () => {
    const found = (await (
      await api.get(`/api/admin/newsletter/subscribers?q=${encodeURIComponent(MEMBER.email)}`, { headers: asAdmin() })
    ).json()) as NewsletterSubscriberPage;
    for (const row of found.results)
      await api.delete(`/api/admin/newsletter/subscribers/${row._id}`, { headers: asAdmin() });
  });
  const welcome = await waitForMail(e2eDataDir(), {
    to: MEMBER.email,
    after: beforeSignup,
    subject: 'confirm your newsletter subscription',
  });
  await page.goto(linkIn(welcome, '/newsletter/confirm'));
  await expect(page.getByRole('status')).toHaveText('Your subscription is confirmed. Welcome aboard!');
  expect(await audience()).toBe(confirmedBefore + 1);
  await context.close();
});
