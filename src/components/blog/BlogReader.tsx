/** Opens a post created after the last build: the server answers /blogs/<new-slug> with this page. */
import DOMPurify from 'dompurify';
import { fetchBlog, fetchBlogs } from '../../lib/api/content.ts';
import { relatedPosts } from '../../lib/blog/related.ts';
import { sanitizeBlogHtml } from '../../lib/blog/render-content.ts';
import type { Blog } from '../../shared/types.ts';
import NewItemReader from '../lists/NewItemReader.tsx';
import BlogArticle from './BlogArticle.tsx';

async function loadPost(slug: string): Promise<{ blog: Blog; related: Blog[] }> {
  const [blog, all] = await Promise.all([fetchBlog(slug), fetchBlogs().catch(() => [] as Blog[])]);
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
