/** Slider defaults (spec section 3): one rule for the API, the hero and the slider editor. */
import { SEARCH_BUTTON_DEFAULTS } from './constants.ts';
import type { SearchButton } from './types.ts';

export const SEARCH_POSITIONS = ['left', 'right', 'inline', 'below'] as const;
export const SEARCH_ICONS = ['FaSearch', 'FaMicrophone', 'FaStar'] as const;
export const SEARCH_HOVERS = ['darken', 'lighten', 'scale', 'underline'] as const;

/** Longest search button text and placeholder; longer stored text is cut (older rows). */
export const SEARCH_TEXT_MAX = 60;
export const SEARCH_PLACEHOLDER_MAX = 120;
/** Largest number of recent searches the box keeps. */
export const RECENT_SEARCHES_MAX = 50;

/** Colours as #RRGGBB only (security.md R46). */
export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** A border radius: one short CSS length ('6px', '0.5rem', '50%'), never other CSS. */
export const RADIUS_PATTERN = /^(0|\d{1,3}(\.\d{1,3})?(px|rem|em|%))$/;
/** Padding: one to four short CSS lengths ('0.5rem 1rem'), never other CSS. */
export const PADDING_PATTERN = /^(0|\d{1,3}(\.\d{1,3})?(px|rem|em))( (0|\d{1,3}(\.\d{1,3})?(px|rem|em))){0,3}$/;

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const text = (value: unknown, fallback: string, max: number) =>
  typeof value === 'string' ? value.slice(0, max) : fallback;
const matching = (pattern: RegExp, value: unknown, fallback: string) =>
  typeof value === 'string' && pattern.test(value.trim()) ? value.trim() : fallback;
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** JSON text parsed into a plain object without prototype keys (security.md R47); null when it is not a JSON object. */
export function readJsonObject(value: string): Record<string, unknown> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value, (key, v: unknown) => (PROTOTYPE_KEYS.has(key) ? undefined : v));
  } catch {
    return null;
  }
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

/** Parses JSON text (as stored or as sent) and drops prototype keys (security.md R47); anything unreadable gives {}. */
export function parseJsonObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'string') return obj(value);
  return readJsonObject(value) ?? {};
}

/**
 * A searchButton with every missing or invalid field taken from the defaults; accepts an object or JSON text. Colours
 * and lengths that are not plain (older rows) fall back too, so no stored value reaches a page as arbitrary CSS.
 */
export function withSearchButtonDefaults(input: unknown): SearchButton {
  const d = SEARCH_BUTTON_DEFAULTS;
  const src = parseJsonObject(input);
  const style = obj(src['style']);
  const limit = Number(obj(src['recentSearches'])['limit']);
  return {
    enabled: flag(src['enabled'], d.enabled),
    text: text(src['text'], d.text, SEARCH_TEXT_MAX),
    placeholder: text(src['placeholder'], d.placeholder, SEARCH_PLACEHOLDER_MAX),
    icon: pick(SEARCH_ICONS, src['icon'], d.icon),
    position: pick(SEARCH_POSITIONS, src['position'], d.position),
    style: {
      backgroundColor: matching(COLOUR_PATTERN, style['backgroundColor'], d.style.backgroundColor),
      textColor: matching(COLOUR_PATTERN, style['textColor'], d.style.textColor),
      borderRadius: matching(RADIUS_PATTERN, style['borderRadius'], d.style.borderRadius),
      padding: matching(PADDING_PATTERN, style['padding'], d.style.padding),
      hoverEffect: pick(SEARCH_HOVERS, style['hoverEffect'], d.style.hoverEffect),
    },
    voiceSearch: { enabled: flag(obj(src['voiceSearch'])['enabled'], d.voiceSearch.enabled) },
    recentSearches: {
      enabled: flag(obj(src['recentSearches'])['enabled'], d.recentSearches.enabled),
      limit: Number.isInteger(limit) && limit >= 0 && limit <= RECENT_SEARCHES_MAX ? limit : d.recentSearches.limit,
    },
  };
}
