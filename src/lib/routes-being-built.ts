import type { SeoPage } from '../shared/constants.ts';

interface BeingBuiltRoute {
  path: string;
  page: SeoPage | null;
  heading: string;
  /** The issue that builds the real screen; delete the entry when its route file lands. */
  owner: string;
  noindex: boolean;
}

const PLACEHOLDER = 'placeholder-grade screens (no issue yet)';

/** Routes of the route table whose screens later issues build; each shows the layout and a plain message. */
export const ROUTES_BEING_BUILT: readonly BeingBuiltRoute[] = [
  { path: 'messages', page: null, heading: 'Messages', owner: PLACEHOLDER, noindex: true },
  { path: 'settings', page: null, heading: 'Settings', owner: PLACEHOLDER, noindex: true },
  { path: 'analytics', page: null, heading: 'Analytics', owner: PLACEHOLDER, noindex: true },
];
