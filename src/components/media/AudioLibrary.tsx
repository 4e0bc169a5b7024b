import { useMemo, type ReactNode } from 'react';
import type { CategoryChoice } from '../../lib/filters/core.ts';
import { audioSectionFor } from '../../lib/filters/audio.ts';
import type { AudioListItem } from '../../lib/lists/list-data.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import { LIST_ITEM, ShowMore } from '../lists/ListResults.tsx';
import { useFilteredList, type ListSource } from '../lists/use-filtered-list.ts';
import AudioItem from './AudioItem.tsx';

export default function AudioLibrary({
  categories,
  source,
  children,
}: {
  categories: CategoryChoice[];
  source: ListSource<AudioListItem>;
  /** The build's pager of the list's pages, shown until the filters change. */
  children?: ReactNode;
}) {
  // The category choices follow the chosen type (the section reads them from the items); a new type clears the category.
  // The company's categories, read by the build; the same list for the island's whole life.
  const section = useMemo(() => audioSectionFor(categories), [categories]);
  const { visible, more, busy, changed, panel } = useFilteredList(section, source);
  return (
    <>
      <FilterPanel {...panel} />
      {visible.length === 0 && panel.count !== null ? (
        <p className="py-16 text-center text-gray-600 dark:text-gray-300">No audio content available.</p>
      ) : (
        <ul className="m-0 grid list-none grid-cols-1 gap-6 p-0 md:grid-cols-2 lg:grid-cols-3">
          {visible.map((audio) => (
            <li key={audio._id} className={LIST_ITEM}>
              <AudioItem audio={audio} />
            </li>
          ))}
        </ul>
      )}
      {changed ? <ShowMore onMore={more} busy={busy} /> : children}
    </>
  );
}
