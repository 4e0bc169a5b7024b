import { describe, expect, it } from 'vitest';
import {
  CUSTOM_LINK,
  hiddenReason,
  newItem,
  rowFieldOf,
  sectionList,
  targetValue,
  withTarget,
} from '../../src/components/admin/navigation/menu-form.ts';
import { defaultMenu, type MenuItem, type MenuPage } from '../../src/shared/navigation.ts';

const pages: MenuPage[] = [
  { _id: 'p1', title: 'Terms', slug: 'terms', published: true },
  { _id: 'p2', title: 'Opening soon', slug: 'opening-soon', published: false },
];
const shop: MenuItem = { kind: 'section', section: 'shop', label: 'Shop', visibility: 'auto' };

describe('the target select', () => {
  it('gives each target one value', () => {
    expect(targetValue(shop)).toBe('section:shop');
    expect(targetValue({ kind: 'page', page: 'p1', label: 'T', visibility: 'auto' })).toBe('page:p1');
    expect(targetValue({ kind: 'link', url: '/x', label: 'X', visibility: 'auto' })).toBe(CUSTOM_LINK);
  });

  it("follows the new target's name while the label is still the old one's", () => {
    expect(withTarget(shop, 'section:events', pages)).toEqual({ ...shop, section: 'events', label: 'Events' });
    expect(withTarget(shop, 'page:p1', pages)).toEqual({
      kind: 'page',
      page: 'p1',
      label: 'Terms',
      visibility: 'auto',
    });
  });

  it('keeps a label the admin typed, and the address a custom link had', () => {
    const typed = { ...shop, label: 'Our store' };
    expect(withTarget(typed, 'section:blogs', pages).label).toBe('Our store');
    expect(withTarget(typed, CUSTOM_LINK, pages, '/before')).toEqual({
      kind: 'link',
      url: '/before',
      label: 'Our store',
      visibility: 'auto',
    });
  });
});

describe('newItem', () => {
  it('adds the first section the menu lacks, automatic', () => {
    expect(newItem(defaultMenu('header'))).toEqual({
      kind: 'section',
      section: 'about',
      label: 'About',
      visibility: 'auto',
    });
    expect(newItem([])).toMatchObject({ section: 'home' });
  });
});

describe('hiddenReason', () => {
  it('says why visitors do not see a row now, and nothing when they do', () => {
    expect(hiddenReason(shop, [], pages)).toBeNull();
    expect(hiddenReason(shop, ['shop'], pages)).toBe('Not shown now: Shop has nothing published.');
    expect(hiddenReason({ ...shop, visibility: 'always' }, ['shop'], pages)).toBeNull();
    expect(hiddenReason({ ...shop, visibility: 'hidden' }, [], pages)).toBe('Hidden: visitors do not see this link.');
    expect(hiddenReason({ kind: 'page', page: 'p2', label: 'S', visibility: 'auto' }, [], pages)).toBe(
      'Not shown until the page is published.',
    );
  });
});

describe('helpers', () => {
  it('lists sections in words and reads a refusal field', () => {
    expect(sectionList(['shop'])).toBe('Shop');
    expect(sectionList(['shop', 'videos', 'events'])).toBe('Shop, Videos and Events');
    expect(rowFieldOf('items.3.url')).toEqual([3, 'url']);
    expect(rowFieldOf('items')).toBeNull();
  });
});
