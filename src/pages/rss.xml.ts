import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { fetchCompany } from '../lib/api/company.ts';
import { fetchBlogs, orEmpty } from '../lib/api/content.ts';
import { pageTitle, withCompanyName } from '../lib/seo.ts';

/** The blog as an RSS feed, newest first. */
export async function GET(context: APIContext) {
  const [company, blogs] = await Promise.all([fetchCompany(), orEmpty(fetchBlogs, 'blogs')]);
  return rss({
    title: pageTitle('Blog', company),
    description: withCompanyName(company.seo_blogs_description, company).trim() || company.tagline,
    site: context.site ?? 'http://localhost:4321',
    items: blogs.map((blog) => ({
      title: blog.title,
      description: blog.caption,
      link: `/blogs/${blog.slug}/`,
      pubDate: new Date(blog.createdAt),
      categories: [blog.category, ...blog.tags],
    })),
  });
}
