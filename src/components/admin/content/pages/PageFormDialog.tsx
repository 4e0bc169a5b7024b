/** Write or edit a simple page (POST /api/admin/pages, PUT /api/admin/pages/{id}): title, address, rich text, footer link, Draft/Published. */
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../../lib/api/auth.ts';
import { createPage, updatePage } from '../../../../lib/api/admin/pages.ts';
import { pagePath, type AdminPage } from '../../../../shared/pages.ts';
import { checkPageCreate, PAGE_TITLE_MAX, type PageInput } from '../../../../shared/schemas/page-admin.ts';
import { SLUG_MAX, slugify } from '../../../../shared/slug.ts';
import { inputClass } from '../../../auth/fields.tsx';
import { CheckboxInput, SelectInput, TextInput } from '../../sliders/fields.tsx';
import RichTextEditor from '../rich-text/RichTextEditor.tsx';
import ContentFormDialog from '../ui/ContentFormDialog.tsx';

type State = 'draft' | 'published';
const STATES: readonly (readonly [State, string])[] = [['draft', 'Draft'], ['published', 'Published']];

interface Props {
  /** null: closed; 'new': a new page; a page: edit it. */
  page: AdminPage | 'new' | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

interface Draft {
  title: string;
  slug: string;
  slugEdited: boolean;
  content: string;
  inFooter: boolean;
  state: State;
}

const EMPTY: Draft = { title: '', slug: '', slugEdited: false, content: '', inFooter: true, state: 'draft' };

const draftOf = (page: AdminPage): Draft => ({
  title: page.title, slug: page.slug, slugEdited: true, content: page.content, inFooter: page.in_footer, state: page.published ? 'published' : 'draft',
});

export default function PageFormDialog({ page, onClose, onSaved }: Props) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [editorKey, setEditorKey] = useState(0);
  const slugHint = useId();

  useEffect(() => {
    if (page === null) return;
    setDraft(page === 'new' ? EMPTY : draftOf(page));
    setError('');
    setEditorKey((k) => k + 1);
  }, [page]);

  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const setTitle = (title: string) => setDraft((d) => ({ ...d, title, ...(d.slugEdited ? {} : { slug: slugify(title) }) }));

  async function save() {
    if (!page) return;
    const body: PageInput = { title: draft.title, slug: draft.slug.trim(), content: draft.content, in_footer: draft.inFooter, published: draft.state === 'published' };
    const check = checkPageCreate(body);
    if (!check.ok) return setError(check.message);
    setBusy(true);
    setError('');
    try {
      const { message } = page === 'new' ? await createPage(body) : await updatePage(page._id, body);
      onSaved(message);
    } catch (e) {
      setError(errorMessage(e, 'The page could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ContentFormDialog open={page !== null} title={page === 'new' ? 'New page' : 'Edit page'} busy={busy} error={error} onCancel={onClose} onSubmit={() => void save()}>
      <TextInput label="Title" name="title" maxLength={PAGE_TITLE_MAX} value={draft.title} onChange={setTitle} />
      <div>
        <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
          Address (slug)
          <input className={inputClass} name="slug" maxLength={SLUG_MAX} value={draft.slug} placeholder="made from the title" aria-describedby={slugHint} onChange={(e) => set({ slug: e.target.value, slugEdited: true })} />
        </label>
        <p id={slugHint} className="m-0 mt-1 break-all text-xs text-gray-500 dark:text-gray-400">{pagePath(draft.slug || slugify(draft.title) || '…')}</p>
      </div>
      <RichTextEditor key={editorKey} label="Content" initialHtml={draft.content} onChange={(content) => set({ content })} />
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <SelectInput label="Status" name="status" value={draft.state} options={STATES} onChange={(state) => set({ state })} />
        <CheckboxInput label="Link in the footer" checked={draft.inFooter} onChange={(inFooter) => set({ inFooter })} />
      </div>
    </ContentFormDialog>
  );
}
