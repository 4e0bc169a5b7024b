import { useMemo } from 'react';
import type { CategoryChoice } from '../../lib/filters/core.ts';
import { fetchAudios } from '../../lib/api/content.ts';
import { audioSectionFor } from '../../lib/filters/audio.ts';
import type { Audio } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import { LIST_ITEM } from '../lists/ListResults.tsx';
import { useFilteredList } from '../lists/use-filtered-list.ts';
import AudioItem from './AudioItem.tsx';

export default function AudioLibrary({ categories, initial }: { categories: CategoryChoice[]; initial: Audio[] }) {
  // The category choices follow the chosen type (the section reads them from the items); a new type clears the category.
  // The company's categories, read by the build; the same list for the island's whole life.
  const section = useMemo(() => audioSectionFor(categories), [categories]);
  const { visible, loading, panel } = useFilteredList(section, initial, fetchAudios);
  return (
    <>
      <FilterPanel {...panel} />
      {visible.length === 0 && !loading ? (
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
    </>
  );
}
