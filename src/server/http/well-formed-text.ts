/**
 * Text input must be well-formed Unicode (security.md R45): a lone surrogate (JSON.parse accepts "\ud800") or a
 * percent-escape that is not UTF-8 would otherwise be stored changed, as U+FFFD, or left undecoded. Nor may it hold
 * NUL (U+0000: "\u0000" in JSON, %00 in an address): PostgreSQL cannot take it in text at all (the query fails with
 * "invalid byte sequence for encoding UTF8: 0x00", a 500), while SQLite would store it, so both refuse it up front.
 */
import type { MiddlewareHandler } from 'hono';
import { fieldSentence } from '../../shared/schemas/refusal.ts';
import { badRequest, fieldError } from './errors.ts';

/** Text every database takes as it is: well-formed Unicode without NUL. */
export function isStorableText(text: string): boolean {
  return text.isWellFormed() && !text.includes('\0');
}

/** What a refusal of NUL says after the field's name: the words the field rules use for control characters. */
export const CONTROL_TEXT = 'must not contain control characters';

interface Step {
  value: unknown;
  key: string;
  parent: Step | null;
}

function pathOf(step: Step): string {
  const keys: string[] = [];
  for (let at = step; at.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The path (`a.b.0`) of the first string in a parsed JSON value for which `bad` holds, '' for the value itself or a
 * bad key at the top; null when there is none. Walks with its own stack, and builds the path only for the answer:
 * JSON.parse takes nesting deeper than recursion could.
 */
function firstBadText(value: unknown, bad: (text: string) => boolean): string | null {
  const stack: Step[] = [{ value, key: '', parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const item = step.value;
    if (typeof item === 'string') {
      if (bad(item)) return pathOf(step);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Array.isArray(item) ? item.entries() : Object.entries(item)) {
        // A bad key is named by the object holding it, so the message never echoes it.
        if (typeof key === 'string' && bad(key)) return pathOf(step);
        if (typeof child === 'string' || (typeof child === 'object' && child !== null))
          stack.push({ value: child, key: String(key), parent: step });
      }
    }
  }
  return null;
}

/** The path of the first string in a parsed JSON value that is not well-formed (see firstBadText); null when none. */
export function illFormedField(value: unknown): string | null {
  return firstBadText(value, (text) => !text.isWellFormed());
}

/** The path of the first string in a parsed JSON value that holds NUL (see firstBadText); null when none. */
export function nulField(value: unknown): string | null {
  return firstBadText(value, (text) => text.includes('\0'));
}

/** The 400 for text that is not well-formed, naming the field when there is a short one to name. */
export function illFormedText(field: string) {
  return field && field.length <= 100
    ? fieldError(400, fieldSentence(field, 'must be valid text (no unpaired surrogates)'), field)
    : badRequest('Request body must be valid text (no unpaired surrogates)');
}

/** The 400 { message, field } for NUL in a field, as the field rules word control characters; unnamed when the path is long. */
export function controlText(field: string) {
  return field && field.length <= 100
    ? fieldError(400, fieldSentence(field, CONTROL_TEXT), field)
    : badRequest(`Request body ${CONTROL_TEXT}`);
}

/** What the escapes of `part` decode to: UTF-8 text, text with NUL, or nothing (not UTF-8). */
function decodes(part: string): 'text' | 'nul' | 'undecodable' {
  try {
    return decodeURIComponent(part).includes('\0') ? 'nul' : 'text';
  } catch {
    return 'undecodable';
  }
}

/**
 * Why a request target's escapes do not decode to UTF-8 text (decodeURIComponent also refuses an encoded surrogate)
 * or decode to NUL, naming the query parameter when its name decodes; null when they all do.
 */
export function undecodableTarget(target: string): string | null {
  const mark = target.indexOf('?');
  const path = decodes(mark === -1 ? target : target.slice(0, mark));
  if (path !== 'text') return path === 'nul' ? `The address ${CONTROL_TEXT}` : 'The address must be valid UTF-8 text';
  if (mark === -1) return null;
  for (const pair of target.slice(mark + 1).split('&')) {
    const eq = pair.indexOf('=');
    const name = (eq === -1 ? pair : pair.slice(0, eq)).replaceAll('+', ' ');
    const value = eq === -1 ? '' : pair.slice(eq + 1).replaceAll('+', ' ');
    const [nameIs, valueIs] = [decodes(name), decodes(value)];
    if (nameIs === 'text' && valueIs === 'text') continue;
    const rule = nameIs === 'undecodable' || valueIs === 'undecodable' ? 'must be valid UTF-8 text' : CONTROL_TEXT;
    const decoded = nameIs === 'text' ? decodeURIComponent(name) : '';
    return decoded && decoded.length <= 64 ? fieldSentence(decoded, rule) : `The query string ${rule}`;
  }
  return null;
}

/** Refuses with 400 a path or query string whose escapes are not UTF-8 text or are NUL; plain addresses skip the work. */
export const wellFormedUrl: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  if (url.includes('%')) {
    const problem = undecodableTarget(url.slice(url.indexOf('/', url.indexOf('//') + 2)));
    if (problem) throw badRequest(problem);
  }
  await next();
};
