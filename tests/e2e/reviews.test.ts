/**
 * Reviews on a product's page and an audio item's page: a signed-in visitor rates and writes from the keyboard; under
 * the demo's moderation ('hold-first') the first review waits, the admin approves it through the API and the page
 * shows it on reload without a rebuild (the section reads the live list); the next one publishes at once. The audio
 * library links each item to its page, whose download is counted. Screenshots at 320, 375 and 1280 px in both themes.
 */
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { formatCount } from '../../src/lib/format/numbers.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';
import { e2eDataDir, withDb } from './helpers/e2e-db.ts';
import { registerMember } from './helpers/member.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

const RUN = Date.now().toString(36);
const MEMBER = {
  first: 'Remy',
  last: 'Rater',
  email: `remy.${RUN}@example.com`,
  username: `remy_${RUN}`,
  password: 'copper harbour willow dusk',
};
const PRODUCT_TEXT = `Sturdy and well made (${RUN}).`;
const AUDIO_TEXT = `Lovely to listen to (${RUN}).`;
const GUEST_TEXT = `A guest's view (${RUN}).`;
const DIR = process.env['X_SHOTS'] ?? 'test-results/screens/reviews';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface DemoAudio {
  _id: string;
  name: string;
  audio_file: string;
  reviews: { author: string; comment: string }[];
}

let api: APIRequestContext;
let admin = '';
let member = '';
let product = { _id: '', slug: '', name: '' };
let audio: DemoAudio;
let moderation = 'hold-first';

test.beforeAll(async ({ playwright }) => {
  ({ api, token: admin } = await adminApi(playwright));
  mkdirSync(DIR, { recursive: true });
  const auth = { authorization: `Bearer ${admin}` };
  // The demo's rule; put back afterwards whatever another file left.
  const settings = await api.get('/api/admin/comment-settings', { headers: auth });
  moderation = ((await settings.json()) as { moderation: string }).moderation;
  expect(
    (await api.put('/api/admin/comment-settings', { headers: auth, data: { moderation: 'hold-first' } })).ok(),
  ).toBe(true);
  member = await registerMember(api, MEMBER);
  const products = (await (await api.get('/api/products')).json()) as { results: (typeof product)[] };
  product = products.results.find((p) => p.slug !== '') ?? product;
  const audios = (await (await api.get('/api/audios')).json()) as { results: DemoAudio[] };
  const withReviews = audios.results.find((a) => a.reviews.length > 1 && a.audio_file);
  assert(withReviews, 'a demo audio item with reviews');
  audio = withReviews;
});

test.afterAll(async () => {
  const auth = { authorization: `Bearer ${admin}` };
  // Through the API, so each item's mean rating is stored again.
  for (const type of ['product', 'audio'])
    for (const status of ['pending', 'approved']) {
      const page = await api.get('/api/admin/comments', { headers: auth, params: { status, type, pageSize: 100 } });
      const { results } = (await page.json()) as { results: { _id: string; comment: string }[] };
      for (const c of results.filter((r) => r.comment.includes(RUN)))
        await api.delete(`/api/admin/comments/${type}/${c._id}`, { headers: auth });
    }
  await api.put('/api/admin/comment-settings', { headers: auth, data: { moderation } });
  withDb((db) => {
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(MEMBER.email) as { id: string } | undefined;
    if (!user) return;
    db.prepare('DELETE FROM audit_log WHERE summary LIKE ?').run(`%${RUN}%`);
    for (const table of ['sessions', 'one_time_codes', 'password_reset_tokens', 'user_views'])
      db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(user.id);
    db.prepare('DELETE FROM users WHERE id = ?').run(user.id);
  });
  await api.dispose();
});

const reviews = (page: Page) => page.getByRole('region', { name: 'Reviews' });

/** Opens the section as a reader scrolls to it: its code loads then. */
async function openReviews(page: Page, path: string) {
  await page.goto(path);
  const section = reviews(page);
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** Rates `stars` and writes `text` from the keyboard, then sends. */
async function reviewFromKeyboard(page: Page, stars: number, text: string) {
  const form = page.getByRole('form', { name: 'Write a review' });
  await expect(form).toBeVisible();
  await form.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('Space');
  for (let n = 1; n < stars; n++) await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: `${stars} stars` })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Your review')).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Post review' })).toBeFocused();
  await page.keyboard.press('Enter');
  return form;
}

async function expectNoAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page })
    .include('[data-reviews]')
    .withTags(TAGS)
    .setLegacyMode()
    .analyze();
  expect(
    violations.map((v) => `${what} ${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('a signed-out visitor reads the reviews and is offered to sign in to write one', async ({ page }) => {
  const guests = await page.request.get('/api/comment-settings');
  const guestsAllowed = guests.ok() && ((await guests.json()) as { guests?: boolean }).guests === true;
  const section = await openReviews(page, `/audio/${audio._id}`);
  await expect(section.getByRole('listitem')).toHaveCount(audio.reviews.length);
  await expect(section.getByText(/^\d\.\d out of 5$/)).toBeVisible();
  await expect(section.getByText(`${audio.reviews.length} reviews`)).toBeVisible();
  if (guestsAllowed) {
    await expect(section.getByRole('button', { name: 'Send me a code' })).toBeVisible();
  } else {
    const signIn = section.getByRole('link', { name: 'Sign in to review' });
    await expect(signIn).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/audio/${audio._id}`)}`);
    // The form's code came and decided: no form for a visitor without a session.
    await expect(section.getByRole('form', { name: 'Write a review' })).toBeHidden();
  }
});

test('a first review is held, approved by the admin and then shown without a rebuild; the next publishes at once', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInAs(page, member);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });

  // The product: nothing yet from this visitor; the first review waits for approval.
  const path = `/shop/${product.slug}`;
  let section = await openReviews(page, path);
  const form = await reviewFromKeyboard(page, 4, PRODUCT_TEXT);
  await expect(form.getByRole('status').filter({ hasText: /./ })).toHaveText('Your comment is waiting for approval');
  await expect(section.getByRole('listitem').filter({ hasText: PRODUCT_TEXT })).toHaveCount(0);
  // The form's code came by URL, once, when the section was in view.
  expect(scripts.filter((p) => p.includes('review-form'))).toHaveLength(1);

  const auth = { authorization: `Bearer ${admin}` };
  const queue = await api.get('/api/admin/comments', { headers: auth, params: { status: 'pending', type: 'product' } });
  const held = ((await queue.json()) as { results: { _id: string; comment: string }[] }).results.find(
    (c) => c.comment === PRODUCT_TEXT,
  );
  expect(held, 'the held review in the admin queue').toBeDefined();
  const approved = await api.patch(`/api/admin/comments/product/${held?._id}`, {
    headers: auth,
    data: { status: 'approved' },
  });
  expect(approved.status()).toBe(200);

  // The built page does not hold it; the section reads it from the API once in view.
  expect(await (await page.request.get(path)).text()).not.toContain(RUN);
  section = await openReviews(page, path);
  const shown = section.getByRole('listitem').filter({ hasText: PRODUCT_TEXT });
  await expect(shown).toContainText('Remy R.');
  await expect(shown.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(section.getByText('1 review', { exact: true })).toBeVisible();

  // The audio item, from its card on /audio: approved before, so this one shows at once, at the top.
  await page.goto('/audio');
  await page.getByRole('link', { name: audio.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/audio/${audio._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: audio.name })).toBeVisible();
  section = reviews(page);
  await section.scrollIntoViewIfNeeded();
  await reviewFromKeyboard(page, 5, AUDIO_TEXT);
  await expect(section.getByRole('status').filter({ hasText: /./ })).toHaveText('Thank you, your comment is published');
  await expect(section.getByRole('listitem').first()).toContainText(AUDIO_TEXT);
  await expect(section.getByText(`${audio.reviews.length + 1} reviews`)).toBeVisible();
  await expectNoAxeViolations(page, 'audio page after a review');
  await context.close();
});

test('where the site takes guest reviews, a signed-out visitor reviews with the code mailed to them', async ({
  page,
}) => {
  const auth = { authorization: `Bearer ${admin}` };
  const before = (await (await api.get('/api/admin/comment-settings', { headers: auth })).json()) as {
    guests: boolean;
  };
  expect((await api.put('/api/admin/comment-settings', { headers: auth, data: { guests: true } })).ok()).toBe(true);
  try {
    const email = `guest.${RUN}@example.com`;
    const section = await openReviews(page, `/shop/${product.slug}`);
    const form = section.getByRole('form', { name: 'Write a review' });
    await expect(form.getByRole('button', { name: 'Send me a code' })).toBeVisible();
    await expect(section.getByRole('link', { name: 'Sign in to review' })).toBeHidden();
    // Posting waits for the code.
    await expect(form.getByRole('button', { name: 'Post review' })).toBeHidden();
    await form.getByRole('radio', { name: '5 stars' }).check();
    await form.getByLabel('Your review').fill(GUEST_TEXT);
    await form.getByRole('textbox', { name: 'Name' }).fill('Gwen Guest');
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    const mails = mailFiles(e2eDataDir());
    await form.getByRole('button', { name: 'Send me a code' }).click();
    await expect(form.getByText('We sent a code to your email. Enter it to send your comment.')).toBeVisible();
    const mail = await waitForMail(e2eDataDir(), { to: email, after: mails });
    await keepScreenshot(section, { path: join(DIR, 'guest-code-step-1280-light.png') });
    await form.getByRole('textbox', { name: 'Code' }).fill('000000');
    await form.getByRole('button', { name: 'Post review' }).click();
    await expect(form.getByText('This code is wrong or has expired. Ask for a new one.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true');
    await form.getByRole('textbox', { name: 'Code' }).fill(codeFrom(mail));
    await form.getByRole('button', { name: 'Post review' }).click();
    await expect(form.getByRole('status').filter({ hasText: /./ }).last()).toHaveText(
      'Your comment is waiting for approval',
    );
  } finally {
    await api.put('/api/admin/comment-settings', { headers: auth, data: { guests: before.guests } });
  }
});

test('the audio page plays with the site’s player, shows today’s counts and counts a download without holding it up', async ({
  page,
}) => {
  // Counts moved since the build: the page shows the build's, then the current ones.
  const moved = withDb((db) => {
    db.prepare('UPDATE audios SET plays = plays + 7, downloads = downloads + 5 WHERE id = ?').run(audio._id);
    return db.prepare('SELECT plays, downloads FROM audios WHERE id = ?').get(audio._id) as {
      plays: number;
      downloads: number;
    };
  });
  await page.goto(`/audio/${audio._id}`);
  await expect(page.getByRole('button', { name: `Play ${audio.name}` })).toBeVisible();
  const fact = (term: string) => page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
  await expect(fact('Plays')).toHaveText(formatCount(moved.plays));
  await expect(fact('Downloads')).toHaveText(formatCount(moved.downloads));
  const counted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/activity'));
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download ${audio.name}` }).click();
  await download;
  expect((await counted).postDataJSON()).toEqual({ kind: 'download', type: 'audio', id: audio._id });
});

test('screenshots: the product page’s reviews and the audio page', async ({ browser }) => {
  await inBothThemes(browser, member, async (page, theme, width) => {
    const section = await openReviews(page, `/shop/${product.slug}`);
    const form = section.getByRole('form', { name: 'Write a review' });
    await expect(form).toBeVisible();
    await form.getByRole('radio', { name: '3 stars' }).check();
    await form.getByLabel('Your review').fill('Trying the form at this width.');
    await expectNoSideScroll(page, width, `product reviews, ${theme}`);
    await section.scrollIntoViewIfNeeded();
    await keepScreenshot(section, { path: join(DIR, `product-reviews-${width}-${theme}.png`) });
    if (width === 1280) await expectNoAxeViolations(page, `product reviews ${theme}`);

    await openReviews(page, `/audio/${audio._id}`);
    await expect(page.getByRole('form', { name: 'Write a review' })).toBeVisible();
    await expectNoSideScroll(page, width, `audio page, ${theme}`);
    await keepScreenshot(page, { path: join(DIR, `audio-page-${width}-${theme}.png`), fullPage: true });
    // The first screen too: the full page draws the fixed header over the player.
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, { path: join(DIR, `audio-top-${width}-${theme}.png`) });
    if (width === 1280) await expectNoAxeViolations(page, `audio page ${theme}`);
  });
});
