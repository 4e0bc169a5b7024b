/** The blogs' grid of post cards: the page renders it to static HTML at build time, BlogBrowser once the filters change. */
import type { BlogSummary } from '../../shared/types.ts';
import { ListGrid } from '../lists/ListResults.tsx';
import { gridImageLoading } from '../lists/SafeImage.tsx';
import BlogCard from './BlogCard.tsx';

export default function BlogGrid({ blogs }: { blogs: readonly BlogSummary[] }) {
  return (
    <ListGrid
      items={blogs}
      emptyText="No blogs found"
      render={(blog, i) => <BlogCard blog={blog} loading={gridImageLoading(i, 3)} />}
    />
  );
}
