/** Slider defaults (spec section 3): one rule for the API, the hero and the slider editor. */
import { SEARCH_BUTTON_DEFAULTS } from './constants.ts';
import type { SearchButton } from './types.ts';

const POSITIONS = ['left', 'right', 'inline', 'below'] as const;
const ICONS = ['FaSearch', 'FaMicrophone', 'FaStar'] as const;
const HOVERS = ['darken', 'lighten', 'scale', 'underline'] as const;

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const obj = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** Parses JSON text (as stored or as sent) and drops prototype keys (security.md R47). */
export function parseJsonObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'string') return obj(value);
  try {
    return obj(JSON.parse(value, (key, v) => (key === '__proto__' || key === 'constructor' || key === 'prototype' ? undefined : v)));
  } catch {
    return {};
  }
}

/** A searchButton with every missing or invalid field taken from the defaults; accepts an object or JSON text. */
export function withSearchButtonDefaults(input: unknown): SearchButton {
  const d = SEARCH_BUTTON_DEFAULTS;
  const src = parseJsonObject(input);
  const style = obj(src['style']);
  const limit = Number(obj(src['recentSearches'])['limit']);
  return {
    enabled: flag(src['enabled'], d.enabled),
    text: text(src['text'], d.text),
    placeholder: text(src['placeholder'], d.placeholder),
    icon: pick(ICONS, src['icon'], d.icon),
    position: pick(POSITIONS, src['position'], d.position),
    style: {
      backgroundColor: text(style['backgroundColor'], d.style.backgroundColor),
      textColor: text(style['textColor'], d.style.textColor),
      borderRadius: text(style['borderRadius'], d.style.borderRadius),
      padding: text(style['padding'], d.style.padding),
      hoverEffect: pick(HOVERS, style['hoverEffect'], d.style.hoverEffect),
    },
    voiceSearch: { enabled: flag(obj(src['voiceSearch'])['enabled'], d.voiceSearch.enabled) },
    recentSearches: {
      enabled: flag(obj(src['recentSearches'])['enabled'], d.recentSearches.enabled),
      limit: Number.isInteger(limit) && limit >= 0 && limit <= 50 ? limit : d.recentSearches.limit,
    },
  };
}
