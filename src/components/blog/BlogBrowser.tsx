import { fetchBlogs } from '../../lib/api/content.ts';
import {
  applyBlogFilters, BLOG_CATEGORY_OPTIONS, BLOG_SORT_OPTIONS, BLOG_TIMEFRAME_OPTIONS, blogFiltersFromQuery, blogFiltersReducer,
  blogFiltersToQuery, DEFAULT_BLOG_FILTERS, toBlogSummary, type BlogFilters,
} from '../../lib/filters/blogs.ts';
import type { BlogSummary } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import ListResults from '../lists/ListResults.tsx';
import { gridImageLoading } from '../lists/SafeImage.tsx';
import { useFilteredList, type ListSection } from '../lists/use-filtered-list.ts';
import BlogCard from './BlogCard.tsx';

const SECTION: ListSection<BlogSummary, BlogFilters> = {
  defaults: DEFAULT_BLOG_FILTERS, reducer: blogFiltersReducer, apply: applyBlogFilters, toQuery: blogFiltersToQuery, fromQuery: blogFiltersFromQuery,
};

const loadSummaries = () => fetchBlogs().then((blogs) => blogs.map(toBlogSummary));

export default function BlogBrowser({ initial }: { initial: BlogSummary[] }) {
  const { visible, filters, set, reset, loading, prerendered } = useFilteredList(SECTION, initial, loadSummaries);
  return (
    <>
      <FilterPanel
        query={{ value: filters.q, placeholder: 'Search posts...', onChange: set('q') }}
        fields={[
          { key: 'category', label: 'Category', value: filters.category, options: BLOG_CATEGORY_OPTIONS, onChange: set('category') },
          { key: 'timeframe', label: 'Timeframe', value: filters.timeframe, options: BLOG_TIMEFRAME_OPTIONS, onChange: set('timeframe') },
          { key: 'sort', label: 'Sort by', value: filters.sort, options: BLOG_SORT_OPTIONS, onChange: set('sort') },
        ]}
        onReset={reset}
        count={visible.length}
        noun={visible.length === 1 ? 'post' : 'posts'}
      />
      <ListResults items={visible} loading={loading} keepPrerendered={prerendered} emptyText="No blogs found" render={(blog, i) => <BlogCard blog={blog} loading={gridImageLoading(i, 3)} />} />
    </>
  );
}
