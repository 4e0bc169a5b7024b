/**
 * Upload or edit a document (POST /api/admin/documents, PUT /api/admin/documents/{id}) with the upload's progress.
 * The server checks the file by its content; this form only stops what would surely be refused (no file, over 20 MB).
 * A published document's words (title, description) may instead be kept as a draft (Save draft) that visitors do not
 * see until it is published; Preview saves (the draft of a published document, an unpublished one itself) and shows a
 * link to share; History lists the document's kept versions and restores one as the draft the form then shows. The
 * file is no part of a draft: a new one replaces the document's at once, whichever way the form is saved.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  adminDocumentPath,
  createDocument,
  replaceDocumentFile,
  updateDocument,
  type DocumentEdit,
  type DocumentFields,
} from '../../../../lib/api/admin/documents.ts';
import {
  discardDocumentDraft,
  documentPreviewLink,
  fetchDocumentDraft,
  publishDocumentDraft,
  saveDocumentDraft,
} from '../../../../lib/api/admin/document-drafts.ts';
import {
  DOCUMENT_ACCEPT,
  documentTypeLabel,
  formatFileSize,
  type AdminDocument,
  type DocumentDraft,
} from '../../../../shared/documents.ts';
import {
  checkDocumentFields,
  DOCUMENT_DESCRIPTION_MAX,
  DOCUMENT_TITLE_MAX,
  DocumentInput,
} from '../../../../shared/schemas/document-admin.ts';
import { inputClass } from '../../../auth/fields.tsx';
import { FieldError, INVALID_BORDER, invalidProps } from '../../ui/field-errors.tsx';
import { SelectInput, TextInput, UploadBar } from '../../sliders/fields.tsx';
import ContentFormDialog from '../ui/ContentFormDialog.tsx';
import DraftContentFormDialog from '../ui/DraftContentFormDialog.tsx';
import { PUBLISHED_OPTIONS, TextArea } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';
import { draftFormActions, useItemDraft, type DraftCalls } from '../ui/use-item-draft.ts';

/** 20 MiB, as the server counts. */
const MAX_BYTES = 20 * 1024 * 1024;

interface Form {
  title: string;
  description: string;
  published: 'true' | 'false';
}

/** What the form sends for an existing document: its words (its state only when chosen) and a new file, if any. */
interface DocumentFormInput {
  fields: DocumentEdit;
  file: File | null;
}

const blank = (): Form => ({ title: '', description: '', published: 'false' });
const formOf = (doc: AdminDocument): Form => ({
  title: doc.title,
  description: doc.description,
  published: doc.published ? 'true' : 'false',
});

/** A document as the draft hook knows items (by `_id`). */
type DraftableDocument = AdminDocument & { _id: string };

/** The form filled from a document's draft (its state stays the document's). */
const formOfDraft = (doc: AdminDocument, { fields }: DocumentDraft): Form => ({ ...formOf(doc), ...fields });

// Each endpoint is looked up when called, not when this module loads (a screen may never open a draft).
const DOCUMENT_DRAFTS: DraftCalls<DocumentFormInput, DocumentDraft> = {
  itemPath: (id) => adminDocumentPath(id),
  fetchDraft: (id) => fetchDocumentDraft(id),
  saveDraft: async (id, { fields, file }, onProgress) => {
    const saved = await saveDocumentDraft(id, { title: fields.title, description: fields.description });
    // The draft holds no file: a new one replaces the document's now.
    if (file) await replaceDocumentFile(id, file, onProgress);
    return saved;
  },
  update: (id, { fields, file }, onProgress) => updateDocument(id, fields, file ?? undefined, onProgress),
  publishDraft: (id) => publishDocumentDraft(id),
  discardDraft: (id) => discardDocumentDraft(id),
  previewLink: (id) => documentPreviewLink(id),
};

interface Props {
  /** null: closed; 'new': upload one; a document: edit it. */
  target: AdminDocument | 'new' | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export default function DocumentFormDialog({ target, onClose, onSaved }: Props) {
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input once its file is stored (a preview keeps the form open).
  const [fileKey, setFileKey] = useState(0);
  const forgetFile = () => {
    setFile(null);
    setFileKey((k) => k + 1);
  };
  const { form, setForm, set, busy, errors, refuse, refusals, progress, submit } = useContentForm(
    target,
    blank,
    formOf,
    forgetFile,
  );
  // A file chosen but not sent stays chosen: it is the document's, not the draft's.
  // The same object for each render of one target: a new one starts the hook afresh.
  const item = useMemo(() => (target && target !== 'new' ? { ...target, _id: target.id } : target), [target]);
  const drafts = useItemDraft<DraftableDocument, DocumentFormInput, DocumentDraft>({
    target: item,
    calls: DOCUMENT_DRAFTS,
    show: (shown, saved) => setForm(formOfDraft(shown, saved)),
  });
  const fileId = useId();
  const fileHelp = `${fileId}-hint`;
  const existing = item !== null && item !== 'new' ? item : null;

  /** The form's fields checked (refused under the field when not), or null. */
  function checkedFields(): DocumentFields | null {
    const check = checkDocumentFields(DocumentInput, { ...form });
    if (!check.ok) {
      refuse(check.field, check.message);
      return null;
    }
    if (target === 'new' && !file) {
      refuse('file', 'Choose a file to upload.');
      return null;
    }
    if (file && file.size > MAX_BYTES) {
      refuse('file', 'File size must be less than 20MB');
      return null;
    }
    return check.value;
  }

  /** An existing document's save: its state only `withState`. */
  const inputOf = ({ published, ...words }: DocumentFields, withState: boolean): DocumentFormInput => ({
    fields: withState ? { ...words, published } : words,
    file,
  });

  async function save() {
    if (target === null) return;
    const fields = checkedFields();
    if (!fields) return;
    await submit(
      (onProgress) => {
        if (existing) return drafts.submit(existing, inputOf(fields, drafts.draft === null), onProgress);
        if (!file) throw new Error('A new document needs its file');
        return createDocument(file, fields, onProgress);
      },
      'The document could not be saved. Please try again.',
      onSaved,
      file !== null,
    );
  }

  /** Saves the form to the document's draft (or an unpublished one itself); with `thenLink`, stays open with a link. */
  async function keep(thenLink: boolean) {
    if (!existing) return;
    const fields = checkedFields();
    if (!fields) return;
    await submit(
      async (onProgress) => {
        const kept = await drafts.keep(existing, inputOf(fields, false), thenLink, onProgress);
        // Stored now: the next save sends no file again.
        forgetFile();
        return kept;
      },
      'The draft could not be saved. Please try again.',
      // A preview keeps the form open to share the link; a draft saved closes it.
      thenLink ? () => undefined : onSaved,
      file !== null,
    );
  }

  const { showRestored, discard } = draftFormActions(drafts, existing, submit, onSaved, 'document');

  const fileHint = file
    ? `${file.name} · ${(file.size / (1024 * 1024)).toFixed(2)} MB`
    : existing
      ? `Current: ${existing.download_name} (${documentTypeLabel(existing.content_type)}, ${formatFileSize(existing.bytes)})${
          drafts.keepsDraft
            ? '. A new file is not kept in the draft: it replaces the current one as soon as you save.'
            : ''
        }`
      : 'PDF, Word, Excel, PowerPoint, OpenDocument, ZIP, PNG, JPEG, TXT or CSV; at most 20 MB.';

  const fields: ReactNode = (
    <>
      <TextInput
        label="Title"
        name="title"
        error={errors['title']}
        maxLength={DOCUMENT_TITLE_MAX}
        value={form.title}
        onChange={set('title')}
      />
      <TextArea
        label="Description"
        name="description"
        error={errors['description']}
        rows={3}
        maxLength={DOCUMENT_DESCRIPTION_MAX}
        value={form.description}
        onChange={set('description')}
      />
      {/* While a draft is edited the state is not the form's to choose: Publish draft makes the draft the live document. */}
      {!drafts.draft && (
        <SelectInput
          label="Status"
          name="published"
          error={errors['published']}
          value={form.published}
          options={PUBLISHED_OPTIONS}
          onChange={set('published')}
        />
      )}
      <div>
        <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
          {existing ? 'Replace the file (optional)' : 'File'}
          <input
            key={fileKey}
            className={`${inputClass} ${INVALID_BORDER} file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-1 dark:file:bg-white/10 dark:file:text-gray-100`}
            type="file"
            name="file"
            accept={DOCUMENT_ACCEPT}
            disabled={busy}
            {...invalidProps(fileId, errors['file'], fileHelp)}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <p id={fileHelp} className="m-0 mt-1 break-words text-xs text-gray-500 dark:text-gray-400">
          {fileHint}
        </p>
        <FieldError id={fileId} error={errors['file']} />
      </div>
      {progress !== null && <UploadBar percent={progress} />}
    </>
  );

  // A new document has no draft, preview or history yet: it is uploaded.
  if (!existing)
    return (
      <ContentFormDialog
        open={target !== null}
        title="Upload document"
        submitLabel="Upload"
        busy={busy}
        refusals={refusals}
        onCancel={onClose}
        onSubmit={() => void save()}
      >
        {fields}
      </ContentFormDialog>
    );
  return (
    <DraftContentFormDialog
      open
      title="Edit document"
      busy={busy}
      refusals={refusals}
      onCancel={onClose}
      onSubmit={() => void save()}
      drafts={drafts}
      existing
      historyTitle={`History of "${existing.title}"`}
      onKeep={(thenLink) => void keep(thenLink)}
      onDiscard={() => void discard()}
      onRestored={(message) => void showRestored(message)}
    >
      {fields}
    </DraftContentFormDialog>
  );
}
