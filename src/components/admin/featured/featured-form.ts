/** Pure rules of the Featured screen: the pin list after a pin, an unpin or a move, and the sentences it shows. */
import { moveItem } from '../../../lib/admin/slider-form.ts';
import { itemKey, type ItemKind, type ItemRef } from '../../../shared/recommend-rank.ts';
import { FEATURED_PINS_MAX } from '../../../shared/schemas/featured.ts';

/** Each kind as the screen names it. */
export const KIND_LABELS: Readonly<Record<ItemKind, string>> = {
  product: 'Product',
  blog: 'Post',
  photo: 'Photo',
  video: 'Video',
  audio: 'Audio',
  event: 'Event',
};

/** True when `item` is among `pins`. */
export const isPinned = (pins: readonly ItemRef[], item: ItemRef): boolean =>
  pins.some((pin) => itemKey(pin) === itemKey(item));

/** The list with `item` pinned last; unchanged when it is already pinned or the list is full. */
export function withPin<T extends ItemRef>(pins: readonly T[], item: T): T[] {
  if (isPinned(pins, item) || pins.length >= FEATURED_PINS_MAX) return [...pins];
  return [...pins, item];
}

/** The list without `item`. */
export const withoutPin = <T extends ItemRef>(pins: readonly T[], item: ItemRef): T[] =>
  pins.filter((pin) => itemKey(pin) !== itemKey(item));

/** The list with the pin at `from` moved to `to` (clamped to the list). */
export const withMove = <T>(pins: readonly T[], from: number, to: number): T[] => moveItem(pins, from, to);

/** 'Pinned "Tide Lamp": number 3 of 3.' and the like, after each save. */
export const pinNotice = (title: string, position: number, count: number) =>
  `Pinned "${title}": number ${position} of ${count}. The home page shows it once the site is rebuilt.`;
export const unpinNotice = (title: string) =>
  `Unpinned "${title}". The home page shows the change once the site is rebuilt.`;
export const moveNotice = (title: string, position: number, count: number) =>
  `Order saved: "${title}" is now number ${position} of ${count}. The home page shows it once the site is rebuilt.`;
export const FULL_NOTICE = `At most ${FEATURED_PINS_MAX} items can be pinned; unpin one first.`;
