import { useMemo } from 'react';
import { useItemCounts } from '../activity/use-item-counts.ts';
import type { CategoryChoice } from '../../lib/filters/core.ts';
import { fetchVideos } from '../../lib/api/content.ts';
import { videoSectionFor } from '../../lib/filters/videos.ts';
import type { Video } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import ListResults from '../lists/ListResults.tsx';
import { gridImageLoading } from '../lists/SafeImage.tsx';
import { useFilteredList } from '../lists/use-filtered-list.ts';
import VideoCard from './VideoCard.tsx';

export default function VideoBrowser({ categories, initial }: { categories: CategoryChoice[]; initial: Video[] }) {
  // The company's categories, read by the build; the same list for the island's whole life.
  const section = useMemo(() => videoSectionFor(categories), [categories]);
  const { items, visible, loading, panel } = useFilteredList(section, initial, fetchVideos);
  // Whether this visitor likes each video, and counts newer than the list's.
  const ids = useMemo(() => items.map((v) => v._id), [items]);
  const { counts, update } = useItemCounts('video', ids);
  // Posters load like a gallery's pictures: the first row at once (the first one first), the rest as they near the screen.
  return (
    <>
      <FilterPanel {...panel} />
      <ListResults
        items={visible}
        loading={loading}
        emptyText="No videos available."
        render={(video, i) => (
          <VideoCard video={video} loading={gridImageLoading(i, 3)} counts={counts[video._id]} onCounts={update} />
        )}
      />
    </>
  );
}
