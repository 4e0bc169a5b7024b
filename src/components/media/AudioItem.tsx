import { apiAsset } from '../../lib/api/base.ts';
import { formatDuration } from '../../lib/format/dates.ts';
import type { Audio } from '../../shared/types.ts';

/** One library entry: name, artist, type and category, duration, and a native player that loads nothing until played. */
export default function AudioItem({ audio }: { audio: Audio }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 dark:border-white/10 dark:bg-[#111821]">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="m-0 text-lg font-semibold">{audio.name}</h2>
          {audio.artist && <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-300">{audio.artist}</p>}
        </div>
        <p className="m-0 whitespace-nowrap text-sm tabular-nums text-gray-600 dark:text-gray-300">
          <span className="sr-only">Duration </span>
          {formatDuration(audio.duration)}
        </p>
      </div>
      <p className="m-0 text-xs uppercase tracking-wide text-gray-500 dark:text-gray-400">
        {audio.type}
        {audio.category && ` / ${audio.category}`}
      </p>
      {audio.description && <p className="m-0 line-clamp-2 text-sm text-gray-600 dark:text-gray-300">{audio.description}</p>}
      <audio className="mt-auto w-full" controls preload="none" src={apiAsset(audio.audio_file)} aria-label={audio.name} />
    </article>
  );
}
