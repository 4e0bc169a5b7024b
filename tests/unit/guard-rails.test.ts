/**
 * The pure guard rails that keep a blank or nameless item off the site: a slide shows something, the company keeps a
 * name, a published photo a title.
 */
import { describe, expect, it } from 'vitest';
import { COMPANY_NAME_REQUIRED, CompanyUpdate } from '../../src/shared/schemas/company.ts';
import { checkPhotoUpload, lacksPublishedTitle, PUBLISHED_PHOTO_TITLE } from '../../src/shared/schemas/photo.ts';
import { checkSlideShows, NEW_SLIDER_VALUES, SLIDE_NEEDS_CONTENT } from '../../src/shared/schemas/slider.ts';

describe('checkSlideShows', () => {
  const refused = { ok: false, field: 'title', message: SLIDE_NEEDS_CONTENT };

  it.each([
    ['no title and no image', '', false, refused],
    ['a title of white space and no image', ' \t ', false, refused],
    ['a title and no image', 'Summer sale', false, 'ok'],
    ['an image and no title', '', true, 'ok'],
    ['both', 'Summer sale', true, 'ok'],
  ] as const)('a photo slide with %s', (_, title, hasImage, expected) => {
    const values = { ...NEW_SLIDER_VALUES, title };
    expect(checkSlideShows(values, hasImage)).toEqual(expected === 'ok' ? { ok: true, value: values } : expected);
  });

  it('leaves a video slide to its link rule', () => {
    const video = { ...NEW_SLIDER_VALUES, type: 'video' as const, link: 'https://www.youtube.com/embed/dQw4w9WgXcQ' };
    expect(checkSlideShows(video, false)).toEqual({ ok: true, value: video });
  });
});

describe('the company name', () => {
  it.each(['', '   ', '\t'])('refuses the name %j with a sentence', (name) => {
    const parsed = CompanyUpdate.safeParse({ name });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['name'], message: COMPANY_NAME_REQUIRED });
  });

  it('takes a name, trimmed, and an update that leaves the name out', () => {
    expect(CompanyUpdate.parse({ name: '  Northwind ' }).name).toBe('Northwind');
    expect(CompanyUpdate.parse({ tagline: 'Hello' }).name).toBeUndefined();
  });
});

describe('a published photo needs a title', () => {
  it.each([
    [true, '', true],
    [true, '  ', true],
    [true, 'Harbour', false],
    [false, '', false],
  ])('published %s with title %j: lacking %s', (published, title, lacking) => {
    expect(lacksPublishedTitle({ published, title })).toBe(lacking);
  });

  it('is checked on upload, where a draft may go without a title', () => {
    expect(checkPhotoUpload({ title: ' ', published: 'true' })).toEqual({
      ok: false,
      field: 'title',
      message: PUBLISHED_PHOTO_TITLE,
    });
    expect(checkPhotoUpload({ published: 'true' })).toMatchObject({ ok: false, field: 'title' });
    expect(checkPhotoUpload({ title: '', published: 'false' })).toMatchObject({ ok: true });
    expect(checkPhotoUpload({ title: 'Harbour', published: 'true' })).toMatchObject({ ok: true });
  });
});
