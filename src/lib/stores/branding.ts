/**
 * The company branding as the browser knows it now (spec §4: loading, then loaded, or failed, then defaults). Islands
 * read it; an admin save refreshes it, and every change is applied to the page at once (colours, radii, names, logos,
 * icon) through the same code the layout uses for branding changed since the build (browser/apply-branding.ts).
 *
 * The layout's own page script cannot share this store: it stays import-free so Astro inlines it (browser/layout.ts).
 */
import { atom } from 'nanostores';
import { getCompany } from '../api/admin/company.ts';
import { applyBranding } from '../browser/apply-branding.ts';
import { withCompanyDefaults } from '../../shared/company.ts';
import type { Company } from '../../shared/types.ts';

export type Branding =
  { status: 'loading' } | { status: 'loaded'; company: Company } | { status: 'failed'; company: Company };

export const $branding = atom<Branding>({ status: 'loading' });

let requested: Promise<Company> | null = null;

/** Fetches GET /api/company now and publishes the answer; on failure the defaults (only logged, spec §8). */
export function refreshBranding(): Promise<Company> {
  requested = getCompany().then(
    (company) => {
      setBranding(company);
      return company;
    },
    (error: unknown) => {
      console.error('Failed to load company settings:', error instanceof Error ? error.message : error);
      const current = $branding.get();
      // A failed refresh keeps what the page already shows; only a first load falls back to the defaults.
      const company = current.status === 'loading' ? withCompanyDefaults(null) : current.company;
      if (current.status === 'loading') $branding.set({ status: 'failed', company });
      return company;
    },
  );
  return requested;
}

/** The branding, fetched once per page unless refreshed. */
export function loadBranding(): Promise<Company> {
  return requested ?? refreshBranding();
}

/** Publishes settings the server answered with (a save), without another request. */
export function setBranding(company: Company): void {
  $branding.set({ status: 'loaded', company });
}

// The page follows the store: set here, not in each island, so every save shows everywhere at once.
if (typeof document !== 'undefined') {
  let shownName = '';
  $branding.listen((branding) => {
    if (branding.status !== 'loaded') return;
    // The name the page was built with (the header's, else the head's site name), so the title follows a rename.
    shownName ||=
      document.querySelector('[data-brand="name"]')?.textContent ??
      document.querySelector('meta[property="og:site_name"]')?.getAttribute('content') ??
      '';
    applyBranding(branding.company, shownName);
    shownName = branding.company.name;
  });
}
