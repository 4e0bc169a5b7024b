/** Opens a post created after the last build: the server answers /blogs/<new-slug> with this page. */
import DOMPurify from 'dompurify';
import { countActivity } from '../../lib/api/activity.ts';
import { fetchBlog, fetchBlogs } from '../../lib/api/content.ts';
import { relatedPosts } from '../../lib/blog/related.ts';
import { sanitizeBlogHtml } from '../../lib/blog/render-content.ts';
import type { Blog } from '../../shared/types.ts';
import NewItemReader from '../lists/NewItemReader.tsx';
import BlogArticle from './BlogArticle.tsx';

async function loadPost(slug: string): Promise<{ blog: Blog; related: Blog[] }> {
  const [blog, all] = await Promise.all([fetchBlog(slug), fetchBlogs().catch(() => [] as Blog[])]);
  // A post the build has not made yet counts its view here, as a built post's page does (count-view.ts).
  void countActivity('view', 'blog', blog._id);
  return { blog, related: relatedPosts(blog, all) };
}

export default function BlogReader() {
  return (
    <NewItemReader section="blogs" load={loadPost} title={({ blog }) => blog.title}>
      {({ blog, related }) => (
        <BlogArticle blog={blog} safeHtml={sanitizeBlogHtml(DOMPurify, blog.content)} related={related} />
      )}
    </NewItemReader>
  );
}
