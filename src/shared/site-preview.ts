/**
 * A settings preview on the public site: the link's query parameter and the banner's texts. Imports nothing, because
 * the page's branding applier (lib/browser/apply-branding.ts, bundled on its own) uses these and must not pull in
 * settings-drafts.ts, whose import of the settings' schemas brings zod with it (460 KB).
 */

/**
 * The query parameter a settings preview link opens the site with (/?site-preview=<token>); the page keeps it in the
 * tab's session storage under the same name, so every page visited shows the draft until the preview is ended.
 * lib/browser/layout.ts spells it out rather than import it (it stays inline); its test, layout-script.test.ts,
 * holds the two equal.
 */
export const SITE_PREVIEW_PARAM = 'site-preview';

export const SETTINGS_PREVIEW_BANNER = 'Preview of unpublished settings: visitors still see the published site.';
export const END_PREVIEW = 'End preview';
/** The banner's message when the preview could not be asked for (not a refusal of the link: it is kept). */
export const PREVIEW_NOT_LOADED = 'The preview could not be loaded. Please try again.';
