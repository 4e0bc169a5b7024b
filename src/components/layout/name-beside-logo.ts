/**
 * The company name beside the logo, in the header and in the side menu: shown, or kept for screen readers only when
 * the logo spells the name out (logo_shows_name). SiteHeader renders it with these classes; lib/browser/apply-branding.ts
 * swaps them when the setting differs from the build's (a settings preview, or a change the site is not rebuilt for yet).
 */
const NAME_SHOWN = {
  // From sm up only: on phones the logo alone fits beside the header's buttons.
  header: 'hidden min-w-0 truncate text-lg font-semibold sm:inline',
  menu: 'min-w-0 truncate text-lg font-semibold',
} as const;

export type NamePlace = keyof typeof NAME_SHOWN;

export const isNamePlace = (value: unknown): value is NamePlace => value === 'header' || value === 'menu';

export const nameBesideLogoClass = (place: NamePlace, logoShowsName: boolean): string =>
  logoShowsName ? 'sr-only' : NAME_SHOWN[place];
