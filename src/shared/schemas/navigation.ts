/**
 * A menu as PUT /api/admin/navigation/:menu takes it: at most MENU_ITEMS_MAX links, each with a label, a target (a
 * section, a page by id, or a safe link) and a visibility. The admin's Navigation screen checks the same before
 * sending.
 */
import { MENU_VISIBILITIES, NAV_SECTIONS, type MenuItem } from '../navigation.ts';
import { safeHref } from '../url.ts';
import { isObject, NOT_AN_OBJECT, refusal, type FieldCheck } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

/** A menu is a short row of links; more would not fit the header. */
export const MENU_ITEMS_MAX = 12;
export const MENU_LABEL_MAX = 40;
export const MENU_URL_MAX = 500;
/** Page ids are server-made UUIDs. */
const PAGE_ID_MAX = 100;

export const MENU_NOT_FOUND = 'Menu not found';
export const LINK_RULE = 'must be a site path starting with / or an https:// address';

/**
 * A link a menu may hold: a path on this site ('/about', never '//host', which leaves it) or an https address,
 * as the one scheme filter (src/shared/url.ts safeHref) reads them.
 */
export function isSafeMenuLink(value: string): boolean {
  if (value.startsWith('/')) return safeHref(value) === value;
  return /^https:\/\//i.test(value) && safeHref(value) !== '';
}

const required = (rule: z.ZodType<string, string>) =>
  z
    .string({ error: 'is required' })
    .pipe(rule)
    .refine((v) => v !== '', 'is required');

const common = {
  label: required(formText(MENU_LABEL_MAX)),
  visibility: z.enum(MENU_VISIBILITIES, { error: "must be 'auto', 'always' or 'hidden'" }).default('auto'),
};

const MenuItemInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('section'),
      section: z.enum(NAV_SECTIONS, { error: "must be one of the site's sections" }),
      ...common,
    }),
    z.object({ kind: z.literal('page'), page: required(formText(PAGE_ID_MAX)), ...common }),
    z.object({
      kind: z.literal('link'),
      url: required(formText(MENU_URL_MAX)).refine(isSafeMenuLink, LINK_RULE),
      ...common,
    }),
  ],
  { error: "must be 'section', 'page' or 'link'" },
);

export const MenuInput = z.object({
  items: z
    .array(MenuItemInput, { error: 'must be a list of links' })
    .max(MENU_ITEMS_MAX, `must have at most ${MENU_ITEMS_MAX} links`),
});
export interface MenuValues {
  items: MenuItem[];
}

/** 'items.2.url' → 'link 3 url'; the list itself is 'the menu'. */
function whereOf(path: readonly PropertyKey[]): string {
  const [, index, key] = path;
  if (typeof index !== 'number') return 'the menu';
  const place = `link ${index + 1}`;
  if (key === 'url') return `${place} address`;
  if (key === 'kind') return `${place} target`;
  return key === undefined ? place : `${place} ${String(key)}`;
}

/** The body checked, or its first bad field ('items.2.url') with its sentence ('Link 3 address must be …'). */
export function checkMenu(body: unknown): FieldCheck<MenuValues> {
  if (!isObject(body)) return NOT_AN_OBJECT;
  const parsed = MenuInput.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  return refusal(parsed.error, 'items', {
    fieldOf: (path) => path.map(String).join('.') || 'items',
    whereOf,
  });
}
