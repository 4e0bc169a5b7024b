/**
 * The Blogs tab: every post, drafts included, as cards with Edit, Publish/Unpublish and Delete,
 * and 'New post' opening the editor. Published changes reach the static site with the next rebuild. An author sees
 * its own posts: a draft is sent for review instead of published, and a published one is the editors' to change.
 */
import { apiAsset } from '../../../../lib/api/base.ts';
import { deleteBlog, fetchAdminBlogs, setBlogPublished, submitBlog } from '../../../../lib/api/admin/blogs.ts';
import { can } from '../../../../shared/staff-roles.ts';
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
  inReview: blog.submittedAt !== null,
  hasDraft: blog.draft !== null,
});

export default function BlogsPanel(props: ContentPanelProps) {
  const publishes = can(props.role, 'content');
  return (
    <ContentPanel<AdminBlog>
      {...props}
      label="Blogs"
      noun="post"
      load={fetchAdminBlogs}
      toCard={toCard}
      setPublished={setBlogPublished}
      remove={deleteBlog}
      toolbar={(openNew) => <PanelToolbar heading="Blog posts" addLabel="New post" onAdd={openNew} />}
      form={({ target, onClose, onSaved }) => (
        <BlogFormDialog blog={target} onClose={onClose} onSaved={onSaved} publishes={publishes} />
      )}
      {...(publishes
        ? {}
        : {
            cardActions: (card, [edit, , remove], run) => {
              if (card.published || !edit || !remove) return [];
              const send = { label: 'Send for review', onClick: () => run(() => submitBlog(card.id)) };
              return card.inReview ? [edit, remove] : [edit, send, remove];
            },
          })}
    />
  );
}
