/** Beside an item's Published/Draft badge: changes saved as a draft that visitors do not see yet. */
export default function UnpublishedChangesBadge() {
  return (
    <span className="inline-block whitespace-nowrap rounded-full border border-amber-500/60 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:text-amber-200">
      Unpublished changes
    </span>
  );
}
