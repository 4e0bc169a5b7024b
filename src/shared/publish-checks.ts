/**
 * Publish checks: what every rebuild checks in what it is about to publish, and the report the admin reads. An item
 * with an error is held back (visitors do not see it until it is fixed; the rest of the site goes out); a warning is
 * reported and publishes.
 */

export type CheckSeverity = 'error' | 'warning';

export type CheckCode =
  'alt-text' | 'broken-link' | 'contrast' | 'oversized-picture' | 'page-bytes' | 'title-length' | 'description-length';

/** What each check is, in the admin's words; errors hold an item back. */
export const CHECKS: Readonly<Record<CheckCode, { label: string; severity: CheckSeverity }>> = {
  'alt-text': { label: 'Missing alt text', severity: 'error' },
  'broken-link': { label: 'Broken link', severity: 'error' },
  contrast: { label: 'Unreadable colours', severity: 'error' },
  'oversized-picture': { label: 'Picture far larger than shown', severity: 'warning' },
  'page-bytes': { label: 'Page over its size budget', severity: 'warning' },
  'title-length': { label: 'Title too long for search results', severity: 'warning' },
  'description-length': { label: 'Description too long for search results', severity: 'warning' },
};

/** The kinds of item the checks read. */
export type CheckedKind = 'blog' | 'page' | 'product' | 'event' | 'audio' | 'slide' | 'theme';

/**
 * The kinds an error holds back: a post, a page or a slide is left out; held theme colours give way to the last ones
 * that passed. The other kinds' findings are warnings.
 */
export type HoldableKind = 'blog' | 'page' | 'slide' | 'theme';

export const CHECKED_KIND_LABELS: Readonly<Record<CheckedKind, string>> = {
  blog: 'Post',
  page: 'Page',
  product: 'Product',
  event: 'Event',
  audio: 'Audio',
  slide: 'Hero slide',
  theme: 'Theme',
};

/** Search results cut a title at about 60 characters and a description at about 160. */
export const SEARCH_TITLE_MAX = 60;
export const SEARCH_DESCRIPTION_MAX = 160;
/** WCAG 2 AA for body text. */
export const CONTRAST_MIN = 4.5;
/** A picture more than this many times as wide as the most pixels it is ever shown at is flagged. */
export const OVERSIZE_FACTOR = 2;
/** What one page's HTML may weigh once compressed (brotli, as served), in KB of 1000 bytes. */
export const PAGE_BROTLI_BUDGET_KB = 60;

export interface CheckFinding {
  code: CheckCode;
  severity: CheckSeverity;
  /** One sentence naming what fails and where (the link, the picture, the measured value). */
  message: string;
}

export interface CheckedItem {
  kind: CheckedKind;
  id: string;
  title: string;
  /** Where visitors find it (null for the theme and a slide, shown on the home page). */
  path: string | null;
  /** The admin screen where it is fixed. */
  fixHref: string;
  /** Held back from visitors until its errors are fixed. */
  held: boolean;
  findings: CheckFinding[];
}

/** GET /api/admin/publish-checks: the last run's findings (items without any are counted, not listed). */
export interface PublishCheckReport {
  /** When the checks last ran (before a rebuild, at start, or on the admin's request); null before the first run. */
  checkedAt: string | null;
  /** When the built pages were last weighed; null where the site is built elsewhere (a CDN's build hook). */
  pagesMeasuredAt: string | null;
  /** How many items were checked. */
  checked: number;
  items: CheckedItem[];
}

export const PUBLISH_CHECKS_STARTED =
  'Checks are running with a rebuild of the site. Held items come back once their errors are fixed.';
export const HELD_NOTE = 'Held back: visitors do not see this until its errors are fixed.';
/** The theme is never left out: visitors keep the last colours that passed. */
export const HELD_THEME_NOTE = 'Held back: visitors keep the last theme colours that passed until these are fixed.';

/** Counts of a report, for its summary and the dashboard. */
export function reportCounts(report: Pick<PublishCheckReport, 'items'>): {
  held: number;
  errors: number;
  warnings: number;
} {
  let held = 0;
  let errors = 0;
  let warnings = 0;
  for (const item of report.items) {
    if (item.held) held += 1;
    for (const finding of item.findings) {
      if (finding.severity === 'error') errors += 1;
      else warnings += 1;
    }
  }
  return { held, errors, warnings };
}
