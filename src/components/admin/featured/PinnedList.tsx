/**
 * The pins in the row's order, as an ordered list: each one's place, picture, title and kind (a draft marked as
 * skipped by the row), arrows to move it and Unpin. Below 640 px the controls wrap under the item.
 */
import { itemKey } from '../../../shared/recommend-rank.ts';
import type { FeaturedItem } from '../../../shared/schemas/featured.ts';
import { DANGER_ACTION, MoveButtons } from '../ui/row-actions.tsx';
import { KIND_LABELS } from './featured-form.ts';
import ItemThumb from './ItemThumb.tsx';

interface Props {
  pins: FeaturedItem[];
  /** A save is under way: every control waits. */
  busy: boolean;
  onMove: (from: number, to: number) => void;
  onUnpin: (item: FeaturedItem) => void;
}

export default function PinnedList({ pins, busy, onMove, onUnpin }: Props) {
  return (
    <ol className="m-0 list-none divide-y divide-gray-200 p-0 dark:divide-white/10" aria-label="Pinned items">
      {pins.map((pin, index) => (
        <li
          key={itemKey(pin)}
          data-pin={itemKey(pin)}
          className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0"
        >
          <div className="flex min-w-0 flex-1 basis-56 items-center gap-3">
            <span className="w-6 shrink-0 text-center text-sm font-semibold tabular-nums text-gray-500 dark:text-gray-400">
              {index + 1}
            </span>
            <ItemThumb image={pin.image} label={KIND_LABELS[pin.kind]} />
            <div className="min-w-0">
              <p className="m-0 font-semibold break-words">{pin.title}</p>
              <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
                {KIND_LABELS[pin.kind]}
                {!pin.published && (
                  <span className="ml-2 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-medium text-amber-800 dark:text-amber-200">
                    Not published: skipped by the row
                  </span>
                )}
              </p>
            </div>
          </div>
          <div className="ml-9 flex shrink-0 flex-wrap items-center gap-2 sm:ml-0">
            <MoveButtons
              name={pin.title}
              index={index}
              count={pins.length}
              disabled={busy}
              onMove={(by) => onMove(index, index + by)}
            />
            <button
              type="button"
              data-unpin
              disabled={busy}
              onClick={() => onUnpin(pin)}
              aria-label={`Unpin ${pin.title}`}
              className={DANGER_ACTION}
            >
              Unpin
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}
