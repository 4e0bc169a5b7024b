import { describe, expect, it } from 'vitest';
import { countLinks, displayName, initialStatus, meanRating, type ModerationMode } from '../../src/shared/comments.ts';
import {
  checkCommentSettings,
  checkCommentText,
  checkGuestCode,
  checkGuestCodeRequest,
  checkGuestEmail,
  checkGuestFields,
  checkGuestName,
  checkNewReview,
  checkRating,
} from '../../src/shared/schemas/comments.ts';
import { canBlock, isGuest } from '../../src/components/admin/comments/comments-list.ts';

describe('countLinks', () => {
  it.each([
    ['no links here', 0],
    ['see https://example.com', 1],
    ['http://a.example and https://b.example/path?x=1', 2],
    ['www.example.org, then example.net/page and https://c.example', 3],
    ['a sentence. Another one.', 0],
    ['e.g. this, i.e. that', 0],
    ['HTTPS://SHOUT.EXAMPLE', 1],
  ])('%s holds %i', (text, n) => {
    expect(countLinks(text)).toBe(n);
  });
});

describe('initialStatus', () => {
  const cases: [ModerationMode, boolean, boolean, 'pending' | 'approved'][] = [
    ['hold-first', false, false, 'pending'],
    ['hold-first', true, false, 'approved'],
    ['hold-all', true, false, 'pending'],
    ['hold-all', false, false, 'pending'],
    ['publish', false, false, 'approved'],
    ['hold-all', false, true, 'approved'],
  ];
  it.each(cases)('under %s, approved before %s, admin %s: %s', (mode, approvedBefore, admin, status) => {
    expect(initialStatus(mode, { approvedBefore, admin })).toBe(status);
  });
});

describe('meanRating', () => {
  it.each([
    [[], 0],
    [[5], 5],
    [[5, 2], 3.5],
    [[5, 4, 4], 4.3],
    [[1, 2, 2], 1.7],
  ])('of %j is %d', (ratings, mean) => {
    expect(meanRating(ratings)).toBe(mean);
  });
});

describe('displayName', () => {
  it('is the first name and the initial of the last, else the username', () => {
    expect(displayName({ first_name: 'Carol', last_name: 'Customer', username: 'carol' })).toBe('Carol C.');
    expect(displayName({ first_name: 'Ana', last_name: '', username: 'ana' })).toBe('Ana');
    expect(displayName({ first_name: ' ', last_name: 'X', username: 'x99' })).toBe('x99');
    expect(displayName({ first_name: 'Zoë', last_name: '𝒜lpha', username: 'z' })).toBe('Zoë 𝒜.');
  });
});

describe('the comment rules', () => {
  it('trims and keeps line breaks, refusing blank, long, control-character and link-heavy text', () => {
    expect(checkCommentText(' Hi\r\nthere ')).toEqual({ ok: true, value: 'Hi\nthere' });
    expect(checkCommentText('  ')).toMatchObject({ ok: false, field: 'comment' });
    expect(checkCommentText('x'.repeat(2001))).toEqual({
      ok: false,
      field: 'comment',
      message: 'Your comment must be at most 2000 characters.',
    });
    expect(checkCommentText('😀'.repeat(2000))).toMatchObject({ ok: true });
    expect(checkCommentText('bell\u0007')).toMatchObject({ ok: false, field: 'comment' });
    expect(checkCommentText('a https://a.x b https://b.x c https://c.x')).toMatchObject({
      ok: false,
      message: 'A comment may hold at most 2 links.',
    });
  });

  it('takes whole stars from 1 to 5, as numbers or form text', () => {
    expect(checkRating(4)).toEqual({ ok: true, value: 4 });
    expect(checkRating('5')).toEqual({ ok: true, value: 5 });
    for (const bad of [0, 6, 2.5, 'five', '', undefined, true]) expect(checkRating(bad)).toMatchObject({ ok: false });
    expect(checkNewReview({ rating: 3, comment: 'ok', website: 'x' })).toEqual({
      ok: true,
      value: { rating: 3, comment: 'ok', trap: true },
    });
  });
});

describe('the guest rules', () => {
  const field = (check: { ok: boolean; field?: string }) => (check.ok ? 'ok' : check.field);

  it.each([
    ['Ada', 'ok'],
    ['  Ada Lovelace  ', 'ok'],
    ['Zoë Ñúñez', 'ok'],
    ['', 'name'],
    ['   ', 'name'],
    [undefined, 'name'],
    [42, 'name'],
    ['n'.repeat(60), 'ok'],
    ['n'.repeat(61), 'name'],
    ['Ada\nLovelace', 'name'],
    ['Buy at https://spam.example', 'name'],
    ['www.spam.example', 'name'],
  ])('takes the name %j: %s', (raw, expected) => {
    expect(field(checkGuestName(raw))).toBe(expected);
  });

  it('trims a name and keeps its letters', () => {
    expect(checkGuestName('  Ada L  ')).toEqual({ ok: true, value: 'Ada L' });
  });

  it.each([
    ['ada@example.com', 'ok'],
    ['  Ada@Example.COM ', 'ok'],
    ['ada@example', 'email'],
    ['ada example.com', 'email'],
    ['', 'email'],
    [null, 'email'],
    ['a\r\nBcc: x@example.com', 'email'],
  ])('takes the email %j: %s', (raw, expected) => {
    expect(field(checkGuestEmail(raw))).toBe(expected);
  });

  it('keeps an email in lower case, so one address has one code and one block', () => {
    expect(checkGuestEmail(' Ada@Example.COM ')).toEqual({ ok: true, value: 'ada@example.com' });
  });

  it.each([
    ['123456', 'ok'],
    [' 123 456 ', 'ok'],
    ['12345', 'code'],
    ['1234567', 'code'],
    ['12a456', 'code'],
    [123456, 'code'],
    [undefined, 'code'],
  ])('takes the code %j: %s', (raw, expected) => {
    expect(field(checkGuestCode(raw))).toBe(expected);
  });

  it('checks a guest body in the form’s order: name, email, code', () => {
    expect(checkGuestFields({ email: 'x', code: '1' })).toMatchObject({ ok: false, field: 'name' });
    expect(checkGuestFields({ name: 'Ada', code: '1' })).toMatchObject({ ok: false, field: 'email' });
    expect(checkGuestFields({ name: 'Ada', email: 'ada@example.com' })).toMatchObject({ ok: false, field: 'code' });
    expect(checkGuestFields({ name: ' Ada ', email: 'ADA@example.com', code: '000123' })).toEqual({
      ok: true,
      value: { name: 'Ada', email: 'ada@example.com', code: '000123' },
    });
    expect(checkGuestFields([])).toMatchObject({ ok: false, field: 'body' });
    expect(checkGuestCodeRequest({ email: 'nope' })).toMatchObject({ ok: false, field: 'email' });
    expect(checkGuestCodeRequest({ email: 'Ada@example.com' })).toEqual({
      ok: true,
      value: { email: 'ada@example.com' },
    });
  });

  it('takes either setting on its own and refuses a non-boolean guests', () => {
    expect(checkCommentSettings({ guests: true })).toEqual({ ok: true, value: { guests: true } });
    expect(checkCommentSettings({ moderation: 'publish', guests: false })).toEqual({
      ok: true,
      value: { moderation: 'publish', guests: false },
    });
    expect(checkCommentSettings({ guests: 'true' })).toMatchObject({ ok: false, field: 'guests' });
    expect(checkCommentSettings({})).toMatchObject({ ok: false, field: 'moderation' });
  });

  it('marks a guest row (no account, an address) and offers Block sender to guests and other accounts', () => {
    const guest = { userId: null, authorEmail: 'g@example.com' };
    const demo = { userId: null, authorEmail: '' };
    expect([isGuest(guest), isGuest(demo), isGuest({ userId: 'u1', authorEmail: 'a@example.com' })]).toEqual([
      true,
      false,
      false,
    ]);
    expect(canBlock(guest, 'admin-id')).toBe(true);
    expect(canBlock(demo, 'admin-id')).toBe(false);
    expect(canBlock({ userId: 'admin-id', authorEmail: 'a@example.com' }, 'admin-id')).toBe(false);
    expect(canBlock({ userId: 'u2', authorEmail: 'b@example.com' }, 'admin-id')).toBe(true);
  });
});
