import { useMemo, type ReactNode } from 'react';
import { useItemCounts } from '../activity/use-item-counts.ts';
import type { CategoryChoice } from '../../lib/filters/core.ts';
import { videoSectionFor } from '../../lib/filters/videos.ts';
import type { Video } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import { ListGrid, ShowMore } from '../lists/ListResults.tsx';
import { gridImageLoading } from '../lists/SafeImage.tsx';
import { useFilteredList, type ListSource } from '../lists/use-filtered-list.ts';
import VideoCard from './VideoCard.tsx';

/** children: the build's pager of the list's pages, shown until the filters change. */
export default function VideoBrowser({
  categories,
  source,
  children,
}: {
  categories: CategoryChoice[];
  source: ListSource<Video>;
  children?: ReactNode;
}) {
  // The company's categories, read by the build; the same list for the island's whole life.
  const section = useMemo(() => videoSectionFor(categories), [categories]);
  const { visible, more, busy, changed, panel } = useFilteredList(section, source);
  // Whether this visitor likes each video shown, and counts newer than the build's.
  const ids = useMemo(() => visible.map((v) => v._id), [visible]);
  const { counts, update } = useItemCounts('video', ids);
  // Posters load like a gallery's pictures: the first row at once (the first one first), the rest as they near the screen.
  return (
    <>
      <FilterPanel {...panel} />
      <ListGrid
        items={visible}
        emptyText="No videos available."
        render={(video, i) => (
          <VideoCard video={video} loading={gridImageLoading(i, 3)} counts={counts[video._id]} onCounts={update} />
        )}
      />
      {changed ? <ShowMore onMore={more} busy={busy} /> : children}
    </>
  );
}
