/** Write or edit a simple page (POST /api/admin/pages, PUT /api/admin/pages/{id}): title, address, rich text, footer link, Draft/Published. */
import { useState } from 'react';
import { createPage, updatePage } from '../../../../lib/api/admin/pages.ts';
import { pagePath, type AdminPage } from '../../../../shared/pages.ts';
import { checkPageCreate, PAGE_TITLE_MAX, type PageInput } from '../../../../shared/schemas/page-admin.ts';
import { CheckboxInput, SelectInput, TextInput } from '../../sliders/fields.tsx';
import RichTextEditor from '../rich-text/RichTextEditor.tsx';
import ContentFormDialog from '../ui/ContentFormDialog.tsx';
import SlugField, { followTitle } from '../ui/SlugField.tsx';
import { DRAFT_STATE_OPTIONS, type DraftState } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';

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
  state: DraftState;
}

const blank = (): Draft => ({ title: '', slug: '', slugEdited: false, content: '', inFooter: true, state: 'draft' });

const draftOf = (page: AdminPage): Draft => ({
  title: page.title,
  slug: page.slug,
  slugEdited: true,
  content: page.content,
  inFooter: page.in_footer,
  state: page.published ? 'published' : 'draft',
});

export default function PageFormDialog({ page, onClose, onSaved }: Props) {
  // A new editor for each page opened (its content is read once, on mount).
  const [editorKey, setEditorKey] = useState(0);
  const {
    form: draft,
    setForm: setDraft,
    busy,
    errors,
    refuse,
    refusals,
    submit,
  } = useContentForm(page, blank, draftOf, () => setEditorKey((k) => k + 1));

  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));

  async function save() {
    if (!page) return;
    const body: PageInput = {
      title: draft.title,
      slug: draft.slug.trim(),
      content: draft.content,
      in_footer: draft.inFooter,
      published: draft.state === 'published',
    };
    const check = checkPageCreate(body);
    if (!check.ok) {
      refuse(check.field, check.message);
      return;
    }
    await submit(
      () => (page === 'new' ? createPage(body) : updatePage(page._id, body)),
      'The page could not be saved. Please try again.',
      onSaved,
    );
  }

  return (
    <ContentFormDialog
      open={page !== null}
      title={page === 'new' ? 'New page' : 'Edit page'}
      busy={busy}
      refusals={refusals}
      onCancel={onClose}
      onSubmit={() => void save()}
    >
      <TextInput
        label="Title"
        name="title"
        error={errors['title']}
        maxLength={PAGE_TITLE_MAX}
        value={draft.title}
        onChange={(title) => setDraft(followTitle(title))}
      />
      <SlugField
        slug={draft.slug}
        error={errors['slug']}
        title={draft.title}
        pathOf={pagePath}
        onChange={(slug) => set({ slug, slugEdited: true })}
      />
      <RichTextEditor
        key={editorKey}
        label="Content"
        initialHtml={draft.content}
        onChange={(content) => set({ content })}
      />
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <SelectInput
          label="Status"
          name="published"
          error={errors['published']}
          value={draft.state}
          options={DRAFT_STATE_OPTIONS}
          onChange={(state) => set({ state })}
        />
        <CheckboxInput label="Link in the footer" checked={draft.inFooter} onChange={(inFooter) => set({ inFooter })} />
      </div>
    </ContentFormDialog>
  );
}
