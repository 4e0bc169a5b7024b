import { apiAsset } from '../../lib/api/base.ts';
import { audioPath } from '../../lib/audio/audio-page.ts';
import type { AudioListItem } from '../../lib/lists/list-data.ts';
import AudioPlayer from '../audio/AudioPlayer.tsx';
import SafeImage from '../lists/SafeImage.tsx';

/** The cover shows at 4rem on phones and 6rem from sm up; even a 3x screen takes the smallest variant. */
const COVER_SIZES = '(min-width: 640px) 96px, 64px';

/**
 * One library entry: cover art (when set) beside the name (a link to the item's page, with its reviews) and artist,
 * type and category, and the site's player (which shows the length).
 */
export default function AudioItem({ audio }: { audio: AudioListItem }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 dark:border-white/10 dark:bg-[#111821]">
      <div className="flex items-start gap-3">
        {audio.cover && (
          // The name is right beside it: the cover is decoration. The wrapper keeps the picture's <source> out of the row.
          <div className="shrink-0">
            <SafeImage
              src={audio.cover}
              alt=""
              width={800}
              height={800}
              loading="lazy"
              sizes={COVER_SIZES}
              className="block size-16 rounded-lg object-cover shadow-sm ring-1 ring-black/5 sm:size-24 dark:ring-white/10"
            />
          </div>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="m-0 break-words text-lg font-semibold">
            <a href={audioPath(audio._id)} className="hover:underline">
              {audio.name}
            </a>
          </h2>
          {audio.artist && <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-300">{audio.artist}</p>}
        </div>
      </div>
      <p className="m-0 text-xs uppercase tracking-wide text-gray-500 dark:text-gray-400">
        {audio.type}
        {audio.category && ` / ${audio.category}`}
      </p>
      {audio.description && (
        <p className="m-0 line-clamp-2 text-sm text-gray-600 dark:text-gray-300">{audio.description}</p>
      )}
      <AudioPlayer id={audio._id} name={audio.name} src={apiAsset(audio.audio_file)} duration={audio.duration} />
    </article>
  );
}
