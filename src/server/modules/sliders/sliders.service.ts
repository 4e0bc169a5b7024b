import type { Selectable } from 'kysely';
import { withSearchButtonDefaults } from '../../../shared/slider.ts';
import type { Slider } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import type { SlidersTable } from '../../db/schema.ts';
import { bool } from '../content/content.mappers.ts';
import { listActiveSliderRows } from './sliders.repository.ts';

const ALIGNMENTS = ['left', 'center', 'right'] as const;

export function sliderFromRow(r: Selectable<SlidersTable>): Slider {
  return {
    _id: r.id,
    title: r.title,
    subtitle: r.subtitle,
    link: r.link,
    order: r.sort_order,
    type: r.type === 'video' ? 'video' : 'photo',
    image: r.image,
    button1_text: r.button1_text,
    button1_link: r.button1_link,
    button2_text: r.button2_text,
    button2_link: r.button2_link,
    contentAlignment: ALIGNMENTS.find((a) => a === r.content_alignment) ?? 'center',
    isActive: bool(r.is_active),
    isGlobalSettings: bool(r.is_global_settings),
    company: r.company,
    searchButton: withSearchButtonDefaults(r.search_button),
  };
}

/** Active slides in their order (the hero shows these). */
export async function activeSliders(db: Db): Promise<Slider[]> {
  return (await listActiveSliderRows(db)).map(sliderFromRow);
}
