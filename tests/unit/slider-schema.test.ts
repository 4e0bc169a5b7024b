/** The slider's input rules (src/shared/schemas/slider.ts) and the searchButton defaults (src/shared/slider.ts). */
import { describe, expect, it } from 'vitest';
import { SEARCH_BUTTON_DEFAULTS } from '../../src/shared/constants.ts';
import {
  checkSearchButtonText,
  checkSliderForm,
  isSliderLink,
  isVideoEmbedLink,
  NEW_SLIDER_VALUES,
  SEARCH_BUTTON_MAX_BYTES,
  VIDEO_LINK_INVALID,
  VIDEO_LINK_REQUIRED,
} from '../../src/shared/schemas/slider.ts';
import { parseJsonObject, readJsonObject, withSearchButtonDefaults } from '../../src/shared/slider.ts';

const EMBED = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

const check = (fields: Record<string, unknown>, base = NEW_SLIDER_VALUES) => checkSliderForm(fields, base);
const failure = (fields: Record<string, unknown>, base = NEW_SLIDER_VALUES) => {
  const result = check(fields, base);
  if (result.ok) throw new Error(`expected a refusal of ${JSON.stringify(fields)}`);
  return result;
};

describe('checkSliderForm', () => {
  it('gives the spec defaults when nothing is sent', () => {
    const result = check({});
    expect(result).toEqual({ ok: true, value: NEW_SLIDER_VALUES });
    expect(NEW_SLIDER_VALUES).toMatchObject({
      order: 0,
      type: 'photo',
      contentAlignment: 'center',
      isActive: true,
      isGlobalSettings: false,
    });
    expect(NEW_SLIDER_VALUES.searchButton).toEqual(SEARCH_BUTTON_DEFAULTS);
  });

  it('reads every text field, trimmed, with flags and order from text', () => {
    const result = check({
      title: '  Summer sale ',
      subtitle: 'Two\nlines',
      order: '3',
      type: 'video',
      link: EMBED,
      button1_text: 'Shop',
      button1_link: '/shop',
      button2_text: 'More',
      button2_link: 'https://example.com/a?b=c',
      contentAlignment: 'left',
      isActive: 'false',
      isGlobalSettings: 'true',
      company: 'c1',
      searchButton: JSON.stringify({ text: 'Find', style: { backgroundColor: '#112233' } }),
      image: 'ignored',
      extra: 'ignored',
    });
    expect(result.ok && result.value).toEqual({
      title: 'Summer sale',
      subtitle: 'Two\nlines',
      order: 3,
      type: 'video',
      link: EMBED,
      button1_text: 'Shop',
      button1_link: '/shop',
      button2_text: 'More',
      button2_link: 'https://example.com/a?b=c',
      contentAlignment: 'left',
      isActive: false,
      isGlobalSettings: true,
      company: 'c1',
      searchButton: {
        ...SEARCH_BUTTON_DEFAULTS,
        text: 'Find',
        style: { ...SEARCH_BUTTON_DEFAULTS.style, backgroundColor: '#112233' },
      },
    });
  });

  it('keeps the base values of fields that are not sent (an edit)', () => {
    const base = { ...NEW_SLIDER_VALUES, title: 'Old', isActive: false, order: 7 };
    const result = check({ subtitle: 'New' }, base);
    expect(result.ok && result.value).toEqual({ ...base, subtitle: 'New' });
  });

  it('reads an empty order (a cleared number input) as not sent', () => {
    expect(check({ order: '' })).toEqual({ ok: true, value: NEW_SLIDER_VALUES });
    expect(check({ order: ' ' }, { ...NEW_SLIDER_VALUES, order: 7 })).toMatchObject({ ok: true, value: { order: 7 } });
  });

  it.each([
    ['title', { title: 'x'.repeat(201) }],
    ['title', { title: 'bad\u0000' }],
    ['title', { title: '\ud800' }],
    ['subtitle', { subtitle: 'x'.repeat(501) }],
    ['order', { order: 'one' }],
    ['order', { order: '-1' }],
    ['order', { order: '1.5' }],
    ['order', { order: '10000' }],
    ['type', { type: 'audio' }],
    ['button1_text', { button1_text: 'x'.repeat(61) }],
    ['button1_link', { button1_link: 'javascript:alert(1)' }],
    ['button2_link', { button2_link: '//evil.example' }],
    ['button2_link', { button2_link: 'example.com' }],
    ['contentAlignment', { contentAlignment: 'justify' }],
    ['isActive', { isActive: 'yes' }],
    ['isGlobalSettings', { isGlobalSettings: '1' }],
    ['company', { company: 'x'.repeat(101) }],
    ['title', { title: ['a', 'b'] }],
  ])('refuses a bad %s (case %#)', (field, fields) => {
    const result = failure(fields);
    expect(result.field).toBe(field);
    // A whole sentence, not '<field>: <rule>'.
    expect(result.message).toMatch(/^[A-Z].*\.$/);
    expect(result.message).not.toContain(`${field}:`);
  });

  it('names the first bad field', () => {
    expect(failure({ title: 'x'.repeat(201), type: 'audio' }).field).toBe('title');
  });

  it('needs a YouTube embed link for a video slide, with the spec text', () => {
    expect(failure({ type: 'video' })).toEqual({ ok: false, field: 'link', message: VIDEO_LINK_REQUIRED });
    expect(failure({ type: 'video', link: '   ' })).toEqual({ ok: false, field: 'link', message: VIDEO_LINK_REQUIRED });
    expect(failure({ type: 'video', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })).toEqual({
      ok: false,
      field: 'link',
      message: VIDEO_LINK_INVALID,
    });
    expect(failure({ type: 'video', link: 'https://evil.example/embed/dQw4w9WgXcQ' }).field).toBe('link');
    // An edit that turns a photo into a video without a link.
    expect(failure({ type: 'video' }, { ...NEW_SLIDER_VALUES, title: 'Photo' }).message).toBe(VIDEO_LINK_REQUIRED);
  });

  it('keeps no link on a photo slide', () => {
    const result = check({ type: 'photo', link: 'anything' });
    expect(result.ok && result.value.link).toBe('');
  });
});

describe('link rules', () => {
  it.each(['', '/shop', '/a/b?c=d#e', 'https://example.com', 'http://example.com/x'])(
    'accepts the button link %j',
    (link) => {
      expect(isSliderLink(link)).toBe(true);
    },
  );
  it.each([
    '//host',
    '/\\host',
    'javascript:alert(1)',
    'data:text/html,x',
    'mailto:a@b.c',
    'https://',
    'https://a b.com',
    'https://user:pw@example.com',
    'ftp://x.com',
    'shop',
  ])('refuses the button link %j', (link) => {
    expect(isSliderLink(link)).toBe(false);
  });
  it('uses the hero allow-list for video links', () => {
    expect(isVideoEmbedLink(EMBED)).toBe(true);
    expect(isVideoEmbedLink('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(true);
    expect(isVideoEmbedLink('http://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(false);
    expect(isVideoEmbedLink('https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ')).toBe(false);
    expect(isVideoEmbedLink('/media/clip.mp4')).toBe(false);
  });
});

describe('checkSearchButtonText', () => {
  it('fills the defaults of the spec table for missing fields', () => {
    expect(checkSearchButtonText('{}')).toEqual({ ok: true, value: SEARCH_BUTTON_DEFAULTS });
    expect(checkSearchButtonText('')).toEqual({ ok: true, value: SEARCH_BUTTON_DEFAULTS });
  });

  it('accepts every valid field', () => {
    const full = {
      enabled: false,
      text: 'Go',
      placeholder: 'Find…',
      icon: 'FaMicrophone',
      position: 'below',
      style: {
        backgroundColor: '#AABBCC',
        textColor: '#000000',
        borderRadius: '0.5rem',
        padding: '4px 8px 4px 8px',
        hoverEffect: 'scale',
      },
      voiceSearch: { enabled: true },
      recentSearches: { enabled: false, limit: 10 },
    };
    expect(checkSearchButtonText(JSON.stringify(full))).toEqual({ ok: true, value: full });
  });

  it.each([
    ['not json', 'searchButton'],
    ['[1,2]', 'searchButton'],
    ['"text"', 'searchButton'],
    ['null', 'searchButton'],
    ['{"enabled":"yes"}', 'searchButton.enabled'],
    ['{"icon":"FaBomb"}', 'searchButton.icon'],
    ['{"position":"top"}', 'searchButton.position'],
    ['{"style":{"backgroundColor":"red"}}', 'searchButton.style.backgroundColor'],
    ['{"style":{"textColor":"#fff"}}', 'searchButton.style.textColor'],
    ['{"style":{"borderRadius":"calc(1px)"}}', 'searchButton.style.borderRadius'],
    ['{"style":{"padding":"1rem; top: 0"}}', 'searchButton.style.padding'],
    ['{"style":{"padding":"1px 2px 3px 4px 5px"}}', 'searchButton.style.padding'],
    ['{"style":{"hoverEffect":"glow"}}', 'searchButton.style.hoverEffect'],
    ['{"style":"x"}', 'searchButton.style'],
    ['{"recentSearches":{"limit":51}}', 'searchButton.recentSearches.limit'],
    ['{"recentSearches":{"limit":2.5}}', 'searchButton.recentSearches.limit'],
    [JSON.stringify({ text: 'x'.repeat(61) }), 'searchButton.text'],
  ])('refuses %s naming %s', (text, field) => {
    const result = checkSearchButtonText(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.field).toBe(field);
  });

  it(`refuses more than ${SEARCH_BUTTON_MAX_BYTES} bytes, counted in UTF-8`, () => {
    const fits = JSON.stringify({ text: 'Go', pad: 'x'.repeat(SEARCH_BUTTON_MAX_BYTES - 25) });
    expect(new TextEncoder().encode(fits).byteLength).toBeLessThanOrEqual(SEARCH_BUTTON_MAX_BYTES);
    expect(checkSearchButtonText(fits).ok).toBe(true);
    const over = JSON.stringify({ pad: 'é'.repeat(SEARCH_BUTTON_MAX_BYTES / 2) });
    expect(over.length).toBeLessThan(SEARCH_BUTTON_MAX_BYTES * 1.1);
    expect(checkSearchButtonText(over)).toMatchObject({ ok: false, field: 'searchButton' });
  });

  it('drops __proto__ and constructor keys instead of following them', () => {
    const result = checkSearchButtonText(
      '{"__proto__":{"enabled":false,"polluted":true},"constructor":{"prototype":{"x":1}},"text":"Find"}',
    );
    expect(result).toEqual({ ok: true, value: { ...SEARCH_BUTTON_DEFAULTS, text: 'Find' } });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('withSearchButtonDefaults (older stored rows)', () => {
  it('replaces values that are not plain colours or lengths with the defaults', () => {
    const stored = {
      text: 'x'.repeat(100),
      style: {
        backgroundColor: 'red;position:fixed',
        textColor: 'url(x)',
        borderRadius: 'calc(1px)',
        padding: '1rem; top: 0',
      },
    };
    const value = withSearchButtonDefaults(JSON.stringify(stored));
    expect(value.style).toEqual(SEARCH_BUTTON_DEFAULTS.style);
    expect(value.text).toHaveLength(60);
  });

  it('keeps valid stored values', () => {
    const value = withSearchButtonDefaults({
      style: { backgroundColor: '#123456', borderRadius: '50%', padding: '1rem' },
    });
    expect(value.style).toMatchObject({ backgroundColor: '#123456', borderRadius: '50%', padding: '1rem' });
  });

  it('reads garbage as the defaults', () => {
    expect(withSearchButtonDefaults('{oops')).toEqual(SEARCH_BUTTON_DEFAULTS);
    expect(parseJsonObject('[1]')).toEqual({});
    expect(readJsonObject('[1]')).toBeNull();
    expect(readJsonObject('{"a":1}')).toEqual({ a: 1 });
  });
});
