/** The visible items of a list in the 1/2/3-column grid, or the section's empty text once nothing is loading. */
import { useEffect, useRef, type ReactNode } from 'react';
import { watchImageErrors } from './SafeImage.tsx';

/**
 * A list item that the browser styles, lays out and paints only when it nears the viewport (content-visibility),
 * so a long list costs the first frame, and the web-font swap, no more than the items on screen. The height stands in
 * until the item has rendered once, then its real height is kept (`auto`). Only the height: a stand-in width would
 * size a one-column grid's track and push the cards past a phone's screen.
 */
export const LIST_ITEM = 'content-visibility-auto [contain-intrinsic-block-size:auto_400px]';

interface Props<T extends { _id: string }> {
  items: T[];
  loading: boolean;
  emptyText: string;
  render: (item: T, index: number) => ReactNode;
  /**
   * The page shows exactly the items the build rendered (`prerendered` of useFilteredList): the grid keeps that DOM
   * instead of hydrating every card, which was most of the page's work after its first paint. Only for static cards.
   */
  keepPrerendered?: boolean;
}

const GRID = 'm-0 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3';
/** Preact leaves an element with this prop as it is while hydrating, and keeps it on re-renders while the value is the same. */
const KEEP_DOM = { __html: '' };

export default function ListResults<T extends { _id: string }>({ items, loading, emptyText, render, keepPrerendered = false }: Props<T>) {
  const kept = keepPrerendered && (items.length > 0 || loading);
  const grid = useRef<HTMLUListElement>(null);
  // The kept cards have no SafeImage watching their pictures: the same fallback, by hand.
  useEffect(() => {
    if (kept && grid.current) watchImageErrors(grid.current);
  }, []);
  if (kept) return <ul ref={grid} className={GRID} dangerouslySetInnerHTML={KEEP_DOM} />;
  if (items.length === 0 && !loading) return <p className="py-16 text-center text-gray-600 dark:text-gray-300">{emptyText}</p>;
  return (
    <ul className={GRID}>
      {items.map((item, i) => (
        <li key={item._id} className={LIST_ITEM}>
          {render(item, i)}
        </li>
      ))}
    </ul>
  );
}
