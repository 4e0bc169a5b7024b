/**
 * The home page's Featured row as the admin manages it: the items pinned to its front, the search for items to pin,
 * and the rules GET/PUT /api/admin/featured check (the admin's Featured screen checks the same before sending).
 */
import { ITEM_KINDS, type ItemKind } from '../recommend-rank.ts';
import type { Recommendation } from '../types.ts';
import { checkWithMessages, objectBody } from './refusal.ts';
import { z } from './zod.ts';

/** A few items the admin chose; the rest of the row is the popular fill. */
export const FEATURED_PINS_MAX = 24;
/** How many items a search answers. */
export const FEATURED_SEARCH_MAX = 20;
/** How many items of the row the screen previews: the home page shows the first RECOMMENDATIONS_LIMIT. */
export const FEATURED_PREVIEW = 8;
export const FEATURED_QUERY_MAX = 200;

export const FEATURED_PINS_MESSAGE = `Pin at most ${FEATURED_PINS_MAX} items, each once, by their type and id.`;
export const FEATURED_SEARCH_MESSAGE = `Type must be one of ${ITEM_KINDS.join(', ')}, and the search at most ${FEATURED_QUERY_MAX} characters.`;

/** One published item (or a pinned one unpublished since) as the Featured screen lists it. */
export interface FeaturedItem {
  kind: ItemKind;
  id: string;
  title: string;
  image: string;
  caption: string;
  /** False for a pinned item that was unpublished since: it stays pinned but the row skips it. */
  published: boolean;
  createdAt: string;
}

/** GET and PUT /api/admin/featured: the pins in order and the row as visitors get it (pins, then popular). */
export interface FeaturedState {
  pins: FeaturedItem[];
  preview: (Recommendation & { pinned: boolean })[];
}

/** PUT's answer: the new state and a sentence saying when visitors see it. */
export interface FeaturedSaved extends FeaturedState {
  message: string;
}

const ItemRefInput = z.object({ kind: z.enum(ITEM_KINDS), id: z.string().min(1).max(100) });

/** PUT /api/admin/featured: every pin, in the new order; an empty list unpins everything. */
export const FeaturedPins = z.object({
  items: z
    .array(ItemRefInput)
    .max(FEATURED_PINS_MAX)
    .refine((items) => new Set(items.map((i) => `${i.kind}:${i.id}`)).size === items.length, 'each once'),
});

const checkPins = checkWithMessages(FeaturedPins, { items: FEATURED_PINS_MESSAGE }, 'items');

/** PUT's body checked: not an object is refused as such; `items` missing or wrong with FEATURED_PINS_MESSAGE. */
export const checkFeaturedPins = objectBody(checkPins);

/** GET /api/admin/featured/search's query: words (none: the newest items), and one type or all. */
export const FeaturedSearch = z.object({
  q: z.string().max(FEATURED_QUERY_MAX).default(''),
  type: z.enum(ITEM_KINDS).optional(),
});

export const checkFeaturedSearch = checkWithMessages<typeof FeaturedSearch, 'q' | 'type'>(
  FeaturedSearch,
  { q: FEATURED_SEARCH_MESSAGE, type: FEATURED_SEARCH_MESSAGE },
  'q',
);
