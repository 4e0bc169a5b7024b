/**
 * One card of 'All Sliders': image, title, type badge, 'Order: N', Active/Inactive, Unpublished changes while it has a
 * draft; select, show/hide, move, delete.
 */
import type { DragEvent } from 'react';
import type { AdminSlider } from '../../../shared/sliders-admin.ts';
import SafeImage from '../../lists/SafeImage.tsx';
import UnpublishedChangesBadge from '../content/ui/UnpublishedChangesBadge.tsx';

interface Props {
  slider: AdminSlider;
  index: number;
  count: number;
  selected: boolean;
  /** A call about this card is under way: its buttons wait. */
  busy: boolean;
  onSelect: () => void;
  onToggleActive: () => void;
  onMove: (to: number) => void;
  onDelete: () => void;
  /** Drag and drop: the card being dragged, dropped onto this one. */
  onDragStart: () => void;
  onDrop: () => void;
}

const toolClass =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md border border-gray-300 px-2 text-sm font-medium hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-white/15 dark:hover:bg-white/10';

export default function SliderCard({
  slider,
  index,
  count,
  selected,
  busy,
  onSelect,
  onToggleActive,
  onMove,
  onDelete,
  onDragStart,
  onDrop,
}: Props) {
  const name = slider.title || 'Untitled slider';
  const allowDrop = (event: DragEvent) => event.preventDefault();
  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', slider._id);
        onDragStart();
      }}
      onDragOver={allowDrop}
      onDrop={(event) => {
        event.preventDefault();
        onDrop();
      }}
      data-slider-id={slider._id}
      data-selected={selected ? '' : undefined}
      className={`flex flex-col overflow-hidden rounded-xl border bg-white shadow-sm transition dark:bg-[#111821] ${
        selected
          ? 'border-[var(--color-primary)] ring-2 ring-[var(--color-primary)]'
          : 'border-gray-200 dark:border-white/10'
      }`}
    >
      {/* The whole picture and title choose the slider; the button lies over them, so its name is only "Edit <title>". */}
      <div className="group relative">
        <span className="relative block aspect-video overflow-hidden bg-gray-200 dark:bg-white/5">
          <SafeImage
            src={slider.image}
            alt=""
            width={640}
            height={360}
            className="h-full w-full object-cover transition group-hover:scale-105 motion-reduce:transition-none"
            sizes="(min-width: 1280px) 20rem, (min-width: 640px) 50vw, 100vw"
          />
          <span className="absolute left-2 top-2 rounded-full bg-black/70 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">
            {slider.type === 'video' ? 'Video' : 'Photo'}
          </span>
          <span
            className={`absolute right-2 top-2 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              slider.isActive ? 'bg-green-700 text-white' : 'bg-gray-700 text-gray-100'
            }`}
          >
            {slider.isActive ? 'Active' : 'Inactive'}
          </span>
        </span>
        <span className="block px-3 pb-1 pt-3">
          <span className="block truncate font-semibold">{name}</span>
          <span className="block text-sm text-gray-600 dark:text-gray-400">Order: {slider.order}</span>
          {slider.draft && (
            <span className="mt-1 block">
              <UnpublishedChangesBadge />
            </span>
          )}
        </span>
        <button
          type="button"
          onClick={onSelect}
          aria-pressed={selected}
          aria-label={`Edit ${name}`}
          className="absolute inset-0 z-10 cursor-pointer rounded-t-xl border-0 bg-transparent p-0 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-[var(--color-primary-ink)]"
        />
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2 px-3 pb-3 pt-2">
        <button
          type="button"
          className={toolClass}
          disabled={busy || index === 0}
          data-move="up"
          onClick={() => onMove(index - 1)}
          aria-label={`Move ${name} up`}
          title="Move up"
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className={toolClass}
          disabled={busy || index === count - 1}
          data-move="down"
          onClick={() => onMove(index + 1)}
          aria-label={`Move ${name} down`}
          title="Move down"
        >
          <span aria-hidden="true">↓</span>
        </button>
        <button
          type="button"
          className={toolClass}
          disabled={busy}
          onClick={onToggleActive}
          aria-label={`${slider.isActive ? 'Deactivate' : 'Activate'} ${name}`}
        >
          {slider.isActive ? 'Deactivate' : 'Activate'}
        </button>
        <button
          type="button"
          className={`${toolClass} ml-auto border-red-500/40 text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-500/10`}
          disabled={busy}
          onClick={onDelete}
          aria-label={`Delete ${name}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
