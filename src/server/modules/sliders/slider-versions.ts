/** A slide's versions: its content kept at each save, as the history names and compares it. */
import type { SliderDraftFields } from '../../../shared/sliders-admin.ts';
import type { Slider } from '../../../shared/types.ts';
import type { Versioned } from '../revisions/keep-revision.ts';
import type { SliderRow } from './sliders.repository.ts';
import { sliderFromRow } from './sliders.service.ts';

/** The content of a slide (its showing and its order are set at once, so neither is a draft's nor a version's). */
export const sliderDraftFieldsOf = (slider: Slider): SliderDraftFields => ({
  title: slider.title,
  subtitle: slider.subtitle,
  type: slider.type,
  link: slider.link,
  button1_text: slider.button1_text,
  button1_link: slider.button1_link,
  button2_text: slider.button2_text,
  button2_link: slider.button2_link,
  contentAlignment: slider.contentAlignment,
  isGlobalSettings: slider.isGlobalSettings,
  searchButton: JSON.stringify(slider.searchButton),
  image: slider.image,
});

export const sliderVersioned: Versioned<SliderRow, SliderDraftFields> = {
  type: 'slider',
  fields: [
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'subtitle', label: 'Subtitle', kind: 'text' },
    { name: 'type', label: 'Type', kind: 'text' },
    { name: 'link', label: 'Video link', kind: 'text' },
    { name: 'image', label: 'Picture', kind: 'picture' },
    { name: 'contentAlignment', label: 'Content alignment', kind: 'text' },
    { name: 'button1_text', label: 'Button 1 label', kind: 'text' },
    { name: 'button1_link', label: 'Button 1 link', kind: 'text' },
    { name: 'button2_text', label: 'Button 2 label', kind: 'text' },
    { name: 'button2_link', label: 'Button 2 link', kind: 'text' },
    { name: 'isGlobalSettings', label: 'Global settings', kind: 'text' },
    { name: 'searchButton', label: 'Search button', kind: 'text' },
  ],
  picture: 'image',
  fieldsOf: (row) => sliderDraftFieldsOf(sliderFromRow(row)),
  writtenAt: (row) => row.updated_at,
};
