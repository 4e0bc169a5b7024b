// @unocss-include: the class strings below are read by UnoCSS although this is a .ts file.
/** Which slides the hero shows and how a slide's content is laid out (spec section 2, Home). */
import { withSearchButtonDefaults } from '../../shared/slider.ts';
import { safeHref } from '../../shared/url.ts';
import type { Company, Slider } from '../../shared/types.ts';

/** The one slide built from the theme settings when there are no sliders or they failed to load. */
export function defaultSlide(company: Company): Slider {
  return {
    _id: 'default',
    title: company.name,
    subtitle: company.tagline,
    link: '',
    order: 0,
    type: 'photo',
    image: company.hero_image,
    button1_text: company.cta_text,
    button1_link: company.cta_link,
    button2_text: '',
    button2_link: '',
    contentAlignment: 'center',
    isActive: true,
    isGlobalSettings: false,
    company: company._id,
    searchButton: withSearchButtonDefaults({}),
  };
}

/** The sliders as given, or the default slide when the list is empty. */
export function heroSlides(sliders: readonly Slider[], company: Company): Slider[] {
  return withFallback(sliders, defaultSlide(company));
}

/** The sliders as given, or the one fallback slide when the list is empty (the island keeps only that slide, not the company). */
export function withFallback(sliders: readonly Slider[], fallback: Slider): Slider[] {
  return sliders.length > 0 ? [...sliders] : [fallback];
}

/** The hero loops only when there is something to loop to. */
export const shouldLoop = (slideCount: number): boolean => slideCount > 1;

export interface AlignmentClasses {
  /** The content column inside the slide. */
  column: string;
  /** The row of call-to-action buttons. */
  row: string;
}

const ALIGNMENT: Record<Slider['contentAlignment'], AlignmentClasses> = {
  left: { column: 'items-start text-left', row: 'justify-start' },
  center: { column: 'items-center text-center mx-auto', row: 'justify-center' },
  right: { column: 'items-end text-right ml-auto', row: 'justify-end' },
};
/** The same classes read by any name: an unknown alignment finds nothing. */
const ALIGNMENT_BY_NAME: Partial<Record<string, AlignmentClasses>> = ALIGNMENT;

/** Layout classes for left, right or centre content; anything else is centred (the spec's default). */
export function alignmentClasses(alignment: string): AlignmentClasses {
  return ALIGNMENT_BY_NAME[alignment] ?? ALIGNMENT.center;
}

export interface SlideButton {
  text: string;
  href: string;
}

/** Up to two call-to-action buttons: each needs a text and a link safeHref keeps (http(s), mailto, tel, site-relative), else it is left out. */
export function slideButtons(
  slide: Pick<Slider, 'button1_text' | 'button1_link' | 'button2_text' | 'button2_link'>,
): SlideButton[] {
  const buttons: SlideButton[] = [];
  for (const [text, link] of [
    [slide.button1_text, slide.button1_link],
    [slide.button2_text, slide.button2_link],
  ] as const) {
    const href = safeHref(link);
    if (text.trim() !== '' && href !== '') buttons.push({ text: text.trim(), href });
  }
  return buttons;
}
