/**
 * Write or edit a simple page (POST /api/admin/pages, PUT /api/admin/pages/{id}): title, address, rich text, footer
 * link, Draft/Published. A published page's changes may instead be kept as a draft (Save draft) that visitors do not
 * see until it is published; Preview saves (the draft of a published page, an unpublished page itself) and shows a
 * link to share; History lists the page's kept versions and restores one as the draft the form then shows. The footer
 * link is no part of a draft: a change to it is made at once, whichever way the form is saved.
 */
import { useState } from 'react';
import {
  adminPagePath,
  createPage,
  discardPageDraft,
  fetchPageDraft,
  pagePreviewLink,
  publishPageDraft,
  savePageDraft,
  setPageInFooter,
  updatePage,
} from '../../../../lib/api/admin/pages.ts';
import { pagePath, type AdminPage, type PageDraft, type PageDraftFields } from '../../../../shared/pages.ts';
import { checkPageCreate, PAGE_TITLE_MAX } from '../../../../shared/schemas/page-admin.ts';
import { CheckboxInput, SelectInput, TextInput } from '../../sliders/fields.tsx';
import RichTextEditor from '../rich-text/RichTextEditor.tsx';
import DraftContentFormDialog from '../ui/DraftContentFormDialog.tsx';
import SlugField, { followTitle } from '../ui/SlugField.tsx';
import { DRAFT_STATE_OPTIONS, type DraftState } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';
import { draftFormActions, useItemDraft, type DraftCalls } from '../ui/use-item-draft.ts';

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

/** What the form sends for an existing page: the fields a draft holds, and the PUT's others when they are sent. */
type PageFormInput = PageDraftFields & { in_footer?: boolean; published?: boolean };

const blank = (): Draft => ({ title: '', slug: '', slugEdited: false, content: '', inFooter: true, state: 'draft' });

const draftOf = (page: AdminPage): Draft => ({
  title: page.title,
  slug: page.slug,
  slugEdited: true,
  content: page.content,
  inFooter: page.in_footer,
  state: page.published ? 'published' : 'draft',
});

/** The form filled from a page's draft (its state and footer link stay the page's). */
const formOfDraft = (page: AdminPage, { fields }: PageDraft): Draft => ({ ...draftOf(page), ...fields });

// Each endpoint is looked up when called, not when this module loads (a screen may never open a draft).
const PAGE_DRAFTS: DraftCalls<PageFormInput, PageDraft> = {
  itemPath: (id) => adminPagePath(id),
  fetchDraft: (id) => fetchPageDraft(id),
  saveDraft: async (id, { title, slug, content, in_footer }) => {
    const saved = await savePageDraft(id, { title, slug, content });
    if (in_footer !== undefined) await setPageInFooter(id, in_footer);
    return saved;
  },
  update: (id, input) => updatePage(id, input),
  publishDraft: (id) => publishPageDraft(id),
  discardDraft: (id) => discardPageDraft(id),
  previewLink: (id) => pagePreviewLink(id),
};

export default function PageFormDialog({ page, onClose, onSaved }: Props) {
  // A new editor for each page opened (its content is read once, on mount) and each draft read into it.
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
  const drafts = useItemDraft({
    target: page,
    calls: PAGE_DRAFTS,
    show: (shown, saved) => {
      setDraft(formOfDraft(shown, saved));
      setEditorKey((k) => k + 1);
    },
  });

  const existing = page && page !== 'new' ? page : null;
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));

  /** The form's fields checked (refused under the field when not), or null. */
  function checkedFields(): PageDraftFields | null {
    const fields: PageDraftFields = { title: draft.title, slug: draft.slug.trim(), content: draft.content };
    const check = checkPageCreate({ ...fields, in_footer: draft.inFooter, published: draft.state === 'published' });
    if (!check.ok) {
      refuse(check.field, check.message);
      return null;
    }
    return fields;
  }

  /** An existing page's save: its state only `withState`, its footer link only when changed (it is set at once). */
  const inputOf = (edited: AdminPage, fields: PageDraftFields, withState: boolean): PageFormInput => ({
    ...fields,
    ...(draft.inFooter === edited.in_footer ? {} : { in_footer: draft.inFooter }),
    ...(withState ? { published: draft.state === 'published' } : {}),
  });

  async function save() {
    if (!page) return;
    const fields = checkedFields();
    if (!fields) return;
    await submit(
      () =>
        page === 'new'
          ? createPage({ ...fields, in_footer: draft.inFooter, published: draft.state === 'published' })
          : drafts.submit(page, inputOf(page, fields, drafts.draft === null)),
      'The page could not be saved. Please try again.',
      onSaved,
    );
  }

  /** Saves the form to the page's draft (or an unpublished page itself); with `thenLink`, stays open with a link. */
  async function keep(thenLink: boolean) {
    if (!existing) return;
    const fields = checkedFields();
    if (!fields) return;
    await submit(
      () => drafts.keep(existing, inputOf(existing, fields, false), thenLink),
      'The draft could not be saved. Please try again.',
      // A preview keeps the form open to share the link; a draft saved closes it.
      thenLink ? () => undefined : onSaved,
    );
  }

  const { showRestored, discard } = draftFormActions(drafts, existing, submit, onSaved, 'page');

  return (
    <DraftContentFormDialog
      open={page !== null}
      title={page === 'new' ? 'New page' : 'Edit page'}
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
        {/* While a draft is edited the state is not the form's to choose: Publish draft makes the draft the live page. */}
        {!drafts.draft && (
          <SelectInput
            label="Status"
            name="published"
            error={errors['published']}
            value={draft.state}
            options={DRAFT_STATE_OPTIONS}
            onChange={(state) => set({ state })}
          />
        )}
        <CheckboxInput label="Link in the footer" checked={draft.inFooter} onChange={(inFooter) => set({ inFooter })} />
      </div>
    </DraftContentFormDialog>
  );
}
