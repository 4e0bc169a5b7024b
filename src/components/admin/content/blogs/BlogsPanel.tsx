/**
 * The Blogs tab (issue 17 item 2): every post, drafts included, as cards with Edit, Publish/Unpublish and Delete,
 * and 'New post' opening the editor. Published changes reach the static site with the next rebuild.
 */
import { useCallback, useState } from 'react';
import { apiAsset } from '../../../../lib/api/base.ts';
import { deleteBlog, fetchAdminBlogs, setBlogPublished } from '../../../../lib/api/admin/blogs.ts';
import type { AdminBlog } from '../../../../shared/schemas/blog-admin.ts';
import { useRemote } from '../../dashboard/use-remote.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentCards, { type ContentCardItem } from '../ui/ContentCards.tsx';
import ContentNotice from '../ui/ContentNotice.tsx';
import DeleteContentDialog from '../ui/DeleteContentDialog.tsx';
import { useContentWrites } from '../ui/use-content-writes.ts';
import BlogFormDialog from './BlogFormDialog.tsx';

type BlogCard = ContentCardItem & { blog: AdminBlog };

const toCard = (blog: AdminBlog): BlogCard => ({
  id: blog._id, title: blog.title, caption: blog.caption, image: blog.image ? apiAsset(blog.image) : null, createdAt: blog.createdAt, published: blog.published, blog,
});

export default function BlogsPanel({ query, view }: ContentPanelProps) {
  const load = useCallback(async () => (await fetchAdminBlogs()).map(toCard), []);
  const { remote, reload } = useRemote<BlogCard[]>(load, 'Error fetching content');
  const { notice, setNotice, busyId, run } = useContentWrites(reload);
  const [editing, setEditing] = useState<AdminBlog | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminBlog | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="m-0 text-xl font-semibold">Blog posts</h2>
        <button type="button" onClick={() => setEditing('new')} className="brand-button px-4 py-2 font-semibold">
          New post
        </button>
      </div>
      <ContentNotice notice={notice} />
      <ContentCards
        remote={remote}
        onRetry={() => void reload()}
        view={view}
        query={query}
        label="Blogs"
        actions={({ blog }) => [
          { label: 'Edit', onClick: () => setEditing(blog), disabled: busyId !== null },
          {
            label: blog.published ? 'Unpublish' : 'Publish',
            disabled: busyId !== null,
            onClick: () => void run(blog._id, () => setBlogPublished(blog._id, !blog.published), 'The post could not be changed.'),
          },
          { label: 'Delete', tone: 'danger', onClick: () => setDeleting(blog), disabled: busyId !== null },
        ]}
      />
      <BlogFormDialog
        blog={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          setNotice({ tone: 'ok', text: message });
          void reload(true);
        }}
      />
      <DeleteContentDialog
        name={deleting ? deleting.title : null}
        busy={busyId !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void run(deleting._id, () => deleteBlog(deleting._id), 'The post could not be deleted.').then(() => setDeleting(null))}
      />
    </div>
  );
}
