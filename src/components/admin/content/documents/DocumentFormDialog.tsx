/**
 * Upload or edit a document (POST /api/admin/documents, PUT /api/admin/documents/{id}) with the upload's progress.
 * The server checks the file by its content; this form only stops what would surely be refused (no file, over 20 MB).
 */
import { useId, useState } from 'react';
import { createDocument, updateDocument } from '../../../../lib/api/admin/documents.ts';
import {
  DOCUMENT_ACCEPT,
  documentTypeLabel,
  formatFileSize,
  type AdminDocument,
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
import { PUBLISHED_OPTIONS, TextArea } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';

/** 20 MiB, as the server counts. */
const MAX_BYTES = 20 * 1024 * 1024;

interface Form {
  title: string;
  description: string;
  published: 'true' | 'false';
}

const blank = (): Form => ({ title: '', description: '', published: 'false' });
const formOf = (doc: AdminDocument): Form => ({
  title: doc.title,
  description: doc.description,
  published: doc.published ? 'true' : 'false',
});

interface Props {
  /** null: closed; 'new': upload one; a document: edit it. */
  target: AdminDocument | 'new' | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export default function DocumentFormDialog({ target, onClose, onSaved }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const { form, set, busy, errors, refuse, refusals, progress, submit } = useContentForm(target, blank, formOf, () =>
    setFile(null),
  );
  const fileId = useId();
  const fileHelp = `${fileId}-hint`;

  async function save() {
    if (target === null) return;
    const check = checkDocumentFields(DocumentInput, { ...form });
    if (!check.ok) {
      refuse(check.field, check.message);
      return;
    }
    if (target === 'new' && !file) {
      refuse('file', 'Choose a file to upload.');
      return;
    }
    if (file && file.size > MAX_BYTES) {
      refuse('file', 'File size must be less than 20MB');
      return;
    }
    const fields = check.value;
    await submit(
      (onProgress) => {
        if (target !== 'new') return updateDocument(target.id, fields, file ?? undefined, onProgress);
        if (!file) throw new Error('A new document needs its file');
        return createDocument(file, fields, onProgress);
      },
      'The document could not be saved. Please try again.',
      onSaved,
      file !== null,
    );
  }

  const current = target !== null && target !== 'new' ? target : null;
  return (
    <ContentFormDialog
      open={target !== null}
      title={current ? 'Edit document' : 'Upload document'}
      submitLabel={current ? 'Save' : 'Upload'}
      busy={busy}
      refusals={refusals}
      onCancel={onClose}
      onSubmit={() => void save()}
    >
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
      <SelectInput
        label="Status"
        name="published"
        error={errors['published']}
        value={form.published}
        options={PUBLISHED_OPTIONS}
        onChange={set('published')}
      />
      <div>
        <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
          {current ? 'Replace the file (optional)' : 'File'}
          <input
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
          {file
            ? `${file.name} · ${(file.size / (1024 * 1024)).toFixed(2)} MB`
            : current
              ? `Current: ${current.download_name} (${documentTypeLabel(current.content_type)}, ${formatFileSize(current.bytes)})`
              : 'PDF, Word, Excel, PowerPoint, OpenDocument, ZIP, PNG, JPEG, TXT or CSV; at most 20 MB.'}
        </p>
        <FieldError id={fileId} error={errors['file']} />
      </div>
      {progress !== null && <UploadBar percent={progress} />}
    </ContentFormDialog>
  );
}
