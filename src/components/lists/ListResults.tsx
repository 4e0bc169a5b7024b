/** The visible items of a list in the 1/2/3-column grid, a page at a time, or the section's empty text. */
import { useState, type ReactNode } from 'react';
import { LIST_PAGE_SIZE } from '../../shared/constants.ts';

/**
 * A list item that the browser styles, lays out and paints only when it nears the viewport (content-visibility),
 * so a long list costs the first frame, and the web-font swap, no more than the items on screen. The height stands in
 * until the item has rendered once, then its real height is kept (`auto`). Only the height: a stand-in width would
 * size a one-column grid's track and push the cards past a phone's screen.
 */
export const LIST_ITEM = 'content-visibility-auto [contain-intrinsic-block-size:auto_400px]';

/**
 * The first page of `items`, growing a page per press of the returned "Show more" button (null once all are shown);
 * a new list (other filters) starts again at one page.
 */
export function useShowMore<T>(items: readonly T[]): { shown: readonly T[]; more: ReactNode } {
  const [limit, setLimit] = useState({ items, count: LIST_PAGE_SIZE });
  if (limit.items !== items) setLimit({ items, count: LIST_PAGE_SIZE });
  const count = limit.items === items ? limit.count : LIST_PAGE_SIZE;
  const more =
    items.length > count ? (
      <div className="mt-8 flex justify-center">
        <button
          type="button"
          className="rounded-md border border-gray-300 px-5 py-2 text-sm font-medium hover:border-[var(--color-primary)] dark:border-white/20"
          onClick={() => setLimit({ items, count: count + LIST_PAGE_SIZE })}
        >
          Show more
        </button>
      </div>
    ) : null;
  return { shown: items.length > count ? items.slice(0, count) : items, more };
}

interface Props<T extends { _id: string }> {
  items: readonly T[];
  emptyText: string;
  render: (item: T, index: number) => ReactNode;
}

export const LIST_GRID = 'm-0 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3';

/** Every one of `items` in the grid, or the empty text. */
export function ListGrid<T extends { _id: string }>({ items, emptyText, render }: Props<T>) {
  if (items.length === 0) return <p className="py-16 text-center text-gray-600 dark:text-gray-300">{emptyText}</p>;
  return (
    <ul className={LIST_GRID}>
      {items.map((item, i) => (
        <li key={item._id} className={LIST_ITEM}>
          {render(item, i)}
        </li>
      ))}
    </ul>
  );
}

/** The grid a page at a time, with "Show more". */
export default function ListResults<T extends { _id: string }>(props: Props<T>) {
  const { shown, more } = useShowMore(props.items);
  return (
    <>
      <ListGrid {...props} items={shown} />
      {more}
    </>
  );
}
