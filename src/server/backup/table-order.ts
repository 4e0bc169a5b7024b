/** The order a restore fills tables in: every table after the tables its foreign keys point to. */

export interface ForeignKey {
  /** The table holding the key. */
  from: string;
  /** The table it points to. */
  to: string;
}

/**
 * `tables` with each one after those it references (a key to itself is no constraint on the order), otherwise in
 * their given order; throws when keys go round in a circle, which no single order can satisfy.
 */
export function parentsFirst(tables: readonly string[], keys: readonly ForeignKey[]): string[] {
  const known = new Set(tables);
  const needs = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { from, to } of keys) if (from !== to && known.has(from) && known.has(to)) needs.get(from)?.add(to);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find(
      (table) => !placed.has(table) && [...(needs.get(table) ?? [])].every((t) => placed.has(t)),
    );
    if (next === undefined)
      throw new Error(
        `The foreign keys of ${tables.filter((t) => !placed.has(t)).join(', ')} go round in a circle: no order fills them`,
      );
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}
