import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, assert, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import AudioPlayer, { type AudioPlayerProps } from '../../../src/components/audio/AudioPlayer.tsx';
import { countActivity } from '../../../src/lib/api/activity.ts';
import { $audioVolume, $nowPlaying } from '../../../src/lib/stores/now-playing.ts';

vi.mock('../../../src/lib/api/activity.ts', () => ({ countActivity: vi.fn(() => Promise.resolve()) }));

/** Each test's tracks get ids of their own: a play is counted once per track for the whole page load (this file). */
let serial = 0;
const track = (over: Partial<AudioPlayerProps> = {}): AudioPlayerProps => {
  serial += 1;
  return { id: `a${serial}`, name: 'Blue Pearl', src: '/media/track.wav', duration: 245, ...over };
};

/**
 * jsdom plays nothing: play() and pause() change `paused` and fire the events a browser fires (none when nothing
 * changes), and say which element they were called on.
 */
let play: MockInstance<HTMLMediaElement['play']>;
let pause: MockInstance<HTMLMediaElement['pause']>;

beforeEach(() => {
  const playing = new WeakSet<HTMLMediaElement>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return !playing.has(this);
  });
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    if (!playing.has(this)) {
      playing.add(this);
      this.dispatchEvent(new Event('play'));
    }
    return Promise.resolve();
  });
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    if (playing.delete(this)) this.dispatchEvent(new Event('pause'));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(countActivity).mockClear();
  $nowPlaying.set(null);
  $audioVolume.set({ level: 1, muted: false });
});

function audioOf(container: HTMLElement): HTMLAudioElement {
  const audio = container.querySelector('audio');
  assert(audio, 'the audio element');
  return audio;
}

/** Timeupdates every 250 ms from `from` to `to` seconds, as a playing element fires them. */
function playThrough(audio: HTMLAudioElement, from: number, to: number) {
  for (let t = from; t <= to + 1e-9; t += 0.25) {
    audio.currentTime = t;
    fireEvent.timeUpdate(audio);
  }
}

/** The file's metadata arriving, with the events a browser fires then. */
function loadMetadata(audio: HTMLAudioElement, seconds: number) {
  Object.defineProperty(audio, 'duration', { configurable: true, value: seconds });
  fireEvent.durationChange(audio);
  fireEvent.loadedMetadata(audio);
}

const clock = (container: HTMLElement) => container.querySelector('p[aria-hidden="true"]')?.textContent;

describe('AudioPlayer', () => {
  it('names every control after the track, and loads nothing until played when the length is stored', () => {
    const { container } = render(<AudioPlayer {...track()} />);
    expect(screen.getByRole('button', { name: 'Play Blue Pearl' })).toBeTruthy();
    const seek = screen.getByRole('slider', { name: 'Seek Blue Pearl' });
    expect(seek.getAttribute('aria-valuetext')).toBe('0:00 of 4:05');
    expect(screen.getByRole('button', { name: 'Mute Blue Pearl' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('slider', { name: 'Volume of Blue Pearl' })).toBeTruthy();
    const audio = audioOf(container);
    expect(audio.getAttribute('preload')).toBe('none');
    expect(audio.getAttribute('src')).toBe('/media/track.wav');
    expect(audio.hasAttribute('controls')).toBe(false);
    expect(clock(container)).toBe('0:00 / 4:05');
  });

  it('without a stored length shows --:--, asks for the metadata, and shows the file’s length once it has loaded', () => {
    const { container } = render(<AudioPlayer {...track({ duration: 0 })} />);
    const audio = audioOf(container);
    expect(audio.getAttribute('preload')).toBe('metadata');
    expect(clock(container)).toBe('0:00 / --:--');
    expect(screen.getByRole('slider', { name: 'Seek Blue Pearl' })).toHaveProperty('disabled', true);
    loadMetadata(audio, 12.4);
    expect(clock(container)).toBe('0:00 / 0:12');
    expect(screen.getByRole('slider', { name: 'Seek Blue Pearl' })).toHaveProperty('disabled', false);
  });

  it('replaces the stored length with the real one when the metadata loads', () => {
    const { container } = render(<AudioPlayer {...track({ duration: 245 })} />);
    const audio = audioOf(container);
    loadMetadata(audio, 250.2);
    expect(clock(container)).toBe('0:00 / 4:10');
  });

  it('toggles between play() and pause(), its label following', () => {
    const { container } = render(<AudioPlayer {...track()} />);
    const audio = audioOf(container);
    fireEvent.click(screen.getByRole('button', { name: 'Play Blue Pearl' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(play.mock.contexts[0]).toBe(audio);
    fireEvent.click(screen.getByRole('button', { name: 'Pause Blue Pearl' }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(pause.mock.contexts[0]).toBe(audio);
    expect(screen.getByRole('button', { name: 'Play Blue Pearl' })).toBeTruthy();
  });

  it('plays one track at a time: starting another pauses the one playing', () => {
    const first = track({ name: 'First' });
    const second = track({ name: 'Second' });
    const { container } = render(
      <>
        <AudioPlayer {...first} />
        <AudioPlayer {...second} />
      </>,
    );
    const [a, b] = container.querySelectorAll('audio');
    fireEvent.click(screen.getByRole('button', { name: 'Play First' }));
    expect($nowPlaying.get()).toBe(first.id);
    fireEvent.click(screen.getByRole('button', { name: 'Play Second' }));
    expect($nowPlaying.get()).toBe(second.id);
    expect(pause).toHaveBeenCalledTimes(1);
    expect(pause.mock.contexts[0]).toBe(a);
    expect(play.mock.contexts.at(-1)).toBe(b);
    expect(screen.getByRole('button', { name: 'Play First' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause Second' })).toBeTruthy();
    // Pausing the one playing leaves nothing playing.
    fireEvent.click(screen.getByRole('button', { name: 'Pause Second' }));
    expect($nowPlaying.get()).toBeNull();
  });

  it('counts a play after 5 s of listening, once per track however long and often it is played', () => {
    const props = track();
    const { container, unmount } = render(<AudioPlayer {...props} />);
    const audio = audioOf(container);
    fireEvent.click(screen.getByRole('button', { name: 'Play Blue Pearl' }));
    playThrough(audio, 0, 4.75);
    expect(countActivity).not.toHaveBeenCalled();
    playThrough(audio, 5, 5);
    expect(countActivity).toHaveBeenCalledTimes(1);
    expect(countActivity).toHaveBeenCalledWith('play', 'audio', props.id);
    playThrough(audio, 5.25, 20);
    fireEvent.click(screen.getByRole('button', { name: 'Pause Blue Pearl' }));
    fireEvent.click(screen.getByRole('button', { name: 'Play Blue Pearl' }));
    playThrough(audio, 20, 30);
    // Shown again (a filter hid it and brought it back): still the same page load.
    unmount();
    const again = render(<AudioPlayer {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play Blue Pearl' }));
    playThrough(audioOf(again.container), 0, 10);
    expect(countActivity).toHaveBeenCalledTimes(1);
  });

  it('does not count a seek to the end as listening', () => {
    const { container } = render(<AudioPlayer {...track()} />);
    const audio = audioOf(container);
    fireEvent.click(screen.getByRole('button', { name: 'Play Blue Pearl' }));
    playThrough(audio, 0, 1);
    playThrough(audio, 240, 243.5);
    expect(countActivity).not.toHaveBeenCalled();
  });

  it('moves the playhead by 5 s with the arrow keys, to the ends with Home and End', () => {
    const { container } = render(<AudioPlayer {...track()} />);
    const audio = audioOf(container);
    const seek = screen.getByRole('slider', { name: 'Seek Blue Pearl' });
    fireEvent.keyDown(seek, { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(5);
    fireEvent.keyDown(seek, { key: 'ArrowUp' });
    expect(audio.currentTime).toBe(10);
    fireEvent.keyDown(seek, { key: 'ArrowLeft' });
    expect(audio.currentTime).toBe(5);
    expect(seek.getAttribute('aria-valuetext')).toBe('0:05 of 4:05');
    fireEvent.keyDown(seek, { key: 'End' });
    expect(audio.currentTime).toBe(245);
    expect(clock(container)).toBe('4:05 / 4:05');
    // The bar's fill follows the playhead.
    expect(seek.style.getPropertyValue('--filled')).toBe('100%');
    fireEvent.keyDown(seek, { key: 'Home' });
    expect(audio.currentTime).toBe(0);
    fireEvent.change(seek, { target: { value: '61' } });
    expect(audio.currentTime).toBe(61);
    expect(clock(container)).toBe('1:01 / 4:05');
    expect(parseFloat(seek.style.getPropertyValue('--filled'))).toBeCloseTo((61 / 245) * 100);
  });

  it('shares the volume and the mute between players', () => {
    const { container } = render(
      <>
        <AudioPlayer {...track({ name: 'First' })} />
        <AudioPlayer {...track({ name: 'Second' })} />
      </>,
    );
    const [a, b] = container.querySelectorAll('audio');
    assert(a && b);
    fireEvent.change(screen.getByRole('slider', { name: 'Volume of First' }), { target: { value: '0.4' } });
    expect([a.volume, b.volume]).toEqual([0.4, 0.4]);
    expect(screen.getByRole('slider', { name: 'Volume of Second' }).getAttribute('aria-valuetext')).toBe('40%');
    fireEvent.click(screen.getByRole('button', { name: 'Mute Second' }));
    expect([a.muted, b.muted]).toEqual([true, true]);
    expect(screen.getByRole('button', { name: 'Mute First' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('slider', { name: 'Volume of First' }).getAttribute('aria-valuetext')).toBe('Muted');
    fireEvent.click(screen.getByRole('button', { name: 'Mute First' }));
    expect([a.muted, b.muted, a.volume]).toEqual([false, false, 0.4]);
  });

  it('shows a short message instead of the controls when the file cannot be loaded, and gives it the focus', () => {
    const props = track();
    const { container } = render(<AudioPlayer {...props} />);
    const button = screen.getByRole('button', { name: 'Play Blue Pearl' });
    button.focus();
    fireEvent.click(button);
    act(() => {
      audioOf(container).dispatchEvent(new Event('error'));
    });
    expect(screen.getByText('This audio file could not be loaded.')).toBe(document.activeElement);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    expect($nowPlaying.get()).toBeNull();
  });

  it('takes in what the element learnt before the island hydrated: its length, or that it failed', () => {
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_METADATA);
    vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(12.4);
    const loaded = render(<AudioPlayer {...track({ duration: 0 })} />);
    expect(clock(loaded.container)).toBe('0:00 / 0:12');
    loaded.unmount();
    // jsdom has no `error` on media elements: a browser's, for this render only.
    Object.defineProperty(HTMLMediaElement.prototype, 'error', { configurable: true, get: () => ({ code: 4 }) });
    try {
      render(<AudioPlayer {...track()} />);
      expect(screen.getByText('This audio file could not be loaded.')).toBeTruthy();
    } finally {
      Reflect.deleteProperty(HTMLMediaElement.prototype, 'error');
    }
  });

  it('shows the message from the start for an item without a file', () => {
    render(<AudioPlayer {...track({ src: '' })} />);
    expect(screen.getByText('This audio file could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
