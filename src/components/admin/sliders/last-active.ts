/** Which change would leave the home page without an active slide (it then shows the default hero). */
import type { Slider } from '../../../shared/types.ts';

/** True when `slider` is the only active one: deactivating or deleting it leaves the hero to the default slide. */
export const isLastActive = (sliders: readonly Slider[], slider: Slider): boolean =>
  slider.isActive && sliders.every((s) => s._id === slider._id || !s.isActive);

/** What the home page does once no slide is active, as the confirmations say it. */
export const DEFAULT_HERO_NOTE = 'The home page will show the default hero until you activate another slide.';
