import { describe, expect, it } from 'vitest';
import { countLinks, displayName, initialStatus, meanRating, type ModerationMode } from '../../src/shared/comments.ts';
import { checkCommentText, checkNewReview, checkRating } from '../../src/shared/schemas/comments.ts';

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
