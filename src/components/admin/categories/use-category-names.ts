/** The company's categories of one content type for an item form's select (GET /api/admin/categories). */
import { useEffect, useState } from 'react';
import { fetchAdminCategories } from '../../../lib/api/admin/categories.ts';
import type { CategoryKind } from '../../../shared/schemas/category.ts';

/** The kind's category names in order; empty until they arrive (or when they cannot be read: the server still checks). */
export function useCategoryNames(kind: CategoryKind): readonly string[] {
  const [names, setNames] = useState<readonly string[]>([]);
  useEffect(() => {
    let live = true;
    fetchAdminCategories(kind)
      .then((list) => live && setNames(list.map((c) => c.name)))
      .catch((error: unknown) =>
        console.error('Failed to load the categories:', error instanceof Error ? error.message : error),
      );
    return () => {
      live = false;
    };
  }, [kind]);
  return names;
}

/**
 * A category select's options: 'None' first unless a category is required, then the names; the value the item holds
 * stays offered while the list loads, so opening a form never changes it.
 */
export function categoryOptions(
  names: readonly string[],
  current: string,
  { none = true }: { none?: boolean } = {},
): readonly (readonly [string, string])[] {
  const shown = current && !names.includes(current) ? [current, ...names] : names;
  return [...(none ? [['', 'None'] as const] : []), ...shown.map((name) => [name, name] as const)];
}
