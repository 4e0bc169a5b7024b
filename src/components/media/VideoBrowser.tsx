import { fetchVideos } from '../../lib/api/content.ts';
import {
  applyVideoFilters, DEFAULT_VIDEO_FILTERS, VIDEO_CATEGORY_OPTIONS, VIDEO_DURATION_OPTIONS, VIDEO_QUALITY_OPTIONS, VIDEO_SORT_OPTIONS,
  videoFiltersFromQuery, videoFiltersReducer, videoFiltersToQuery, type VideoFilters,
} from '../../lib/filters/videos.ts';
import type { Video } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import ListResults from '../lists/ListResults.tsx';
import { useFilteredList, type ListSection } from '../lists/use-filtered-list.ts';
import VideoCard from './VideoCard.tsx';

const SECTION: ListSection<Video, VideoFilters> = {
  defaults: DEFAULT_VIDEO_FILTERS, reducer: videoFiltersReducer, apply: applyVideoFilters, toQuery: videoFiltersToQuery, fromQuery: videoFiltersFromQuery,
};

export default function VideoBrowser({ initial }: { initial: Video[] }) {
  const { visible, filters, set, reset, loading } = useFilteredList(SECTION, initial, fetchVideos);
  return (
    <>
      <FilterPanel
        query={{ value: filters.q, placeholder: 'Search videos...', onChange: set('q') }}
        fields={[
          { key: 'category', label: 'Category', value: filters.category, options: VIDEO_CATEGORY_OPTIONS, onChange: set('category') },
          { key: 'duration', label: 'Duration', value: filters.duration, options: VIDEO_DURATION_OPTIONS, onChange: set('duration') },
          { key: 'quality', label: 'Quality', value: filters.quality, options: VIDEO_QUALITY_OPTIONS, onChange: set('quality') },
          { key: 'sort', label: 'Sort by', value: filters.sort, options: VIDEO_SORT_OPTIONS, onChange: set('sort') },
        ]}
        onReset={reset}
        count={visible.length}
        noun={visible.length === 1 ? 'video' : 'videos'}
      />
      <ListResults items={visible} loading={loading} emptyText="No videos available." render={(video) => <VideoCard video={video} />} />
    </>
  );
}
