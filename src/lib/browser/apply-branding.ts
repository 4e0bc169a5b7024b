/**
 * Applies settings to a page rendered with other ones: text, links, logos, colours, and the parts of the page they
 * decide (settings-parts.ts). Loaded by the layout script (bundled on its own by src/integrations/standalone-modules.ts)
 * when branding changed since the build, and on every page of a tab in a settings preview, which it shows: the draft
 * settings under the preview banner. Text from the API is only ever set as textContent or an attribute value, never
 * parsed as HTML.
 */
import { brandingVars, footerLinks, SOCIAL_LABELS, type SocialKey } from '../branding.ts';
import { apiAsset, publicApiBase } from '../api/base.ts';
import { removePreviewBanner, showPreviewBanner } from './preview-banner.ts';
import { applyAbout, arrangeHomeSections, setTextOf, showNameBesideLogo } from './settings-parts.ts';
import { safeHref } from '../../shared/url.ts';
import { withCompanyDefaults, type CompanyInput } from '../../shared/company.ts';
import { PREVIEW_INVALID, type PreviewAnswer } from '../../shared/drafts.ts';
import {
  END_PREVIEW,
  PREVIEW_NOT_LOADED,
  SETTINGS_PREVIEW_BANNER,
  SITE_PREVIEW_PARAM,
} from '../../shared/site-preview.ts';
import type { Company } from '../../shared/types.ts';

const setText = (key: string, value: string) => setTextOf(document.querySelectorAll(`[data-brand="${key}"]`), value);

/** Shows the item only when it has a value. */
function showItem(key: string, value: string) {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-brand-item="${key}"]`)) el.hidden = value === '';
}

/** Shows the item when it has a value; its link gets an href only through the scheme filter (security.md R46). */
function setItem(key: string, value: string) {
  const href = safeHref(value);
  showItem(key, value);
  for (const el of document.querySelectorAll<HTMLAnchorElement>(`[data-brand-href="${key}"]`)) {
    if (href) el.href = href;
    else el.removeAttribute('href');
  }
}

/** The API's company answer, with the section 9 defaults, onto the page; returns the name now shown. */
export function applyCompanyAnswer(answer: unknown, previousName: string): string {
  const company = withCompanyDefaults(answer as CompanyInput | null);
  applyBranding(company, previousName);
  return company.name;
}

export function applyBranding(company: Company, previousName: string): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(brandingVars(company))) root.style.setProperty(name, value);

  if (previousName && company.name && previousName !== company.name) {
    document.title = document.title.split(previousName).join(company.name);
  }
  setText('name', company.name);
  setText('tagline', company.tagline);
  // The home page's brand story, hidden while the description is blank.
  setText('description', company.description);
  showItem('description', company.description.trim());
  showNameBesideLogo(company.logo_shows_name);
  applyAbout(company);
  arrangeHomeSections(company.home_sections);

  const links = footerLinks(company);
  setText('address', links.address);
  setText('phone', links.phone);
  setText('email', links.email);
  setText('website', links.websiteLabel);
  setItem('address', links.address);
  setItem('phone', links.phone ? `tel:${links.phone.replace(/[^\d+]/g, '')}` : '');
  setItem('email', links.email ? `mailto:${links.email}` : '');
  setItem('website', links.website);
  for (const key of Object.keys(SOCIAL_LABELS) as SocialKey[]) setItem(`social-${key}`, links.social[key]);

  const light = apiAsset(company.logo || '/logo.png');
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-brand-logo="light"]')) {
    if (img.getAttribute('src') !== light) img.src = light;
    img.alt = company.name;
  }
  // The dark-theme logo exists only when logo_dark is set; without it the light one shows in both themes.
  const dark = company.logo_dark ? apiAsset(company.logo_dark) : '';
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-brand-logo="dark"]')) {
    img.hidden = !dark;
    if (dark && img.getAttribute('src') !== dark) img.src = dark;
    img.alt = company.name;
  }
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-brand-logo="light"]')) {
    img.classList.toggle(
      'logo-for-light',
      dark !== '' && document.querySelector('img[data-brand-logo="dark"]') !== null,
    );
  }
  // The page may carry its icon inline; data-src names the file it came from.
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const iconUrl = apiAsset(company.icon || '/favicon.png');
  if (icon && icon.dataset['src'] !== iconUrl) {
    icon.href = iconUrl;
    icon.dataset['src'] = iconUrl;
  }
}

/**
 * A settings preview link (/?site-preview=<token>) is kept for the tab and taken off the address, so that every page
 * the tab visits shows the draft settings until the preview is ended; returns the tab's token, if any.
 */
function keepPreviewLink(): string | null {
  const url = new URL(location.href);
  const linked = url.searchParams.get(SITE_PREVIEW_PARAM);
  if (linked !== null) {
    url.searchParams.delete(SITE_PREVIEW_PARAM);
    history.replaceState(history.state, '', url);
  }
  try {
    if (linked) sessionStorage.setItem(SITE_PREVIEW_PARAM, linked);
    return sessionStorage.getItem(SITE_PREVIEW_PARAM);
  } catch {
    // No storage: the preview lasts for this page only.
    return linked === '' ? null : linked;
  }
}

/** The tab leaves the preview: its pages show the published settings again. */
function forgetPreview(): void {
  try {
    sessionStorage.removeItem(SITE_PREVIEW_PARAM);
  } catch {
    // No storage: the preview was kept for one page only.
  }
}

const endPreview = {
  label: END_PREVIEW,
  onClick: () => {
    forgetPreview();
    location.reload();
  },
};

/** The refusal's own words ({ message }), or '' when it has none. */
function messageOf(body: unknown): string {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message.trim() : '';
}

/**
 * The tab's settings preview on this page, run by layout.ts instead of its check for branding changed since the
 * build (a link's parameter, or one kept, says the tab is in one): asks for the draft settings (GET
 * /api/preview/{token}, whatever the page was built with) and shows them, or why it cannot.
 */
export async function showSettingsPreview(previousName: string): Promise<void> {
  const token = keepPreviewLink();
  if (!token) return;
  let status = 0;
  let body: unknown = null;
  try {
    const res = await fetch(`${publicApiBase()}/api/preview/${encodeURIComponent(token)}`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    status = res.status;
    body = await res.json();
  } catch {
    // Offline (status 0: the link is kept for the next page), or an answer without a JSON body (its status decides).
  }
  applySettingsPreview(status, body, previousName);
}

/**
 * A settings preview's answer: GET /api/preview/{token}'s status and JSON body. The draft settings are applied under
 * the preview banner, whose button ends the preview. The API refuses a link it no longer takes with 404 (expired, not
 * valid): the tab leaves the preview and the banner says why, as it does for a link to an item rather than to the
 * settings. Any other failure (the API unreachable, too many requests) keeps the link for the next page.
 */
export function applySettingsPreview(status: number, body: unknown, previousName: string): void {
  const ok = status >= 200 && status < 300;
  const answer = (ok ? body : null) as Partial<PreviewAnswer> | null;
  if ((answer?.type === 'company' || answer?.type === 'theme') && answer.item) {
    applyBranding(withCompanyDefaults(answer.item), previousName);
    const expiresAt = typeof answer.expiresAt === 'string' ? answer.expiresAt : null;
    showPreviewBanner(SETTINGS_PREVIEW_BANNER, expiresAt, endPreview);
    return;
  }
  if (ok || status === 404) {
    forgetPreview();
    // Answered, but for an item: the link is no settings preview link.
    const message = ok ? PREVIEW_INVALID : messageOf(body) || PREVIEW_INVALID;
    showPreviewBanner(message, null, { label: 'Close', onClick: removePreviewBanner });
    return;
  }
  showPreviewBanner(messageOf(body) || PREVIEW_NOT_LOADED, null, endPreview);
}
