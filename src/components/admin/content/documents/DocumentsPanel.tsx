/**
 * The Documents tab: every document (drafts included) with Upload document, Edit, Publish/Unpublish and Delete. A
 * published document with changes kept as a draft says so beside its badge.
 */
import { deleteDocument, fetchAdminDocuments, setDocumentPublished } from '../../../../lib/api/admin/documents.ts';
import { documentTypeLabel, formatFileSize, type AdminDocument } from '../../../../shared/documents.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentPanel from '../ui/ContentPanel.tsx';
import PanelToolbar from '../ui/PanelToolbar.tsx';
import DocumentFormDialog from './DocumentFormDialog.tsx';

// A document has no picture: its card shows the description, then the file's type, size and name.
const toCard = (doc: AdminDocument) => ({
  id: doc.id,
  title: doc.title,
  caption: doc.description,
  image: null,
  createdAt: doc.created_at,
  published: doc.published,
  hasDraft: doc.draft !== null,
});

const details = (doc: AdminDocument) => (
  <p className="m-0 break-words text-xs text-gray-600 dark:text-gray-400">{`${documentTypeLabel(doc.content_type)} · ${formatFileSize(doc.bytes)} · ${doc.download_name}`}</p>
);

export default function DocumentsPanel(props: ContentPanelProps) {
  return (
    <ContentPanel
      {...props}
      label="Documents"
      noun="document"
      load={fetchAdminDocuments}
      toCard={toCard}
      setPublished={setDocumentPublished}
      remove={deleteDocument}
      showImage={false}
      details={details}
      toolbar={(openNew) => (
        <PanelToolbar addLabel="Upload document" onAdd={openNew}>
          Published documents are listed on the{' '}
          <a className="underline" href="/documents">
            documents page
          </a>{' '}
          after the next site update.
        </PanelToolbar>
      )}
      form={(slot) => <DocumentFormDialog {...slot} />}
    />
  );
}
