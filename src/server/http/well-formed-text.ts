/**
 * Text input must be well-formed Unicode (security.md R45): a lone surrogate (JSON.parse accepts "\ud800") or a
 * percent-escape that is not UTF-8 would otherwise be stored changed, as U+FFFD, or left undecoded.
 */
import type { MiddlewareHandler } from 'hono';
import { badRequest } from './errors.ts';

interface Step {
  value: unknown;
  key: string;
  parent: Step | null;
}

function pathOf(step: Step): string {
  const keys: string[] = [];
  for (let at: Step | null = step; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The path (`a.b.0`) of the first string in a parsed JSON value that is not well-formed, '' for the value itself or a
 * bad key at the top; null when all text is sound. Walks with its own stack, and builds the path only for the
 * answer: JSON.parse takes nesting deeper than recursion could.
 */
export function illFormedField(value: unknown): string | null {
  const stack: Step[] = [{ value, key: '', parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const item = step.value;
    if (typeof item === 'string') {
      if (!item.isWellFormed()) return pathOf(step);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Array.isArray(item) ? item.entries() : Object.entries(item)) {
        // A bad key is named by the object holding it, so the message never echoes it.
        if (typeof key === 'string' && !key.isWellFormed()) return pathOf(step);
        if (typeof child === 'string' || (typeof child === 'object' && child !== null)) stack.push({ value: child, key: String(key), parent: step });
      }
    }
  }
  return null;
}

/** The 400 for text that is not well-formed, naming the field when there is a short one to name. */
export function illFormedText(field: string) {
  return badRequest(field && field.length <= 100 ? `${field}: must be valid text (no unpaired surrogates)` : 'Request body must be valid text (no unpaired surrogates)');
}

function decodes(part: string): boolean {
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a request target's escapes do not decode to UTF-8 text (decodeURIComponent also refuses an encoded surrogate),
 * naming the query parameter when its name decodes; null when they all do.
 */
export function undecodableTarget(target: string): string | null {
  const mark = target.indexOf('?');
  if (!decodes(mark === -1 ? target : target.slice(0, mark))) return 'The address must be valid UTF-8 text';
  if (mark === -1) return null;
  for (const pair of target.slice(mark + 1).split('&')) {
    const eq = pair.indexOf('=');
    const name = (eq === -1 ? pair : pair.slice(0, eq)).replaceAll('+', ' ');
    const value = eq === -1 ? '' : pair.slice(eq + 1).replaceAll('+', ' ');
    if (decodes(name) && decodes(value)) continue;
    const decoded = decodes(name) ? decodeURIComponent(name) : '';
    return decoded && decoded.length <= 64 ? `${decoded}: must be valid UTF-8 text` : 'The query string must be valid UTF-8 text';
  }
  return null;
}

/** Refuses with 400 a path or query string whose escapes are not UTF-8 text; plain addresses skip the work. */
export const wellFormedUrl: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  if (url.includes('%')) {
    const problem = undecodableTarget(url.slice(url.indexOf('/', url.indexOf('//') + 2)));
    if (problem) throw badRequest(problem);
  }
  await next();
};
