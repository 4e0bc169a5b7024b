/**
 * The Navigation screen's rules, pure: a row's target as one select value, what choosing another target does to the
 * label, adding a link, and why a row is not shown to visitors now (the resolution rule of src/shared/navigation.ts).
 */
import {
  isContentSection,
  NAV_SECTIONS,
  resolveMenu,
  SECTION_LINKS,
  type ContentSection,
  type MenuItem,
  type MenuPage,
  type NavSection,
} from '../../../shared/navigation.ts';

/** The target select's value for custom links. */
export const CUSTOM_LINK = 'link';

/** 'section:shop', 'page:<id>' or 'link'. */
export function targetValue(item: MenuItem): string {
  if (item.kind === 'section') return `section:${item.section}`;
  if (item.kind === 'page') return `page:${item.page}`;
  return CUSTOM_LINK;
}

/** The name a target goes by: the section's or the page's; '' for a custom link. */
function defaultLabel(item: MenuItem, pages: readonly MenuPage[]): string {
  if (item.kind === 'section') return SECTION_LINKS[item.section].label;
  if (item.kind === 'page') return pages.find((page) => page._id === item.page)?.title ?? '';
  return '';
}

/**
 * The row pointed at the target `value` names; a label left empty or still the old target's name follows the new
 * target's, one the admin typed stays. A custom link keeps the address it had.
 */
export function withTarget(item: MenuItem, value: string, pages: readonly MenuPage[], lastUrl = ''): MenuItem {
  const base = { label: item.label, visibility: item.visibility };
  let next: MenuItem;
  if (value.startsWith('section:') && (NAV_SECTIONS as readonly string[]).includes(value.slice(8)))
    next = { ...base, kind: 'section', section: value.slice(8) as NavSection };
  else if (value.startsWith('page:')) next = { ...base, kind: 'page', page: value.slice(5) };
  else next = { ...base, kind: 'link', url: item.kind === 'link' ? item.url : lastUrl };
  const keepsLabel = item.label.trim() !== '' && item.label !== defaultLabel(item, pages);
  return keepsLabel ? next : { ...next, label: defaultLabel(next, pages) || item.label };
}

/** A new row: the first section the menu does not link to yet (Home when it has them all), shown automatically. */
export function newItem(items: readonly MenuItem[]): MenuItem {
  const used = new Set(items.flatMap((item) => (item.kind === 'section' ? [item.section] : [])));
  const section = NAV_SECTIONS.find((s) => !used.has(s)) ?? 'home';
  return { kind: 'section', section, label: SECTION_LINKS[section].label, visibility: 'auto' };
}

/** Why visitors do not see this row now, or null when they do. */
export function hiddenReason(
  item: MenuItem,
  emptySections: readonly ContentSection[],
  pages: readonly MenuPage[],
): string | null {
  const facts = { emptySections, publishedPages: pages.filter((page) => page.published) };
  if (resolveMenu([item], facts).length > 0) return null;
  if (item.visibility === 'hidden') return 'Hidden: visitors do not see this link.';
  if (item.kind === 'section' && isContentSection(item.section))
    return `Not shown now: ${SECTION_LINKS[item.section].label} has nothing published.`;
  if (item.kind === 'page')
    return pages.some((page) => page._id === item.page)
      ? 'Not shown until the page is published.'
      : 'This page no longer exists; choose another target.';
  return 'Not shown: the address is not a safe link.';
}

/** 'Shop, Videos and Events'. */
export function sectionList(sections: readonly ContentSection[]): string {
  const names = sections.map((section) => SECTION_LINKS[section].label);
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** The row index and the field of an API refusal's field ('items.2.url' → [2, 'url']), or null for the whole menu. */
export function rowFieldOf(field: string | undefined): [number, string] | null {
  const match = /^items\.(\d+)\.(\w+)$/.exec(field ?? '');
  return match ? [Number(match[1]), match[2] ?? ''] : null;
}
