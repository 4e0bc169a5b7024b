/** Text picked out of HTML, XML and CSS with a regular expression. */

/**
 * The first capture group of every match of `pattern` (which needs the g flag, and a first group that takes part in
 * every match).
 */
export function firstGroups(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((match) => {
    const group = match[1];
    if (group === undefined) throw new Error(`/${pattern.source}/ matched without its first group`);
    return group;
  });
}
