/** The admin blog calls, one function per endpoint. */
import type { AdminBlog, BlogDraft } from '../../../shared/schemas/blog-admin.ts';
import type { ListResponse } from '../../../shared/types.ts';
import { api } from '../client.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';
import { createPreviewLink, discardDraft, fetchDraft, publishDraft, saveDraft, type DraftSaved } from './drafts.ts';

/** What a create, update or publish answers. */
export interface BlogSaved {
  message: string;
  blog: AdminBlog;
}

/** The form's fields as text (tags comma-separated, published 'true'/'false'), and a new cover when one was chosen. */
export interface BlogFormInput {
  /** `published` left out: the post's state stays as it is (an author's edit). */
  fields: Record<'title' | 'slug' | 'caption' | 'category' | 'tags' | 'content', string> & { published?: string };
  cover?: File | undefined;
  /** Drop the stored cover (no new one chosen). */
  removeCover?: boolean;
}

type Progress = ((progress: UploadProgress) => void) | undefined;

const blogPath = (id: string) => `/api/admin/blogs/${encodeURIComponent(id)}`;

function toForm({ fields, cover, removeCover }: BlogFormInput): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (cover) form.append('image', cover);
  else if (removeCover) form.append('image', '');
  return form;
}

/** GET /api/admin/blogs: every post, drafts too, newest first. */
export const fetchAdminBlogs = async (): Promise<AdminBlog[]> =>
  (await api<ListResponse<AdminBlog>>('/api/admin/blogs')).results;

/** POST /api/admin/blogs (multipart; the cover optional) with upload progress. */
export const createBlog = (input: BlogFormInput, onProgress?: Progress) =>
  uploadFile<BlogSaved>('/api/admin/blogs', toForm(input), { method: 'POST', ...(onProgress ? { onProgress } : {}) });

/** PUT /api/admin/blogs/{id} (multipart; a new cover optional) with upload progress. */
export const updateBlog = (id: string, input: BlogFormInput, onProgress?: Progress) =>
  uploadFile<BlogSaved>(blogPath(id), toForm(input), {
    method: 'PUT',
    ...(onProgress ? { onProgress } : {}),
  });

/** PATCH /api/admin/blogs/{id}: publishes or unpublishes. */
export const setBlogPublished = (id: string, published: boolean) =>
  api<BlogSaved>(blogPath(id), { method: 'PATCH', body: { published } });

/** POST /api/admin/blogs/{id}/submit: an author's draft goes to the editors for review. */
export const submitBlog = (id: string) => api<BlogSaved>(`${blogPath(id)}/submit`, { method: 'POST' });

/** DELETE /api/admin/blogs/{id}. */
export const deleteBlog = (id: string) => api<{ message: string }>(blogPath(id), { method: 'DELETE' });

/** What a draft's save answers. */
export type BlogDraftSaved = DraftSaved<BlogDraft>;

/** GET /api/admin/blogs/{id}/draft: the post's draft (404 when it has none). */
export const fetchBlogDraft = (id: string) => fetchDraft<BlogDraft>(blogPath(id));

/** PUT /api/admin/blogs/{id}/draft (multipart; a new cover optional): the form saved as the post's draft. */
export const saveBlogDraft = (id: string, input: BlogFormInput, onProgress?: Progress) =>
  saveDraft<BlogDraft>(blogPath(id), toForm(input), onProgress);

/** DELETE /api/admin/blogs/{id}/draft. */
export const discardBlogDraft = (id: string) => discardDraft<AdminBlog>(blogPath(id));

/** POST /api/admin/blogs/{id}/draft/publish: the draft becomes the live post. */
export const publishBlogDraft = (id: string) => publishDraft<AdminBlog>(blogPath(id));

/** POST /api/admin/blogs/{id}/preview-link: a link showing the post as it will look, to share until it expires. */
export const blogPreviewLink = (id: string) => createPreviewLink(blogPath(id));
