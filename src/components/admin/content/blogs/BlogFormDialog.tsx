/**
 * Write or edit a blog post (POST /api/admin/blogs, PUT /api/admin/blogs/{id}): title, address (made from the title
 * until edited), caption, category, tags, cover with preview and upload progress, rich-text content, Draft/Published.
 * A published post's changes may instead be kept as a draft (Save draft) that visitors do not see until it is
 * published; Preview saves (the draft of a published post, an unpublished post itself) and shows a link to share.
 * History lists the post's kept versions, compares two, and restores one as the draft the form then shows.
 */
import { useState } from 'react';
import {
  blogPreviewLink,
  createBlog,
  discardBlogDraft,
  fetchBlogDraft,
  publishBlogDraft,
  saveBlogDraft,
  updateBlog,
  type BlogFormInput,
} from '../../../../lib/api/admin/blogs.ts';
import {
  BLOG_CAPTION_MAX,
  BLOG_TITLE_MAX,
  checkBlogCreate,
  type AdminBlog,
  type BlogDraft,
} from '../../../../shared/schemas/blog-admin.ts';
import { SelectInput, TextInput } from '../../sliders/fields.tsx';
import RichTextEditor from '../rich-text/RichTextEditor.tsx';
import CoverField from '../ui/CoverField.tsx';
import DraftContentFormDialog from '../ui/DraftContentFormDialog.tsx';
import SlugField, { followTitle } from '../ui/SlugField.tsx';
import { DRAFT_STATE_OPTIONS, TextArea, type DraftState } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';
import { draftFormActions, useItemDraft, type DraftCalls } from '../ui/use-item-draft.ts';
import { categoryOptions, useCategoryNames } from '../../categories/use-category-names.ts';

interface Props {
  /** null: closed; 'new': a new post; a post: edit it. */
  blog: AdminBlog | 'new' | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  /** false for an author: no Status field, the post stays a draft until an editor publishes it. */
  publishes?: boolean;
}

interface Draft {
  title: string;
  slug: string;
  /** The address was typed by hand: it no longer follows the title. */
  slugEdited: boolean;
  caption: string;
  category: string;
  tags: string;
  content: string;
  state: DraftState;
}

const blank = (): Draft => ({
  title: '',
  slug: '',
  slugEdited: false,
  caption: '',
  category: '',
  tags: '',
  content: '',
  state: 'draft',
});

const draftOf = (blog: AdminBlog): Draft => ({
  title: blog.title,
  slug: blog.slug,
  slugEdited: true,
  caption: blog.caption,
  category: blog.category,
  tags: blog.tags.join(', '),
  content: blog.content,
  state: blog.published ? 'published' : 'draft',
});

/** The form filled from a post's draft (its state stays the post's). */
const formOfDraft = (blog: AdminBlog, { fields }: BlogDraft): Draft => ({
  ...draftOf(blog),
  ...fields,
  tags: fields.tags.join(', '),
  slugEdited: true,
});

// Each endpoint is looked up when called, not when this module loads (a screen may never open a draft).
const BLOG_DRAFTS: DraftCalls<BlogFormInput, BlogDraft> = {
  itemPath: (id) => `/api/admin/blogs/${encodeURIComponent(id)}`,
  fetchDraft: (id) => fetchBlogDraft(id),
  saveDraft: (id, input, onProgress) => saveBlogDraft(id, input, onProgress),
  update: async (id, input, onProgress) => {
    const { message, blog } = await updateBlog(id, input, onProgress);
    return { message, image: blog.image };
  },
  publishDraft: (id) => publishBlogDraft(id),
  discardDraft: (id) => discardBlogDraft(id),
  previewLink: (id) => blogPreviewLink(id),
};

export default function BlogFormDialog({ blog, onClose, onSaved, publishes = true }: Props) {
  const [cover, setCover] = useState<File | null>(null);
  const [removeCover, setRemoveCover] = useState(false);
  // A new editor for each post opened (its content is read once, on mount) and each draft read into it.
  const [editorKey, setEditorKey] = useState(0);
  const {
    form: draft,
    setForm: setDraft,
    busy,
    errors,
    refuse,
    refusals,
    progress,
    submit,
  } = useContentForm(blog, blank, draftOf, () => {
    setCover(null);
    setRemoveCover(false);
    setEditorKey((k) => k + 1);
  });
  const drafts = useItemDraft({
    target: blog,
    calls: BLOG_DRAFTS,
    show: (post, saved) => {
      setDraft(formOfDraft(post, saved));
      // A cover chosen but not sent belongs to the form being replaced.
      setCover(null);
      setRemoveCover(false);
      setEditorKey((k) => k + 1);
    },
    keepsDrafts: publishes,
  });

  const existing = blog && blog !== 'new' ? blog : null;
  const categories = useCategoryNames('blog');
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const current = existing && !removeCover ? (drafts.image ?? existing.image) : '';

  /** The form's fields checked (refused under the field when not), or null. */
  function checkedInput(withState: boolean): BlogFormInput | null {
    const fields: BlogFormInput['fields'] = {
      title: draft.title,
      slug: draft.slug.trim(),
      caption: draft.caption,
      category: draft.category,
      tags: draft.tags,
      content: draft.content,
      // An author never sends it: the server refuses an author's publish, and an edit keeps the post a draft.
      ...(publishes && withState ? { published: String(draft.state === 'published') } : {}),
    };
    const check = checkBlogCreate(fields);
    if (!check.ok) {
      refuse(check.field, check.message);
      return null;
    }
    return { fields, cover: cover ?? undefined, removeCover: removeCover && !cover };
  }

  async function save() {
    if (!blog) return;
    const input = checkedInput(drafts.draft === null);
    if (!input) return;
    await submit(
      // Only a cover upload reports progress.
      (onProgress) => {
        const progressOf = cover ? onProgress : undefined;
        return blog === 'new' ? createBlog(input, progressOf) : drafts.submit(blog, input, progressOf);
      },
      'The post could not be saved. Please try again.',
      onSaved,
      cover !== null,
    );
  }

  /** Saves the form to the post's draft (or an unpublished post itself); with `thenLink`, stays open with a link. */
  async function keep(thenLink: boolean) {
    if (!existing) return;
    const input = checkedInput(false);
    if (!input) return;
    await submit(
      async (onProgress) => {
        const kept = await drafts.keep(existing, input, thenLink, cover ? onProgress : undefined);
        // Stored now: the next save sends no file again.
        setCover(null);
        setRemoveCover(false);
        return kept;
      },
      'The draft could not be saved. Please try again.',
      // A preview keeps the form open to share the link; a draft saved closes it.
      thenLink ? () => undefined : onSaved,
      cover !== null,
    );
  }

  const { showRestored, discard } = draftFormActions(drafts, existing, submit, onSaved, 'post');

  return (
    <DraftContentFormDialog
      open={blog !== null}
      title={blog === 'new' ? 'New blog post' : 'Edit blog post'}
      busy={busy}
      refusals={refusals}
      onCancel={onClose}
      onSubmit={() => void save()}
      drafts={drafts}
      existing={existing !== null}
      historyTitle={existing ? `History of "${existing.title}"` : 'History'}
      onKeep={(thenLink) => void keep(thenLink)}
      onDiscard={() => void discard()}
      onRestored={(message) => void showRestored(message)}
    >
      <TextInput
        label="Title"
        name="title"
        maxLength={BLOG_TITLE_MAX}
        value={draft.title}
        error={errors['title']}
        onChange={(title) => setDraft(followTitle(title))}
      />
      <SlugField
        slug={draft.slug}
        error={errors['slug']}
        title={draft.title}
        pathOf={(slug) => `/blogs/${slug}/`}
        onChange={(slug) => set({ slug, slugEdited: true })}
      />
      <TextArea
        label="Caption"
        name="caption"
        rows={2}
        maxLength={BLOG_CAPTION_MAX}
        value={draft.caption}
        error={errors['caption']}
        onChange={(caption) => set({ caption })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput
          label="Category"
          name="category"
          value={draft.category}
          error={errors['category']}
          options={categoryOptions(categories, draft.category)}
          onChange={(category) => set({ category })}
        />
        <TextInput
          label="Tags (comma separated)"
          name="tags"
          maxLength={880}
          value={draft.tags}
          error={errors['tags']}
          onChange={(tags) => set({ tags })}
        />
      </div>
      <CoverField
        name="image"
        label="Cover image"
        shape="wide"
        empty="No image chosen."
        current={current}
        file={cover}
        onFile={(file) => {
          setCover(file);
          if (file) setRemoveCover(false);
        }}
        onRemove={() => setRemoveCover(true)}
        error={errors['image']}
      />
      {progress !== null && (
        <div className="text-sm">
          <progress className="w-full" max={100} value={progress} aria-label="Cover upload progress" />
          <span>{progress}%</span>
        </div>
      )}
      <RichTextEditor
        key={editorKey}
        label="Content"
        initialHtml={draft.content}
        onChange={(content) => set({ content })}
      />
      {publishes && !drafts.draft && (
        <SelectInput
          label="Status"
          name="published"
          value={draft.state}
          error={errors['published']}
          options={DRAFT_STATE_OPTIONS}
          onChange={(state) => set({ state })}
        />
      )}
    </DraftContentFormDialog>
  );
}
