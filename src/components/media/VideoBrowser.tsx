import { fetchVideos } from '../../lib/api/content.ts';
import { videoSection } from '../../lib/filters/videos.ts';
import type { Video } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import ListResults from '../lists/ListResults.tsx';
import { gridImageLoading } from '../lists/SafeImage.tsx';
import { useFilteredList } from '../lists/use-filtered-list.ts';
import VideoCard from './VideoCard.tsx';

export default function VideoBrowser({ initial }: { initial: Video[] }) {
  const { visible, loading, panel } = useFilteredList(videoSection, initial, fetchVideos);
  // Posters load like a gallery's pictures: the first row at once (the first one first), the rest as they near the screen.
  return (
    <>
      <FilterPanel {...panel} />
      <ListResults
        items={visible}
        loading={loading}
        emptyText="No videos available."
        render={(video, i) => <VideoCard video={video} loading={gridImageLoading(i, 3)} />}
      />
    </>
  );
}
