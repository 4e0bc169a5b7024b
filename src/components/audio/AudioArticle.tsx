/**
 * An audio item's own page body: cover, type and category, name, artist, the plays, downloads, length and quality,
 * the player, a download and the description. Rendered to static HTML on /audio/{id} (AudioDetails.astro, the player
 * an island in its `player` slot, the reviews after) and by the preview of the item's draft.
 */
import type { ReactNode } from 'react';
import { apiAsset } from '../../lib/api/base.ts';
import { AUDIO_COVER_SIZES } from '../../lib/audio/audio-page.ts';
import { formatDuration } from '../../lib/format/dates.ts';
import { formatCount } from '../../lib/format/numbers.ts';
import type { Audio } from '../../shared/types.ts';
import { liveCount } from '../activity/live-count.ts';
import SafeImage from '../lists/SafeImage.tsx';

interface Props {
  audio: Audio;
  /** The site's player (AudioPlayer) for the item's file: on the item's page, Astro's `player` slot. */
  player?: ReactNode;
  /**
   * false (a preview): nothing on the page is marked for the item's page scripts, so no download is counted and no
   * count is refreshed.
   */
  counted?: boolean;
  /** What follows the description (the reviews on the item's page). */
  children?: ReactNode;
}

export default function AudioArticle({ audio, player, counted = true, children }: Props) {
  const file = audio.audio_file ? apiAsset(audio.audio_file) : '';
  /** Each fact: its term, the value and, for a count, which one LiveCounts refreshes. */
  const facts: [string, string, ('plays' | 'downloads')?][] = [
    ['Plays', formatCount(audio.plays), 'plays'],
    ['Downloads', formatCount(audio.downloads), 'downloads'],
    ...(audio.duration > 0 ? ([['Length', formatDuration(audio.duration)]] as [string, string][]) : []),
    ...(audio.quality ? ([['Quality', audio.quality]] as [string, string][]) : []),
  ];
  return (
    <article className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <p className="m-0 text-sm">
        <a href="/audio" className="inline-flex items-center gap-1 text-[var(--color-primary-ink)] hover:underline">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
            <path d="M15 18l-6-6 6-6"></path>
          </svg>
          Audio Library
        </a>
      </p>
      <div className="mt-4 grid gap-6 sm:grid-cols-[12rem_minmax(0,1fr)] sm:items-start">
        {audio.cover && (
          // Wrapped: the <picture>'s <source> would otherwise take a grid cell of its own.
          <div className="min-w-0">
            <SafeImage
              src={audio.cover}
              alt=""
              width={800}
              height={800}
              loading="priority"
              sizes={AUDIO_COVER_SIZES}
              className="block aspect-square w-full max-w-60 rounded-xl object-cover shadow-sm ring-1 ring-black/5 sm:max-w-none dark:ring-white/10"
            />
          </div>
        )}
        <div className={audio.cover ? 'min-w-0' : 'min-w-0 sm:col-span-2'}>
          <p className="m-0 text-xs uppercase tracking-wide text-gray-600 dark:text-gray-400">
            {audio.type}
            {audio.category && ` / ${audio.category}`}
          </p>
          <h1 className="mb-0 mt-2 break-words text-3xl font-bold leading-tight sm:text-4xl">{audio.name}</h1>
          {audio.title && audio.title !== audio.name && (
            <p className="mb-0 mt-1 text-lg text-gray-700 dark:text-gray-300">{audio.title}</p>
          )}
          {audio.artist && <p className="mb-0 mt-2 text-gray-700 dark:text-gray-300">{audio.artist}</p>}
          <dl className="m-0 mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {facts.map(([term, value, count]) => (
              <div key={term}>
                <dt className="text-gray-600 dark:text-gray-400">{term}</dt>
                <dd
                  className="m-0 font-semibold tabular-nums"
                  {...(count && counted ? liveCount('audio', audio._id, count) : {})}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div className="mt-6 flex flex-col gap-3">
        {player}
        {file && (
          <p className="m-0">
            <a
              href={file}
              download
              {...(counted ? { 'data-audio-download': audio._id } : {})}
              className="brand-button inline-flex items-center gap-2 px-4 py-2.5 font-semibold no-underline"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
                <path d="M12 4v11m-5-5 5 5 5-5M5 20h14" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              Download<span className="sr-only"> {audio.name}</span>
            </a>
          </p>
        )}
      </div>
      {audio.description && (
        <p className="mb-0 mt-6 whitespace-pre-line leading-relaxed text-gray-700 dark:text-gray-300">
          {audio.description}
        </p>
      )}
      {children}
    </article>
  );
}
