/**
 * Applies refreshed branding to a page rendered with build-time branding: text, links, logos, colours. Text from the
 * API is only ever set as textContent or an attribute value, never parsed as HTML.
 */
import { brandingVars, footerLinks, SOCIAL_LABELS, type SocialKey } from '../branding.ts';
import { apiAsset } from '../api/base.ts';
import { safeHref } from '../../shared/url.ts';
import { withCompanyDefaults, type CompanyInput } from '../../shared/company.ts';
import type { Company } from '../../shared/types.ts';

function setText(key: string, value: string) {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-brand="${key}"]`))
    if (el.textContent !== value) el.textContent = value;
}

/** Shows the item when it has a value; its link gets an href only through the scheme filter (security.md R46). */
function setItem(key: string, value: string) {
  const href = safeHref(value);
  for (const el of document.querySelectorAll<HTMLElement>(`[data-brand-item="${key}"]`)) el.hidden = value === '';
  for (const el of document.querySelectorAll<HTMLAnchorElement>(`[data-brand-href="${key}"]`)) {
    if (href) el.href = href;
    else el.removeAttribute('href');
  }
}

/**
 * The API's company answer, with the section 9 defaults, onto the page; returns the name now shown. Loaded by the page
 * script only when branding changed since the build (bundled on its own by src/integrations/standalone-modules.ts).
 */
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
