/** The Documents tab (issue 17 item 2): every document (drafts included) with Upload document, Edit, Publish/Unpublish and Delete. */
import { useCallback, useState } from 'react';
import { deleteDocument, fetchAdminDocuments, setDocumentPublished } from '../../../../lib/api/admin/documents.ts';
import { documentTypeLabel, formatFileSize, type AdminDocument } from '../../../../shared/documents.ts';
import { useRemote } from '../../dashboard/use-remote.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentCards, { type ContentCardItem } from '../ui/ContentCards.tsx';
import ContentNotice from '../ui/ContentNotice.tsx';
import DeleteContentDialog from '../ui/DeleteContentDialog.tsx';
import PanelToolbar from '../ui/PanelToolbar.tsx';
import { useContentWrites } from '../ui/use-content-writes.ts';
import DocumentFormDialog from './DocumentFormDialog.tsx';

type DocumentCard = ContentCardItem & { doc: AdminDocument };

/** Type, size and file name lead the caption (a document has no picture); the description follows. */
const captionOf = (doc: AdminDocument) =>
  [`${documentTypeLabel(doc.content_type)} · ${formatFileSize(doc.bytes)} · ${doc.download_name}`, doc.description].filter(Boolean).join(' — ');

const toCard = (doc: AdminDocument): DocumentCard => ({
  id: doc.id, title: doc.title, caption: captionOf(doc), image: null, createdAt: doc.created_at, published: doc.published, doc,
});

export default function DocumentsPanel({ query, view }: ContentPanelProps) {
  const load = useCallback(async () => (await fetchAdminDocuments()).map(toCard), []);
  const { remote, reload } = useRemote<DocumentCard[]>(load, 'Error fetching content');
  const { notice, setNotice, busyId, run } = useContentWrites(reload);
  const [editing, setEditing] = useState<AdminDocument | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminDocument | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <PanelToolbar addLabel="Upload document" onAdd={() => setEditing('new')}>
        Published documents are listed on the <a className="underline" href="/documents">documents page</a> after the next site update.
      </PanelToolbar>
      <ContentNotice notice={notice} />
      <ContentCards
        remote={remote}
        onRetry={() => void reload()}
        view={view}
        query={query}
        label="Documents"
        actions={({ doc }) => [
          { label: 'Edit', onClick: () => setEditing(doc), disabled: busyId !== null },
          {
            label: doc.published ? 'Unpublish' : 'Publish',
            disabled: busyId !== null,
            onClick: () => void run(doc.id, () => setDocumentPublished(doc.id, !doc.published), 'The document could not be changed.'),
          },
          { label: 'Delete', tone: 'danger', onClick: () => setDeleting(doc), disabled: busyId !== null },
        ]}
      />
      <DocumentFormDialog
        target={editing}
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
        onConfirm={() => deleting && void run(deleting.id, () => deleteDocument(deleting.id), 'The document could not be deleted.').then(() => setDeleting(null))}
      />
    </div>
  );
}
