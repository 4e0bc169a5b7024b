/**
 * A video as the preview page (/preview) shows it: its card as the Videos page lists it, under the list's heading, in
 * the list's grid. Playing it counts no view: what is previewed is not what visitors watch.
 */
import type { Video } from '../../shared/types.ts';
import { ListGrid } from '../lists/ListResults.tsx';
import VideoCard from './VideoCard.tsx';

export default function VideoPreview({ video }: { video: Video }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header className="mb-8">
        <h1 className="m-0 text-3xl font-bold sm:text-4xl">Videos</h1>
      </header>
      <ListGrid
        items={[video]}
        emptyText=""
        render={(shown) => <VideoCard video={shown} loading="priority" countsView={false} />}
      />
    </div>
  );
}
