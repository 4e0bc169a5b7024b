/**
 * Which sections the home page shows and in what order, a company setting (company_settings.home_sections, JSON
 * text). Saving refuses anything but the full list of known sections, each once; reading forgives: a stored value
 * that is damaged, or older than a section added since, still gives the whole list.
 */

/** Every home section, in the order a new site shows them. */
export const HOME_SECTIONS = ['hero', 'featured', 'products', 'posts', 'events', 'story', 'newsletter'] as const;
export type HomeSectionKey = (typeof HOME_SECTIONS)[number];

/** One section as the setting holds it. */
export interface HomeSectionSetting {
  section: HomeSectionKey;
  visible: boolean;
}

/** What the admin screen calls each section. */
export const HOME_SECTION_LABELS: Record<HomeSectionKey, string> = {
  hero: 'Hero slider',
  featured: 'Featured / For You',
  products: 'Popular products',
  posts: 'Latest posts',
  events: 'Upcoming events',
  story: 'Brand story',
  newsletter: 'Newsletter sign-up',
};

/** A new site's home page: every section, in the spec's order. */
export const DEFAULT_HOME_SECTIONS: readonly HomeSectionSetting[] = HOME_SECTIONS.map((section) => ({
  section,
  visible: true,
}));

export const isHomeSection = (value: unknown): value is HomeSectionKey =>
  typeof value === 'string' && (HOME_SECTIONS as readonly string[]).includes(value);

/** The stored value as a list: an array as it is, JSON text parsed, anything else (or broken JSON) none. */
function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * The full ordered list from a stored or fetched value (a list or its JSON text): known sections in their stored
 * order, each once (its first entry), visible unless it says `visible: false`; sections it leaves out follow, shown.
 */
export function resolveHomeSections(value: unknown): HomeSectionSetting[] {
  const seen = new Set<HomeSectionKey>();
  const out: HomeSectionSetting[] = [];
  for (const entry of asList(value)) {
    const section = entry && typeof entry === 'object' ? (entry as { section?: unknown }).section : undefined;
    if (!isHomeSection(section) || seen.has(section)) continue;
    seen.add(section);
    out.push({ section, visible: (entry as { visible?: unknown }).visible !== false });
  }
  for (const section of HOME_SECTIONS) if (!seen.has(section)) out.push({ section, visible: true });
  return out;
}

/** The sections to render, in order. */
export const visibleHomeSections = (sections: readonly HomeSectionSetting[]): HomeSectionKey[] =>
  sections.filter((s) => s.visible).map((s) => s.section);

/** The list with the section at `index` swapped with its neighbour (`by` -1: up, +1: down); unchanged at an edge. */
export function moveHomeSection(
  sections: readonly HomeSectionSetting[],
  index: number,
  by: -1 | 1,
): HomeSectionSetting[] {
  const to = index + by;
  const next = [...sections];
  const [a, b] = [next[index], next[to]];
  if (!a || !b) return next;
  next[index] = b;
  next[to] = a;
  return next;
}
