/**
 * The Images tab (site-spec section 2): the multi-file upload form above every photo (drafts
 * included), each card with Edit, Publish/Unpublish and Delete. A published photo with changes kept as a draft says
 * so beside its badge.
 */
import { deletePhoto, fetchAdminPhotos, setPhotoPublished } from '../../../../lib/api/admin/content.ts';
import type { AdminPhoto } from '../../../../shared/photos-admin.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentPanel from '../ui/ContentPanel.tsx';
import ImageUploadForm from './ImageUploadForm.tsx';
import PhotoEditDialog from './PhotoEditDialog.tsx';

const toCard = (photo: AdminPhoto) => ({
  id: photo._id,
  title: photo.title,
  caption: photo.caption,
  image: photo.image || null,
  createdAt: photo.createdAt,
  published: photo.published,
  hasDraft: photo.draft !== null,
});

export default function ImagesPanel(props: ContentPanelProps) {
  return (
    <ContentPanel
      {...props}
      label="Images"
      noun="photo"
      load={fetchAdminPhotos}
      toCard={toCard}
      setPublished={setPhotoPublished}
      remove={deletePhoto}
      // Photos are added by the upload form, not a 'new' dialog.
      toolbar={(_, reload) => <ImageUploadForm onUploaded={reload} />}
      form={({ target, onClose, onSaved }) => (
        <PhotoEditDialog photo={target === 'new' ? null : target} onClose={onClose} onSaved={onSaved} />
      )}
    />
  );
}
