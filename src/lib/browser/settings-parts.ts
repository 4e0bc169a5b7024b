/**
 * The parts of a built page, beyond its branding, that the company settings decide: the name beside the logo, the
 * About page's texts and the home page's sections. Applied with the branding (apply-branding.ts) when the settings
 * differ from the build's; each part is marked with a data- attribute in its markup. Text is only ever set as text.
 */
import { aboutContent } from '../about.ts';
import { isNamePlace, nameBesideLogoClass } from '../../components/layout/name-beside-logo.ts';
import type { HomeSectionSetting } from '../../shared/home-layout.ts';
import type { Company } from '../../shared/types.ts';

export function setTextOf(elements: Iterable<Element>, value: string): void {
  for (const el of elements) if (el.textContent !== value) el.textContent = value;
}

/** The header's and the side menu's name beside the logo, or the logo alone when it spells the name out. */
export function showNameBesideLogo(logoShowsName: boolean): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-name-beside-logo]')) {
    const place = el.dataset['nameBesideLogo'];
    if (isNamePlace(place)) el.className = nameBesideLogoClass(place, logoShowsName);
  }
  // The side menu's logo; the header's is always shown.
  for (const el of document.querySelectorAll<HTMLElement>('[data-wordmark]')) el.hidden = !logoShowsName;
}

/** The About page's texts, with its own defaults for blank ones. */
export function applyAbout(company: Company): void {
  const about = aboutContent(company);
  setTextOf(document.querySelectorAll('[data-about="name"]'), about.name);
  setTextOf(document.querySelectorAll('[data-about="tagline"]'), about.tagline);
  setTextOf(document.querySelectorAll('[data-about="description"]'), about.description);
  // Our Story, Our Mission and Our Vision, in the page's order.
  document.querySelectorAll('[data-about-section] p').forEach((el, index) => {
    const text = about.sections[index]?.text;
    if (text !== undefined) setTextOf([el], text);
  });
}

/**
 * The home page's sections in the settings' order, the ones they hide hidden. Only the sections the page was built
 * with can be arranged: one hidden at build time is not on the page to show. Nothing moves when the order is already
 * right, since moving an island's element makes Astro start it again.
 */
export function arrangeHomeSections(settings: readonly HomeSectionSetting[]): void {
  const onPage = [...document.querySelectorAll<HTMLElement>('[data-home-section]')];
  const last = onPage.at(-1);
  const parent = last?.parentElement;
  if (!last || !parent) return;
  const order = settings.flatMap(({ section, visible }) => {
    const el = onPage.find((candidate) => candidate.dataset['homeSection'] === section);
    if (el) el.hidden = !visible;
    return el ? [el] : [];
  });
  if (order.every((el, index) => el === onPage[index])) return;
  const end = last.nextSibling;
  for (const el of order) parent.insertBefore(el, end);
}
