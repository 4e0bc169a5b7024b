// @unocss-include: the class strings below are read by UnoCSS although this is a .ts file.
/** The hero's search box: where a query goes, where the box sits, how its button looks, and voice input. */
import type { SearchButton } from '../../shared/types.ts';
import { COLOUR_PATTERN, PADDING_PATTERN, RADIUS_PATTERN } from '../../shared/slider.ts';

/** '/search?q=<query>' for a query with any non-blank text, else null (a blank search does nothing). */
export function searchTarget(query: string): string | null {
  const q = query.trim();
  return q === '' ? null : `/search?q=${encodeURIComponent(q)}`;
}

export interface SearchPlacement {
  /** Above the call-to-action buttons, in the same row, or below them. */
  slot: 'above' | 'inline' | 'below';
  /** Extra classes on the search form inside the slide's content column. */
  className: string;
}

// Read by any name: an unknown position finds nothing.
const PLACEMENT: Partial<Record<string, SearchPlacement>> = {
  // Left and right say which side of the field the button sits on; the box follows the slide's alignment.
  left: { slot: 'above', className: 'flex-row-reverse' },
  right: { slot: 'above', className: '' },
  inline: { slot: 'inline', className: 'min-w-[16rem] flex-1' },
  below: { slot: 'below', className: '' },
} satisfies Record<SearchButton['position'], SearchPlacement>;
const CENTRE: SearchPlacement = { slot: 'above', className: '' };

/** Placement for left, right, inline and below; anything else sits above the buttons like the default. */
export function searchPlacement(position: string): SearchPlacement {
  return PLACEMENT[position] ?? CENTRE;
}

const HOVER: Record<SearchButton['style']['hoverEffect'], string> = {
  darken: 'hover:brightness-90',
  lighten: 'hover:brightness-110',
  scale: 'transition-transform hover:scale-105',
  underline: 'hover:underline',
};
/** The same classes read by any name: an unknown effect finds nothing. */
const HOVER_BY_NAME: Partial<Record<string, string>> = HOVER;

/** The utility class for the search button's hover effect (darken when unknown). */
export const hoverClass = (effect: string): string => HOVER_BY_NAME[effect] ?? HOVER.darken;

/**
 * The admin's button style as CSS properties, each only when it is a plain colour or length.
 * The island sets them from script after hydration (CSP: no style="" in the static HTML).
 */
export function searchButtonStyle(style: SearchButton['style']): Record<string, string> {
  const css: Record<string, string> = {};
  if (COLOUR_PATTERN.test(style.backgroundColor)) css['background-color'] = style.backgroundColor;
  if (COLOUR_PATTERN.test(style.textColor)) css['color'] = style.textColor;
  if (RADIUS_PATTERN.test(style.borderRadius.trim())) css['border-radius'] = style.borderRadius.trim();
  if (PADDING_PATTERN.test(style.padding.trim())) css['padding'] = style.padding.trim();
  return css;
}

/** The bits of the Web Speech API the voice button uses. */
export interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onend: (() => void) | null;
  start(): void;
  abort(): void;
}
export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's speech recognition constructor (standard or webkit-prefixed), or null where there is none. */
export function speechRecognition(scope: unknown): SpeechRecognitionConstructor | null {
  if (!scope || typeof scope !== 'object') return null;
  const w = scope as Record<string, unknown>;
  const ctor = w['SpeechRecognition'] ?? w['webkitSpeechRecognition'];
  return typeof ctor === 'function' ? (ctor as SpeechRecognitionConstructor) : null;
}

/** The best transcript of a speech recognition result, trimmed ('' when there is none). */
export function transcriptOf(event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }): string {
  return event.results[0]?.[0]?.transcript.trim() ?? '';
}
