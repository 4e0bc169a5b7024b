/**
 * The slide editor's draft side: its calls for useItemDraft, the slide as an item that may keep a draft (an active
 * slide is the one visitors see, so it stands for "published"), and the form filled from a draft.
 */
import type { SliderFormValues } from '../../../lib/admin/slider-form.ts';
import { updateSlider } from '../../../lib/api/admin/sliders.ts';
import {
  discardSliderDraft,
  fetchSliderDraft,
  publishSliderDraft,
  saveSliderDraft,
  sliderAdminPath,
  sliderPreviewLink,
} from '../../../lib/api/admin/slider-drafts.ts';
import { withSearchButtonDefaults } from '../../../shared/slider.ts';
import type { AdminSlider, SliderDraft, SliderDraftFields } from '../../../shared/sliders-admin.ts';
import type { DraftCalls } from '../content/ui/use-item-draft.ts';

/** A slide as the draft hook reads an item: shown on the hero is its "published". */
export type DraftSlide = AdminSlider & { published: boolean };

export const draftSlide = (slider: AdminSlider): DraftSlide => ({ ...slider, published: slider.isActive });

// Each endpoint is looked up when called, not when this module loads.
export const SLIDER_DRAFTS: DraftCalls<FormData, SliderDraft> = {
  itemPath: (id) => sliderAdminPath(id),
  fetchDraft: (id) => fetchSliderDraft(id),
  saveDraft: (id, form, onProgress) => saveSliderDraft(id, form, onProgress),
  update: async (id, form, onProgress) => {
    const { message, slider } = await updateSlider(id, form, onProgress);
    return { message, image: slider.image };
  },
  publishDraft: (id) => publishSliderDraft(id),
  discardDraft: (id) => discardSliderDraft(id),
  previewLink: (id) => sliderPreviewLink(id),
};

/** The editor's form filled from a draft's content; the slide's showing, order and company stay its own. */
export function formFromDraft(values: SliderFormValues, fields: SliderDraftFields): SliderFormValues {
  return {
    ...values,
    title: fields.title,
    subtitle: fields.subtitle,
    type: fields.type,
    link: fields.link,
    button1_text: fields.button1_text,
    button1_link: fields.button1_link,
    button2_text: fields.button2_text,
    button2_link: fields.button2_link,
    contentAlignment: fields.contentAlignment,
    isGlobalSettings: fields.isGlobalSettings,
    searchButton: withSearchButtonDefaults(fields.searchButton),
  };
}
