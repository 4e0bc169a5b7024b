import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECTIONS,
  defaultMenu,
  NAV_LINKS,
  QUICK_LINKS,
  resolveMenu,
  SECTION_LINKS,
  sitemapHiddenRoutes,
  type MenuItem,
  type NavigationFacts,
  type NavSection,
} from '../../src/shared/navigation.ts';
import { checkMenu, isSafeMenuLink } from '../../src/shared/schemas/navigation.ts';

const section = (name: NavSection, visibility: MenuItem['visibility'] = 'auto'): MenuItem => ({
  kind: 'section',
  section: name,
  label: SECTION_LINKS[name].label,
  visibility,
});
const facts = (over: Partial<NavigationFacts> = {}): NavigationFacts => ({
  emptySections: [],
  publishedPages: [{ _id: 'p1', slug: 'terms' }],
  ...over,
});

describe('defaultMenu', () => {
  it('is the spec header and Quick Links, each automatic', () => {
    const all = facts();
    expect(resolveMenu(defaultMenu('header'), all)).toEqual(NAV_LINKS.map((link) => ({ ...link })));
    expect(resolveMenu(defaultMenu('footer'), all)).toEqual(QUICK_LINKS.map((link) => ({ ...link })));
    expect(defaultMenu('header').every((item) => item.visibility === 'auto')).toBe(true);
  });
});

describe('resolveMenu', () => {
  it.each<[string, MenuItem, Partial<NavigationFacts>, string[]]>([
    ['an automatic section with content', section('shop'), {}, ['/shop']],
    ['an automatic section with nothing published', section('shop'), { emptySections: ['shop'] }, []],
    ['an empty section shown always', section('shop', 'always'), { emptySections: ['shop'] }, ['/shop']],
    ['a hidden section with content', section('shop', 'hidden'), {}, []],
    ['Home, which lists no content', section('home'), { emptySections: [...CONTENT_SECTIONS] }, ['/']],
    ['About on an empty site', section('about'), { emptySections: [...CONTENT_SECTIONS] }, ['/about']],
    ['a published page', { kind: 'page', page: 'p1', label: 'Terms', visibility: 'auto' }, {}, ['/pages/terms/']],
    ['a draft or deleted page, even always', { kind: 'page', page: 'p2', label: 'X', visibility: 'always' }, {}, []],
    ['a site path', { kind: 'link', url: '/contact#form', label: 'Write', visibility: 'auto' }, {}, ['/contact#form']],
    [
      'an https address',
      { kind: 'link', url: 'https://a.example/x', label: 'A', visibility: 'auto' },
      {},
      ['https://a.example/x'],
    ],
    ['a hidden link', { kind: 'link', url: '/x', label: 'X', visibility: 'hidden' }, {}, []],
    [
      'an unsafe address stored anyway',
      { kind: 'link', url: 'javascript:alert(1)', label: 'X', visibility: 'always' },
      {},
      [],
    ],
  ])('%s', (_, item, over, hrefs) => {
    expect(resolveMenu([item], facts(over)).map((link) => link.href)).toEqual(hrefs);
  });

  it('keeps the stored order and labels', () => {
    const items: MenuItem[] = [
      { ...section('events'), label: 'Dates' },
      section('home'),
      { kind: 'link', url: '/about', label: 'Who we are', visibility: 'auto' },
    ];
    expect(resolveMenu(items, facts())).toEqual([
      { href: '/events', label: 'Dates' },
      { href: '/', label: 'Home' },
      { href: '/about', label: 'Who we are' },
    ]);
  });
});

describe('sitemapHiddenRoutes', () => {
  it('leaves out the empty sections no menu shows, and keeps one shown always', () => {
    const navigation = {
      header: [
        { href: '/', label: 'Home' },
        { href: '/videos', label: 'Videos' },
      ],
      footer: [{ href: '/about', label: 'About' }],
      emptySections: ['shop', 'videos', 'pricing'] as const,
    };
    expect(sitemapHiddenRoutes({ ...navigation, emptySections: [...navigation.emptySections] })).toEqual([
      '/shop',
      '/pricing',
    ]);
  });
});

describe('isSafeMenuLink', () => {
  it.each(['/about', '/pages/terms/', '/shop?category=books', 'https://example.com', 'HTTPS://example.com/a'])(
    'takes %j',
    (url) => expect(isSafeMenuLink(url)).toBe(true),
  );
  it.each([
    'javascript:alert(1)',
    '//evil.example',
    '/\\evil.example',
    'http://example.com',
    'mailto:a@b.c',
    'example.com',
    'https://',
    '/a\u0007b',
  ])('refuses %j', (url) => expect(isSafeMenuLink(url)).toBe(false));
});

describe('checkMenu', () => {
  it('fills in the visibility and trims the label', () => {
    expect(checkMenu({ items: [{ kind: 'section', section: 'shop', label: ' Store ' }] })).toEqual({
      ok: true,
      value: { items: [{ kind: 'section', section: 'shop', label: 'Store', visibility: 'auto' }] },
    });
  });

  it('names the row and field at fault in a sentence', () => {
    expect(checkMenu({ items: [section('home'), { kind: 'link', url: '//x.example', label: 'X' }] })).toEqual({
      ok: false,
      field: 'items.1.url',
      message: 'Link 2 address must be a site path starting with / or an https:// address.',
    });
  });
});
