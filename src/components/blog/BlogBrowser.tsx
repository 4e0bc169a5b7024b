/** The blogs' panel of filters; the post grid stays the static one the page passed in until the filters change. */
import type { CategoryChoice } from '../../lib/filters/core.ts';
import { useMemo, type ReactNode } from 'react';
import { fetchBlogs } from '../../lib/api/content.ts';
import { blogSectionFor, toBlogSummary } from '../../lib/filters/blogs.ts';
import type { BlogSummary } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import StaticUntilChanged from '../lists/StaticUntilChanged.tsx';
import { useFilteredList } from '../lists/use-filtered-list.ts';
import BlogGrid from './BlogGrid.tsx';

const loadSummaries = () => fetchBlogs().then((blogs) => blogs.map(toBlogSummary));

/** children: the build's <BlogGrid> of the same posts under the default filters, static HTML. */
export default function BlogBrowser({
  categories,
  initial,
  children,
}: {
  categories: CategoryChoice[];
  initial: BlogSummary[];
  children?: ReactNode;
}) {
  // The company's categories, read by the build; the same list for the island's whole life.
  const section = useMemo(() => blogSectionFor(categories), [categories]);
  const { visible, loading, changed, panel } = useFilteredList(section, initial, loadSummaries);
  return (
    <>
      <FilterPanel {...panel} />
      <StaticUntilChanged staticGrid={children} changed={changed}>
        <BlogGrid blogs={visible} loading={loading} />
      </StaticUntilChanged>
    </>
  );
}
