import { useEffect, useRef, useState } from 'react';
import { countActivity } from '../../lib/api/activity.ts';
import { formatDuration } from '../../lib/format/dates.ts';
import { formatCount } from '../../lib/format/numbers.ts';
import type { ItemCounts } from '../../shared/activity.ts';
import { autoplayEmbedSrc } from '../../lib/media/embed.ts';
import type { Video } from '../../shared/types.ts';
import LikeButton from '../activity/LikeButton.tsx';
import SafeImage, { type ImageLoading } from '../lists/SafeImage.tsx';

const FRAME = 'block aspect-video w-full';

/** The poster's play mark: a round button face in the middle of the frame. */
function PlayMark() {
  return (
    <span className="absolute inset-0 flex items-center justify-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-black/55 shadow-lg ring-1 ring-white/30 transition-transform group-hover:scale-110 group-focus-visible:scale-110">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 size-8 fill-current">
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
    </span>
  );
}

/**
 * A video that loads nothing from YouTube until asked: its poster (the stored picture, or a branded gradient with the
 * name when it has none) is a play button that turns into the embedded player, autoplaying, when clicked.
 */
interface Props {
  video: Video;
  loading?: ImageLoading;
  /** The current counts read after load (the build's until then). */
  counts?: ItemCounts | undefined;
  /** Told a like's new counts; without it the likes are only shown. */
  onCounts?: (id: string, counts: ItemCounts) => void;
  /** false: playing counts no view (a preview of the video, which is not the published one visitors watch). */
  countsView?: boolean;
}

export default function VideoCard({ video, loading = 'lazy', counts, onCounts, countsView = true }: Props) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const src = autoplayEmbedSrc(video.youtube);
  // The poster button disappears on click; keep keyboard focus on the player that replaces it.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  let player;
  if (!src) {
    player = (
      <div
        className={`${FRAME} flex items-center justify-center bg-gray-200 text-sm text-gray-600 dark:bg-white/5 dark:text-gray-300`}
      >
        Video unavailable
      </div>
    );
  } else if (playing) {
    player = (
      <iframe
        ref={frame}
        className={`${FRAME} border-0`}
        src={src}
        title={video.name}
        // Full screen through the permissions policy: the legacy allowfullscreen attribute is the same permission.
        allow="accelerometer; autoplay; encrypted-media; picture-in-picture; fullscreen"
        loading="lazy"
      />
    );
  } else {
    const poster = video.poster;
    // The duration badge lies over the button, outside it: the button's name stays what it shows (Play <name>).
    player = (
      <div className="relative">
        <button
          type="button"
          className={`${FRAME} group relative cursor-pointer overflow-hidden border-0 p-0 text-left text-white ${poster ? 'bg-[#0b1118]' : 'bg-gradient-to-br from-[var(--color-primary)] to-[#0b1118]'}`}
          aria-label={`Play ${video.name}`}
          onClick={() => {
            setPlaying(true);
            // Pressing play is what opens a video here: its view.
            if (countsView) void countActivity('view', 'video', video._id);
          }}
        >
          {poster ? (
            // The button names the video; the poster itself adds nothing to read out.
            <SafeImage
              src={poster}
              alt=""
              width={1280}
              height={720}
              loading={loading}
              className="absolute inset-0 size-full object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="absolute inset-x-0 bottom-0 line-clamp-2 bg-gradient-to-t from-black/70 to-transparent px-4 pb-3 pt-8 text-base font-semibold"
            >
              {video.name}
            </span>
          )}
          <PlayMark />
        </button>
        <span
          aria-hidden="true"
          className="pointer-events-none absolute right-3 top-3 rounded bg-black/60 px-2 py-0.5 text-xs font-medium text-white"
        >
          {formatDuration(video.duration)}
        </span>
      </div>
    );
  }

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white dark:border-white/10 dark:bg-[#111821]">
      {player}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="m-0 text-lg font-semibold">{video.name}</h2>
        <p className="m-0 text-xs uppercase tracking-wide text-gray-500 dark:text-gray-400">
          {video.category} · {video.quality} · <span className="sr-only">Duration </span>
          {formatDuration(video.duration)}
        </p>
        {video.description && (
          <p className="m-0 line-clamp-3 text-sm text-gray-600 dark:text-gray-300">{video.description}</p>
        )}
        <p className="m-0 mt-auto flex items-center gap-4 pt-2 text-sm text-gray-600 dark:text-gray-300">
          <span>{formatCount(counts?.views ?? video.views)} views</span>
          {onCounts ? (
            <LikeButton
              type="video"
              id={video._id}
              title={video.name}
              likes={counts?.likes ?? video.likes}
              liked={counts?.liked ?? false}
              onChange={onCounts}
              className="-my-1"
            />
          ) : (
            <span>{formatCount(video.likes)} likes</span>
          )}
        </p>
      </div>
    </article>
  );
}
