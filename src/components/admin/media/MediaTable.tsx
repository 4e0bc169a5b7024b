/**
 * The files of one page as a table (thumbnail, title, type, size, dimensions, uses, date): a table from 1024 px, a
 * stack of labelled cards below it (ListTable). The title opens the file's details.
 */
import { formatDate } from '../../../lib/format/dates.ts';
import type { MediaItem } from '../../../shared/media-library.ts';
import { formatBytes } from '../backup/format-bytes.ts';
import ListTable, { Cell } from '../ui/ListTable.tsx';
import { dimensionsText, missingAlt, typeText, usesText } from './media-screen.ts';
import MediaThumb from './MediaThumb.tsx';
import NoAltBadge from './NoAltBadge.tsx';

const HEADINGS = ['Preview', 'Title', 'Type', 'Size', 'Dimensions', 'Uses', 'Added'] as const;
const value = 'min-w-0 text-right lg:text-left';

function MediaRow({ item, onOpen }: { item: MediaItem; onOpen: (item: MediaItem) => void }) {
  const name = item.title || 'Untitled';
  return (
    <tr className="block border-b border-gray-200 py-3 first:pt-0 last:border-0 last:pb-0 lg:table-row lg:py-0 dark:border-white/10">
      <Cell heading="Preview" className="lg:w-16">
        <span className="block h-12 w-12 shrink-0 overflow-hidden rounded-md bg-gray-100 dark:bg-white/5">
          <MediaThumb item={item} sizes="3rem" size="small" />
        </span>
      </Cell>
      <Cell heading="Title">
        <span className="flex min-w-0 flex-wrap items-center justify-end gap-2 lg:justify-start">
          <button
            type="button"
            onClick={() => onOpen(item)}
            className="min-w-0 break-words text-right font-medium text-[var(--color-primary-ink)] underline-offset-2 hover:underline lg:text-left"
          >
            {name}
          </button>
          {missingAlt(item) && <NoAltBadge />}
        </span>
      </Cell>
      <Cell heading="Type">
        <span className={`${value} whitespace-nowrap`}>{typeText(item)}</span>
      </Cell>
      <Cell heading="Size">
        <span className={`${value} whitespace-nowrap tabular-nums`}>{formatBytes(item.bytes)}</span>
      </Cell>
      <Cell heading="Dimensions">
        <span className={`${value} whitespace-nowrap tabular-nums`}>{dimensionsText(item) || '—'}</span>
      </Cell>
      <Cell heading="Uses">
        <span className={`${value} whitespace-nowrap ${item.useCount === 0 ? 'text-gray-600 dark:text-gray-400' : ''}`}>
          {usesText(item.useCount)}
        </span>
      </Cell>
      <Cell heading="Added">
        <time dateTime={item.createdAt} className={`${value} whitespace-nowrap`}>
          {formatDate(item.createdAt)}
        </time>
      </Cell>
    </tr>
  );
}

export default function MediaTable({ items, onOpen }: { items: MediaItem[]; onOpen: (item: MediaItem) => void }) {
  return (
    <ListTable
      label="Files"
      headings={HEADINGS.map((heading) => (
        <th key={heading} scope="col" className="px-3 pb-2 font-semibold">
          {heading === 'Preview' ? <span className="sr-only">{heading}</span> : heading}
        </th>
      ))}
    >
      {items.map((item) => (
        <MediaRow key={item.id} item={item} onOpen={onOpen} />
      ))}
    </ListTable>
  );
}
