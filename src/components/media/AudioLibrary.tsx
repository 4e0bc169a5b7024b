import { fetchAudios } from '../../lib/api/content.ts';
import {
  applyAudioFilters, AUDIO_DURATION_OPTIONS, AUDIO_QUALITY_OPTIONS, AUDIO_SORT_OPTIONS, AUDIO_TYPE_OPTIONS, audioCategoriesFor,
  audioFiltersFromQuery, audioFiltersReducer, audioFiltersToQuery, DEFAULT_AUDIO_FILTERS, type AudioFilters,
} from '../../lib/filters/audio.ts';
import type { Audio } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import { LIST_ITEM } from '../lists/ListResults.tsx';
import { useFilteredList, type ListSection } from '../lists/use-filtered-list.ts';
import AudioItem from './AudioItem.tsx';

const SECTION: ListSection<Audio, AudioFilters> = {
  defaults: DEFAULT_AUDIO_FILTERS, reducer: audioFiltersReducer, apply: applyAudioFilters, toQuery: audioFiltersToQuery, fromQuery: audioFiltersFromQuery,
};

export default function AudioLibrary({ initial }: { initial: Audio[] }) {
  const { items, visible, filters, set, reset, loading } = useFilteredList(SECTION, initial, fetchAudios);
  // The category choices follow the chosen type; the reducer clears the category when the type changes.
  const categoryOptions = [
    { value: 'all', label: 'All Categories' },
    ...audioCategoriesFor(filters.type, items).map((category) => ({ value: category, label: category })),
  ];
  return (
    <>
      <FilterPanel
        query={{ value: filters.q, placeholder: 'Search audio...', onChange: set('q') }}
        fields={[
          { key: 'type', label: 'Type', value: filters.type, options: AUDIO_TYPE_OPTIONS, onChange: set('type') },
          { key: 'category', label: 'Category', value: filters.category, options: categoryOptions, onChange: set('category') },
          { key: 'duration', label: 'Duration', value: filters.duration, options: AUDIO_DURATION_OPTIONS, onChange: set('duration') },
          { key: 'quality', label: 'Quality', value: filters.quality, options: AUDIO_QUALITY_OPTIONS, onChange: set('quality') },
          { key: 'sort', label: 'Sort by', value: filters.sort, options: AUDIO_SORT_OPTIONS, onChange: set('sort') },
        ]}
        onReset={reset}
        count={visible.length}
        noun={visible.length === 1 ? 'item' : 'items'}
      />
      {visible.length === 0 && !loading ? (
        <p className="py-16 text-center text-gray-600 dark:text-gray-300">No audio content available.</p>
      ) : (
        <ul className="m-0 grid list-none gap-6 p-0 md:grid-cols-2 lg:grid-cols-3">
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
