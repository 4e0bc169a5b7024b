/** The blogs' panel of filters; the post grid stays the static one the page passed in until the filters change. */
import type { ReactNode } from 'react';
import { fetchBlogs } from '../../lib/api/content.ts';
import { blogSection, toBlogSummary } from '../../lib/filters/blogs.ts';
import type { BlogSummary } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import StaticUntilChanged from '../lists/StaticUntilChanged.tsx';
import { useFilteredList } from '../lists/use-filtered-list.ts';
import BlogGrid from './BlogGrid.tsx';

const loadSummaries = () => fetchBlogs().then((blogs) => blogs.map(toBlogSummary));

/** children: the build's <BlogGrid> of the same posts under the default filters, static HTML. */
export default function BlogBrowser({ initial, children }: { initial: BlogSummary[]; children?: ReactNode }) {
  const { visible, loading, changed, panel } = useFilteredList(blogSection, initial, loadSummaries);
  return (
    <>
      <FilterPanel {...panel} />
      <StaticUntilChanged staticGrid={children} changed={changed}>
        <BlogGrid blogs={visible} loading={loading} />
      </StaticUntilChanged>
    </>
  );
}
