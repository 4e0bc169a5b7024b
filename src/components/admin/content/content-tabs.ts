import type { Role } from '../../../shared/staff-roles.ts';

/** The tabs of Content Management (site-spec section 2), in the spec's order, and what every tab's panel receives. */
export const CONTENT_TABS = ['Images', 'Videos', 'Audio', 'Documents', 'Blogs', 'Events', 'Plans', 'Pages'] as const;
export type ContentTab = (typeof CONTENT_TABS)[number];

export type ContentView = 'grid' | 'list';

/** The screen's search box (title or caption, case-insensitive, in the browser) and grid/list toggle apply to every tab. */
export interface ContentPanelProps {
  query: string;
  view: ContentView;
  /** The store's currency (GET /api/store), which a plan's price is shown in. */
  currency: string;
  /** The signed-in role: an author's Blogs tab sends posts for review instead of publishing. */
  role: Role;
}
