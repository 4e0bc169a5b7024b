/**
 * A hero slide as the admin reads it, with its draft: the content a draft holds (the slide's showing and its order are
 * set at once, never by a draft) and the preview of the home page's hero with the draft in its place.
 */
import type { DraftInfo } from './drafts.ts';
import type { Slider } from './types.ts';

/** GET /api/admin/sliders: a slide, and who saved its draft (unpublished changes) and when; null without one. */
export type AdminSlider = Slider & { draft: DraftInfo | null };

/**
 * A slide's content as its draft and its versions hold it: the search button as its JSON text (as the slide's form
 * sends it, so a kept version reads and compares as text), the picture's URL under `image`.
 */
export interface SliderDraftFields {
  title: string;
  subtitle: string;
  type: Slider['type'];
  link: string;
  button1_text: string;
  button1_link: string;
  button2_text: string;
  button2_link: string;
  contentAlignment: Slider['contentAlignment'];
  isGlobalSettings: boolean;
  searchButton: string;
  image: string;
}

/** GET|PUT /api/admin/sliders/{id}/draft. */
export interface SliderDraft extends DraftInfo {
  fields: SliderDraftFields;
}

/** A preview link's view: the home page's hero, the slide (draft applied) among the active slides in their order. */
export interface SliderHeroPreview {
  slide: Slider;
  slides: Slider[];
}
