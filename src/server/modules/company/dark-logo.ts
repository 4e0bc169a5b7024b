/**
 * The dark-theme logo follows the main one until the company uploads a dark logo of its own: a new main logo then
 * replaces a dark logo nobody chose (the demo's), so the dark theme, which visitors see first, never shows the old
 * brand. Without a dark logo the main one shows in both themes.
 */

/** What a save told the admin about its dark logo, shown beside 'Company settings updated successfully'. */
export const DARK_LOGO_FOLLOWS =
  'The dark-theme logo was not one you uploaded, so it was removed: your new logo now shows in both themes. Upload a dark logo to use a different one there.';

export interface DarkLogoState {
  logo_dark: string | null;
  logo_dark_own: boolean | number;
}

/** Whether this save removes the dark logo: a new main logo, no new dark one, and a dark logo the company never chose. */
export function darkLogoFollows(
  before: DarkLogoState | undefined,
  uploaded: Partial<Record<'logo' | 'logo_dark', string>>,
): boolean {
  return Boolean(uploaded.logo && !uploaded.logo_dark && before?.logo_dark && !before.logo_dark_own);
}
