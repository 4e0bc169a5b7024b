/**
 * The site's audio player: play and pause, a seek bar, elapsed and total time, mute and volume in the brand's colours.
 * One track plays at a time ($nowPlaying); a play is counted after PLAY_COUNT_SECONDS of listening (not in a preview).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { countActivity } from '../../lib/api/activity.ts';
import { hear, NOT_YET_HEARD, playCounts } from '../../lib/audio/play-count.ts';
import { formatClock, seekTarget, trackLength } from '../../lib/audio/player-time.ts';
import {
  $audioVolume,
  $nowPlaying,
  setVolume,
  startPlaying,
  stopPlaying,
  toggleMute,
} from '../../lib/stores/now-playing.ts';
import './audio-player.css';

/** The tracks whose play this page load has counted. */
const counted = new Set<string>();

export interface AudioPlayerProps {
  /** The audio item's id: the one playing in $nowPlaying, and the one a play is counted for. */
  id: string;
  /** The track's name, in every control's label. */
  name: string;
  /** The file's address as the browser requests it. */
  src: string;
  /** The stored length in seconds (0 for none), shown until the file's own is known. */
  duration: number;
  /** false: listening counts no play (a preview of the item's draft). */
  countsPlays?: boolean;
}

/**
 * Fills a bar's track up to `percent`. Set on the element, not rendered as a style attribute: the page's CSP refuses
 * inline style attributes in the HTML.
 */
function useFilled(bar: RefObject<HTMLInputElement | null>, percent: number) {
  useEffect(() => {
    bar.current?.style.setProperty('--filled', `${percent}%`);
  }, [bar, percent]);
}

const SPEAKER = 'M4 9h4l5-4v14l-5-4H4z';
/** Stroked over the speaker: its sound waves, or a cross when muted. */
const WAVES = 'M16 9a4 4 0 0 1 0 6m2.5-8.5a8 8 0 0 1 0 11';
const CROSS = 'm16 9 6 6m0-6-6 6';

export default function AudioPlayer({ id, name, src, duration, countsPlays = true }: AudioPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const seekBar = useRef<HTMLInputElement>(null);
  const volumeBar = useRef<HTMLInputElement>(null);
  const listening = useRef(NOT_YET_HEARD);
  /** Whether the keyboard focus was in the player when the file failed: the message then takes it. */
  const focusToMessage = useRef(false);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [mediaLength, setMediaLength] = useState<number | null>(null);
  const [failed, setFailed] = useState(!src);
  const volume = useStore($audioVolume);
  const length = trackLength(mediaLength, duration);
  const level = volume.muted ? 0 : volume.level;
  const [elapsed, total] = [formatClock(time), formatClock(length)];
  useFilled(seekBar, length ? Math.min(100, (time / length) * 100) : 0);
  useFilled(volumeBar, level * 100);

  // Another track started: this one pauses. Leaving the page's list (a filter hid it) frees the store.
  useEffect(() => {
    const unbind = $nowPlaying.listen((now) => {
      const element = audio.current;
      if (now !== null && now !== id && element && !element.paused) element.pause();
    });
    return () => {
      unbind();
      stopPlaying(id);
    };
  }, [id]);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    element.volume = volume.level;
    element.muted = volume.muted;
  }, [volume]);

  // What the element learnt before the island hydrated reached no handler.
  useEffect(() => {
    const element = audio.current;
    if (element?.error) setFailed(true);
    else if (element && element.readyState > 0) setMediaLength(element.duration);
  }, []);

  useEffect(() => {
    if (failed && focusToMessage.current) message.current?.focus();
  }, [failed]);

  function fail() {
    focusToMessage.current = root.current?.contains(document.activeElement) ?? false;
    setFailed(true);
    setPlaying(false);
    stopPlaying(id);
  }

  function toggle() {
    const element = audio.current;
    if (!element) return;
    if (playing) {
      element.pause();
      return;
    }
    // A file that cannot load is reported by the element's error event; a start interrupted by pause() is no error.
    element.play().catch(() => undefined);
  }

  function seek(to: number) {
    if (audio.current) audio.current.currentTime = to;
    setTime(to);
  }

  function onSeekKey(event: KeyboardEvent<HTMLInputElement>) {
    const to = seekTarget(event.key, time, length);
    if (to === null) return;
    event.preventDefault();
    seek(to);
  }

  function onTimeUpdate() {
    const element = audio.current;
    if (!element) return;
    setTime(element.currentTime);
    listening.current = hear(listening.current, element.currentTime, !element.paused);
    if (countsPlays && playCounts(listening.current, counted.has(id))) {
      counted.add(id);
      void countActivity('play', 'audio', id);
    }
  }

  function onLength() {
    const element = audio.current;
    if (element) setMediaLength(element.duration);
  }

  return (
    <div
      ref={root}
      className={`mt-auto rounded-lg bg-gray-50 p-2 ring-1 ring-inset dark:bg-white/5 ${playing ? 'ring-[var(--color-primary-ink)]' : 'ring-gray-200 dark:ring-white/10'}`}
    >
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- an uploaded audio file comes with no caption file for a <track> to name */}
      <audio
        ref={audio}
        src={src || undefined}
        // Nothing is downloaded for a list of tracks whose lengths are stored; one without asks for its metadata.
        preload={duration > 0 ? 'none' : 'metadata'}
        onPlay={() => {
          setPlaying(true);
          startPlaying(id);
        }}
        onPause={() => {
          setPlaying(false);
          stopPlaying(id);
        }}
        onTimeUpdate={onTimeUpdate}
        // Fired as the metadata loads: the length goes from NaN to the file's.
        onDurationChange={onLength}
        onError={fail}
      />
      {failed ? (
        <p
          ref={message}
          tabIndex={-1}
          className="m-0 flex min-h-13 items-center gap-2 px-1 text-sm text-red-700 dark:text-red-300"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0 fill-none stroke-current stroke-2">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7.5v5.5M12 16.5v.01" strokeLinecap="round" />
          </svg>
          This audio file could not be loaded.
        </p>
      ) : (
        <div className="flex items-center gap-3">
          <button
            type="button"
            aria-label={`${playing ? 'Pause' : 'Play'} ${name}`}
            onClick={toggle}
            className="audio-button size-11 bg-[var(--color-primary)] text-[var(--color-on-primary)] shadow-sm hover:opacity-90"
          >
            {/* The stroke rounds the corners. */}
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5 fill-current stroke-current stroke-2"
              strokeLinejoin="round"
            >
              <path d={playing ? 'M7 6h3v12H7zm7 0h3v12h-3z' : 'M8 6v12l10-6z'} />
            </svg>
          </button>
          <div className="min-w-0 flex-1">
            <input
              ref={seekBar}
              type="range"
              aria-label={`Seek ${name}`}
              aria-valuetext={`${elapsed} of ${total}`}
              min={0}
              max={length ?? 0}
              step="any"
              value={Math.min(time, length ?? 0)}
              disabled={length === null}
              onChange={(event) => seek(event.currentTarget.valueAsNumber)}
              onKeyDown={onSeekKey}
              className="audio-range audio-seek w-full"
            />
            <div className="flex items-center justify-between gap-2">
              <p aria-hidden="true" className="m-0 text-xs tabular-nums text-gray-600 dark:text-gray-300">
                {elapsed} / {total}
              </p>
              <div className="flex items-center gap-1">
                <button
                  type="button"
                  aria-label={`Mute ${name}`}
                  aria-pressed={volume.muted}
                  onClick={toggleMute}
                  className="audio-button size-8 bg-transparent text-gray-700 hover:bg-black/5 dark:text-gray-200 dark:hover:bg-white/10"
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current">
                    <path d={SPEAKER} />
                    <path
                      d={volume.muted || volume.level === 0 ? CROSS : WAVES}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth={2}
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
                <input
                  ref={volumeBar}
                  type="range"
                  aria-label={`Volume of ${name}`}
                  aria-valuetext={volume.muted ? 'Muted' : `${Math.round(level * 100)}%`}
                  min={0}
                  max={1}
                  step={0.05}
                  value={level}
                  onChange={(event) => setVolume(event.currentTarget.valueAsNumber)}
                  className="audio-range audio-volume w-16 sm:w-20"
                />
              </div>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
