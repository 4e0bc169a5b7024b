/** The hero search box: goes to /search?q=… for a non-blank query; a microphone button where the browser can listen. */
import { useEffect, useId, useRef, useState, useSyncExternalStore, type SubmitEvent } from 'react';
import {
  hoverClass,
  searchButtonStyle,
  searchTarget,
  speechRecognition,
  transcriptOf,
  type SpeechRecognitionLike,
} from '../../lib/hero/search.ts';
import type { SearchButton } from '../../shared/types.ts';

interface Props {
  settings: SearchButton;
  className: string;
}

const ICONS: Record<SearchButton['icon'], string> = {
  FaSearch:
    'M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.2 4.2-1.4 1.4-4.2-4.2A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z',
  FaMicrophone:
    'M12 2a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V5a3 3 0 0 1 3-3Zm7 9a7 7 0 0 1-6 6.9V21h-2v-3.1A7 7 0 0 1 5 11h2a5 5 0 0 0 10 0h2Z',
  FaStar: 'm12 2.5 2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9L12 2.5Z',
};
/** The same paths read by any name: an icon this build does not know finds nothing. */
const ICONS_BY_NAME: Partial<Record<string, string>> = ICONS;

const Icon = ({ path }: { path: string }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true" className="shrink-0">
    <path d={path} />
  </svg>
);

/** The browser's speech support never changes while the page is open: nothing to subscribe to. */
const unchanging = () => () => undefined;
const noSpeechOnServer = () => null;

function go(query: string): void {
  const target = searchTarget(query);
  if (target) window.location.assign(target);
}

export default function HeroSearch({ settings, className }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const [listening, setListening] = useState(false);

  // The microphone appears only after hydration (the server renders none) and only where the Web Speech API exists.
  const browserSpeech = useSyncExternalStore(unchanging, () => speechRecognition(window), noSpeechOnServer);
  const Speech = settings.voiceSearch.enabled ? browserSpeech : null;
  useEffect(() => () => recognition.current?.abort(), [settings.voiceSearch.enabled]);

  // The admin's colours and sizes are applied from script: the static HTML carries no style="" (CSP).
  useEffect(() => {
    const button = submit.current;
    if (!button) return;
    for (const [property, value] of Object.entries(searchButtonStyle(settings.style)))
      button.style.setProperty(property, value);
  }, [settings.style]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(input.current?.value ?? '');
  };

  const listen = () => {
    if (!Speech) return;
    if (listening) {
      recognition.current?.abort();
      return;
    }
    const r = new Speech();
    r.lang = document.documentElement.lang || navigator.language;
    r.interimResults = false;
    r.maxAlternatives = 1;
    r.onresult = (event) => {
      const transcript = transcriptOf(event);
      if (input.current) input.current.value = transcript;
      go(transcript);
    };
    r.onerror = () => setListening(false);
    r.onend = () => setListening(false);
    recognition.current = r;
    try {
      r.start();
      setListening(true);
    } catch {
      setListening(false);
    }
  };

  return (
    <form
      role="search"
      action="/search"
      method="get"
      onSubmit={onSubmit}
      className={`flex w-full max-w-xl items-stretch gap-2 ${className}`}
      data-keen-slider-clickable
    >
      <label htmlFor={id} className="sr-only">
        Search
      </label>
      <div className="relative flex-1">
        <input
          ref={input}
          id={id}
          type="search"
          name="q"
          placeholder={settings.placeholder}
          autoComplete="off"
          enterKeyHint="search"
          className="h-full w-full min-w-0 rounded-[var(--button-radius)] border-0 bg-white/95 px-4 py-3 pr-12 text-base text-gray-900 shadow-lg placeholder:text-gray-500 focus:outline-2 focus:outline-offset-2 focus:outline-white"
        />
        {Speech && (
          <button
            type="button"
            onClick={listen}
            aria-label={listening ? 'Stop voice search' : 'Search by voice'}
            aria-pressed={listening}
            className={`absolute right-1.5 top-1/2 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full text-gray-600 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-primary ${listening ? 'animate-pulse bg-red-100 text-red-600' : ''}`}
          >
            <Icon path={ICONS.FaMicrophone} />
          </button>
        )}
      </div>
      <button
        ref={submit}
        type="submit"
        aria-label={settings.text || 'Search'}
        className={`brand-button inline-flex items-center gap-2 px-5 py-3 font-semibold shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${hoverClass(settings.style.hoverEffect)}`}
      >
        <Icon path={ICONS_BY_NAME[settings.icon] ?? ICONS.FaSearch} />
        <span className={settings.text ? 'hidden sm:inline' : 'sr-only'}>{settings.text || 'Search'}</span>
      </button>
    </form>
  );
}
