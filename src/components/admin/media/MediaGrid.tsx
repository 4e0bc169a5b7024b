/** The files of one page as tiles: a square thumbnail, the title and the format and size; a tile opens the file's details. */
import type { MediaItem } from '../../../shared/media-library.ts';
import { formatBytes } from '../backup/format-bytes.ts';
import { fileFormat, missingAlt } from './media-screen.ts';
import MediaThumb from './MediaThumb.tsx';
import NoAltBadge from './NoAltBadge.tsx';

/** Two columns on a phone, up to six beside the sidebar on a wide screen. */
const TILE_SIZES = '(min-width: 1280px) 10rem, (min-width: 640px) 14rem, 45vw';

function MediaTile({ item, onOpen }: { item: MediaItem; onOpen: (item: MediaItem) => void }) {
  const name = item.title || 'Untitled';
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      className="group flex h-full w-full min-w-0 flex-col overflow-hidden rounded-lg border border-gray-200 bg-white p-0 text-left text-gray-900 shadow-sm transition-[border-color,box-shadow] hover:border-gray-400 hover:shadow-md motion-reduce:transition-none dark:border-white/10 dark:bg-[#0f151c] dark:text-gray-100 dark:hover:border-white/30"
    >
      <span className="relative block aspect-square w-full overflow-hidden bg-gray-100 dark:bg-white/5">
        <MediaThumb item={item} sizes={TILE_SIZES} size="large" />
        {missingAlt(item) && <NoAltBadge className="absolute top-1.5 left-1.5 shadow-sm" />}
      </span>
      <span className="block min-w-0 border-t border-gray-200 px-2.5 py-2 dark:border-white/10">
        <span className="block truncate text-sm font-medium" title={name}>
          {name}
        </span>
        <span className="block truncate text-xs text-gray-600 dark:text-gray-400">
          {fileFormat(item)} · {formatBytes(item.bytes)}
          {item.useCount === 0 ? ' · Not used' : ''}
        </span>
      </span>
    </button>
  );
}

export default function MediaGrid({ items, onOpen }: { items: MediaItem[]; onOpen: (item: MediaItem) => void }) {
  return (
    <ul
      aria-label="Files"
      className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
    >
      {items.map((item) => (
        <li key={item.id} className="min-w-0">
          <MediaTile item={item} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}
