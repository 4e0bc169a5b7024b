/**
 * Write or edit a blog post (POST /api/admin/blogs, PUT /api/admin/blogs/{id}): title, address (made from the title
 * until edited), caption, category, tags, cover with preview and upload progress, rich-text content, Draft/Published.
 */
import { useEffect, useId, useState } from 'react';
import { apiAsset } from '../../../../lib/api/base.ts';
import { errorMessage } from '../../../../lib/api/auth.ts';
import { createBlog, updateBlog, type BlogFormInput } from '../../../../lib/api/admin/blogs.ts';
import { BLOG_CATEGORIES } from '../../../../shared/constants.ts';
import { BLOG_CAPTION_MAX, BLOG_TITLE_MAX, checkBlogCreate, type AdminBlog } from '../../../../shared/schemas/blog-admin.ts';
import { SLUG_MAX, slugify } from '../../../../shared/slug.ts';
import { inputClass } from '../../../auth/fields.tsx';
import { useDataUrl } from '../../sliders/ImageField.tsx';
import { SelectInput, TextInput } from '../../sliders/fields.tsx';
import RichTextEditor from '../rich-text/RichTextEditor.tsx';
import ContentFormDialog from '../ui/ContentFormDialog.tsx';

type Category = '' | (typeof BLOG_CATEGORIES)[number];
const CATEGORIES: readonly (readonly [Category, string])[] = [['', 'None'], ...BLOG_CATEGORIES.map((c) => [c, c] as const)];
type State = 'draft' | 'published';
const STATES: readonly (readonly [State, string])[] = [['draft', 'Draft'], ['published', 'Published']];

interface Props {
  /** null: closed; 'new': a new post; a post: edit it. */
  blog: AdminBlog | 'new' | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

interface Draft {
  title: string;
  slug: string;
  /** The address was typed by hand: it no longer follows the title. */
  slugEdited: boolean;
  caption: string;
  category: Category;
  tags: string;
  content: string;
  state: State;
}

const EMPTY: Draft = { title: '', slug: '', slugEdited: false, caption: '', category: '', tags: '', content: '', state: 'draft' };

function draftOf(blog: AdminBlog): Draft {
  const category = (BLOG_CATEGORIES as readonly string[]).includes(blog.category) ? (blog.category as Category) : '';
  return { title: blog.title, slug: blog.slug, slugEdited: true, caption: blog.caption, category, tags: blog.tags.join(', '), content: blog.content, state: blog.published ? 'published' : 'draft' };
}

function CoverField({ current, file, onFile, onRemove }: { current: string; file: File | null; onFile: (file: File | null) => void; onRemove: () => void }) {
  const chosen = useDataUrl(file);
  const preview = chosen || (current ? apiAsset(current) : '');
  return (
    <div className="text-sm font-medium text-gray-800 dark:text-gray-200">
      <label>
        Cover image
        <input
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          className="mt-1 block w-full text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-gray-200 file:px-3 file:py-2 file:font-semibold file:text-gray-900 dark:file:bg-white/10 dark:file:text-gray-100"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      </label>
      {preview ? (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <img src={preview} alt="Cover preview" className="aspect-video w-full max-w-xs rounded-lg border border-gray-200 object-cover dark:border-white/10" />
          {!file && (
            <button type="button" onClick={onRemove} className="rounded-md border border-gray-300 px-3 py-1.5 text-sm hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10">
              Remove cover
            </button>
          )}
        </div>
      ) : (
        <p className="m-0 mt-2 text-xs font-normal text-gray-500 dark:text-gray-400">No image chosen.</p>
      )}
    </div>
  );
}

export default function BlogFormDialog({ blog, onClose, onSaved }: Props) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [cover, setCover] = useState<File | null>(null);
  const [removeCover, setRemoveCover] = useState(false);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  // A new editor for each post opened (its content is read once, on mount).
  const [editorKey, setEditorKey] = useState(0);
  const slugHint = useId();

  useEffect(() => {
    if (blog === null) return;
    setDraft(blog === 'new' ? EMPTY : draftOf(blog));
    setCover(null);
    setRemoveCover(false);
    setError('');
    setProgress(null);
    setEditorKey((k) => k + 1);
  }, [blog]);

  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const setTitle = (title: string) => setDraft((d) => ({ ...d, title, ...(d.slugEdited ? {} : { slug: slugify(title) }) }));
  const current = blog && blog !== 'new' && !removeCover ? blog.image : '';

  async function save() {
    if (!blog) return;
    const fields: BlogFormInput['fields'] = {
      title: draft.title, slug: draft.slug.trim(), caption: draft.caption, category: draft.category, tags: draft.tags,
      content: draft.content, published: String(draft.state === 'published'),
    };
    const check = checkBlogCreate(fields);
    if (!check.ok) return setError(check.message);
    setBusy(true);
    setError('');
    setProgress(cover ? 0 : null);
    const input: BlogFormInput = { fields, cover: cover ?? undefined, removeCover: removeCover && !cover };
    const onProgress = cover ? ({ percent }: { percent: number }) => setProgress(percent) : undefined;
    try {
      const { message } = blog === 'new' ? await createBlog(input, onProgress) : await updateBlog(blog._id, input, onProgress);
      onSaved(message);
    } catch (e) {
      setError(errorMessage(e, 'The post could not be saved. Please try again.'));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return (
    <ContentFormDialog
      open={blog !== null}
      title={blog === 'new' ? 'New blog post' : 'Edit blog post'}
      busy={busy}
      error={error}
      onCancel={onClose}
      onSubmit={() => void save()}
    >
      <TextInput label="Title" name="title" maxLength={BLOG_TITLE_MAX} value={draft.title} onChange={setTitle} />
      <div>
        <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
          Address (slug)
          <input className={inputClass} name="slug" maxLength={SLUG_MAX} value={draft.slug} placeholder="made from the title" aria-describedby={slugHint} onChange={(e) => set({ slug: e.target.value, slugEdited: true })} />
        </label>
        <p id={slugHint} className="m-0 mt-1 break-all text-xs text-gray-500 dark:text-gray-400">/blogs/{draft.slug || slugify(draft.title) || '…'}/</p>
      </div>
      <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        Caption
        <textarea className={inputClass} name="caption" rows={2} maxLength={BLOG_CAPTION_MAX} value={draft.caption} onChange={(e) => set({ caption: e.target.value })} />
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput label="Category" name="category" value={draft.category} options={CATEGORIES} onChange={(category) => set({ category })} />
        <TextInput label="Tags (comma separated)" name="tags" maxLength={880} value={draft.tags} onChange={(tags) => set({ tags })} />
      </div>
      <CoverField
        current={current}
        file={cover}
        onFile={(file) => {
          setCover(file);
          if (file) setRemoveCover(false);
        }}
        onRemove={() => setRemoveCover(true)}
      />
      {progress !== null && (
        <div className="text-sm">
          <progress className="w-full" max={100} value={progress} aria-label="Cover upload progress" />
          <span>{progress}%</span>
        </div>
      )}
      <RichTextEditor key={editorKey} label="Content" initialHtml={draft.content} onChange={(content) => set({ content })} />
      <SelectInput label="Status" name="status" value={draft.state} options={STATES} onChange={(state) => set({ state })} />
    </ContentFormDialog>
  );
}
