/** The blogs' panel of filters; the post grid stays the static one the page passed in until the filters change. */
import type { CategoryChoice } from '../../lib/filters/core.ts';
import { useMemo, type ReactNode } from 'react';
import { blogSectionFor } from '../../lib/filters/blogs.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import { ShowMore } from '../lists/ListResults.tsx';
import StaticUntilChanged from '../lists/StaticUntilChanged.tsx';
import { useFilteredList, type ListSource } from '../lists/use-filtered-list.ts';
import type { BlogSummary } from '../../shared/types.ts';
import BlogGrid from './BlogGrid.tsx';

/** children: the build's <BlogGrid> of the same posts under the default filters, static HTML. */
export default function BlogBrowser({
  categories,
  source,
  children,
}: {
  categories: CategoryChoice[];
  source: ListSource<BlogSummary>;
  children?: ReactNode;
}) {
  // The company's categories, read by the build; the same list for the island's whole life.
  const section = useMemo(() => blogSectionFor(categories), [categories]);
  const { visible, more, busy, changed, panel } = useFilteredList(section, source);
  return (
    <>
      <FilterPanel {...panel} />
      <StaticUntilChanged staticGrid={children} changed={changed}>
        <>
          <BlogGrid blogs={visible} />
          <ShowMore onMore={more} busy={busy} />
        </>
      </StaticUntilChanged>
    </>
  );
}
