/**
 * The Blogs tab: every post, drafts included, as cards with Edit, Publish/Unpublish and Delete,
 * and 'New post' opening the editor. Published changes reach the static site with the next rebuild.
 */
import { apiAsset } from '../../../../lib/api/base.ts';
import { deleteBlog, fetchAdminBlogs, setBlogPublished } from '../../../../lib/api/admin/blogs.ts';
import type { AdminBlog } from '../../../../shared/schemas/blog-admin.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentPanel from '../ui/ContentPanel.tsx';
import PanelToolbar from '../ui/PanelToolbar.tsx';
import BlogFormDialog from './BlogFormDialog.tsx';

const toCard = (blog: AdminBlog) => ({
  id: blog._id,
  title: blog.title,
  caption: blog.caption,
  image: blog.image ? apiAsset(blog.image) : null,
  createdAt: blog.createdAt,
  published: blog.published,
});

export default function BlogsPanel(props: ContentPanelProps) {
  return (
    <ContentPanel
      {...props}
      label="Blogs"
      noun="post"
      load={fetchAdminBlogs}
      toCard={toCard}
      setPublished={setBlogPublished}
      remove={deleteBlog}
      toolbar={(openNew) => <PanelToolbar heading="Blog posts" addLabel="New post" onAdd={openNew} />}
      form={({ target, onClose, onSaved }) => <BlogFormDialog blog={target} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
