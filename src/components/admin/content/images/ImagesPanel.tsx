/**
 * The Images tab (site-spec section 2, issue 17 item 2): the multi-file upload form above every photo (drafts
 * included), each card with Edit, Publish/Unpublish and Delete.
 */
import { useCallback, useState } from 'react';
import { deletePhoto, fetchAdminPhotos, setPhotoPublished } from '../../../../lib/api/admin/content.ts';
import type { Photo } from '../../../../shared/types.ts';
import { useRemote } from '../../dashboard/use-remote.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentCards, { type ContentCardItem } from '../ui/ContentCards.tsx';
import ContentNotice from '../ui/ContentNotice.tsx';
import DeleteContentDialog from '../ui/DeleteContentDialog.tsx';
import { useContentWrites } from '../ui/use-content-writes.ts';
import ImageUploadForm from './ImageUploadForm.tsx';
import PhotoEditDialog from './PhotoEditDialog.tsx';

type PhotoCard = ContentCardItem & { photo: Photo };

const toCard = (photo: Photo): PhotoCard => ({
  id: photo._id, title: photo.title, caption: photo.caption, image: photo.image || null, createdAt: photo.createdAt, published: photo.published, photo,
});

export default function ImagesPanel({ query, view }: ContentPanelProps) {
  const load = useCallback(async () => (await fetchAdminPhotos()).map(toCard), []);
  const { remote, reload } = useRemote<PhotoCard[]>(load, 'Error fetching content');
  const { notice, setNotice, busyId, run } = useContentWrites(reload);
  const [editing, setEditing] = useState<Photo | null>(null);
  const [deleting, setDeleting] = useState<Photo | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <ImageUploadForm onUploaded={() => void reload(true)} />
      <ContentNotice notice={notice} />
      <ContentCards
        remote={remote}
        onRetry={() => void reload()}
        view={view}
        query={query}
        label="Images"
        actions={({ photo }) => [
          { label: 'Edit', onClick: () => setEditing(photo), disabled: busyId !== null },
          {
            label: photo.published ? 'Unpublish' : 'Publish',
            disabled: busyId !== null,
            onClick: () => void run(photo._id, () => setPhotoPublished(photo._id, !photo.published), 'The photo could not be changed.'),
          },
          { label: 'Delete', tone: 'danger', onClick: () => setDeleting(photo), disabled: busyId !== null },
        ]}
      />
      <PhotoEditDialog
        photo={editing}
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
        onConfirm={() => deleting && void run(deleting._id, () => deletePhoto(deleting._id), 'The photo could not be deleted.').then(() => setDeleting(null))}
      />
    </div>
  );
}
