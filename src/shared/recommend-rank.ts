/**
 * The rules of the home page's two rows, with no database: 'For You' ranks items by how much their category and tags
 * match what the visitor viewed, liked, bought and registered for; 'Featured' is the admin's pins, then the most
 * popular items (the last 30 days first). The server feeds these functions rows and pages what they answer.
 */
import type { RecommendedItem } from './types.ts';

export type ItemKind = RecommendedItem['kind'];

/** Every kind of item the rows show, in the order the admin screen lists them. */
export const ITEM_KINDS = [
  'product',
  'blog',
  'photo',
  'video',
  'audio',
  'event',
] as const satisfies readonly ItemKind[];

/** One item of one kind. */
export interface ItemRef {
  kind: ItemKind;
  id: string;
}

/** 'product:123': one key per item across kinds. */
export const itemKey = (item: ItemRef): string => `${item.kind}:${item.id}`;

/** True for one of ITEM_KINDS. */
export const isItemKind = (value: unknown): value is ItemKind =>
  typeof value === 'string' && (ITEM_KINDS as readonly string[]).includes(value);

/** What a visitor did with an item, strongest last: a purchase or a sign-up says more than a glance. */
export type SignalKind = 'view' | 'like' | 'purchase' | 'registration';

export const SIGNAL_WEIGHTS: Readonly<Record<SignalKind, number>> = { view: 1, like: 3, purchase: 4, registration: 4 };

/** One thing the visitor did, with the category and tags of the item it was about. */
export interface Signal {
  kind: SignalKind;
  category: string;
  tags: readonly string[];
}

/** How much the visitor cares for each tag and category (lower-cased). */
export interface Affinity {
  tags: ReadonlyMap<string, number>;
  categories: ReadonlyMap<string, number>;
}

const norm = (text: string) => text.trim().toLowerCase();
const distinct = (list: readonly string[]) => [...new Set(list.map(norm).filter(Boolean))];

/** The visitor's affinity: each signal adds its weight to its item's category and to each of its tags (once each). */
export function affinityOf(signals: readonly Signal[]): Affinity {
  const tags = new Map<string, number>();
  const categories = new Map<string, number>();
  for (const signal of signals) {
    const weight = SIGNAL_WEIGHTS[signal.kind];
    for (const tag of distinct(signal.tags)) tags.set(tag, (tags.get(tag) ?? 0) + weight);
    const category = norm(signal.category);
    if (category) categories.set(category, (categories.get(category) ?? 0) + weight);
  }
  return { tags, categories };
}

/** True when the visitor's history names no tag and no category: nothing to rank by. */
export const isEmptyAffinity = (affinity: Affinity): boolean =>
  affinity.tags.size === 0 && affinity.categories.size === 0;

/** The categories the visitor cares for most, at most `count`, strongest first (then by name). */
export function topCategories(affinity: Affinity, count: number): string[] {
  return [...affinity.categories.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, count)
    .map(([name]) => name);
}

/** An item as For You ranks it. */
export interface Candidate extends ItemRef {
  category: string;
  tags: readonly string[];
  /** ISO time; newer wins among equals. */
  createdAt: string;
}

/** How well an item matches: its category's weight plus each of its (distinct) tags' weight. */
export function affinityScore(item: Pick<Candidate, 'category' | 'tags'>, affinity: Affinity): number {
  const category = affinity.categories.get(norm(item.category)) ?? 0;
  return distinct(item.tags).reduce((sum, tag) => sum + (affinity.tags.get(tag) ?? 0), category);
}

const newerFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
const byKey = (a: ItemRef, b: ItemRef) => {
  const ka = itemKey(a);
  const kb = itemKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

export interface ForYouRules {
  /** Keys (itemKey) never shown: what the visitor bought, the events they registered for. */
  exclude: ReadonlySet<string>;
  /** Keys the visitor already opened or liked: shown only after every item they have not. */
  seen: ReadonlySet<string>;
}

/**
 * For You's order: items not yet seen first; among them the best affinity score, then the newest (then by key, so the
 * order is stable). Excluded items and duplicates are dropped.
 */
export function rankForYou<T extends Candidate>(candidates: readonly T[], affinity: Affinity, rules: ForYouRules): T[] {
  const unique = new Map<string, T>();
  for (const item of candidates) {
    const key = itemKey(item);
    if (!rules.exclude.has(key) && !unique.has(key)) unique.set(key, item);
  }
  return [...unique.values()]
    .map((item) => ({ item, seen: rules.seen.has(itemKey(item)) ? 1 : 0, score: affinityScore(item, affinity) }))
    .sort(
      (a, b) =>
        a.seen - b.seen || b.score - a.score || newerFirst(a.item.createdAt, b.item.createdAt) || byKey(a.item, b.item),
    )
    .map(({ item }) => item);
}

/** The window 'popular right now' looks at. */
export const POPULAR_WINDOW_DAYS = 30;

/** The start of the popular window before `now`, as an ISO time (created_at compares as text). */
export const popularSince = (now: Date): string =>
  new Date(now.getTime() - POPULAR_WINDOW_DAYS * 86_400_000).toISOString();

/** What one count is worth in an item's popularity: a like, a sign-up or a download says more than a view. */
export const POPULARITY_WEIGHTS = { views: 1, plays: 1, downloads: 2, likes: 3, registrations: 5 } as const;

export type Counters = Partial<Record<keyof typeof POPULARITY_WEIGHTS, number>>;

/** An item's popularity from the counters its kind has. */
export function popularityScore(counters: Counters): number {
  let score = 0;
  for (const [name, weight] of Object.entries(POPULARITY_WEIGHTS))
    score += (counters[name as keyof Counters] ?? 0) * weight;
  return score;
}

/** An item as the popular fill orders it. */
export interface PopularItem extends ItemRef {
  score: number;
  createdAt: string;
}

/**
 * The popular fill's order: items created within the window first, then the rest (so the row is never empty while
 * anything is published); within each, the most popular, then the newest, then by key.
 */
export function comparePopular(since: string): (a: PopularItem, b: PopularItem) => number {
  const recent = (item: PopularItem) => (item.createdAt >= since ? 0 : 1);
  return (a, b) => recent(a) - recent(b) || b.score - a.score || newerFirst(a.createdAt, b.createdAt) || byKey(a, b);
}

/**
 * Which part of the Featured sequence a page needs: `pins` (the admin's, published, in order) come first, then the
 * popular fill without them. Answers the pins on the page and the window of the fill to read.
 */
export function featuredWindow<T extends ItemRef>(
  pins: readonly T[],
  limit: number,
  offset: number,
): { pins: T[]; fillOffset: number; fillLimit: number } {
  const page = pins.slice(offset, offset + limit);
  return { pins: page, fillOffset: Math.max(0, offset - pins.length), fillLimit: limit - page.length };
}

/** A card's caption from a longer text: one line of words, cut at a word near `max` characters with an ellipsis. */
export function shortCaption(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
