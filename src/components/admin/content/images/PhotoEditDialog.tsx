/** Edit a photo's title, caption, category and tags (PUT /api/admin/photos/{id}); the picture itself is kept. */
import { updatePhoto } from '../../../../lib/api/admin/content.ts';
import { checkPhotoEdit } from '../../../../shared/schemas/photo-admin.ts';
import { PHOTO_CAPTION_MAX, PHOTO_TITLE_MAX } from '../../../../shared/schemas/photo.ts';
import type { Photo } from '../../../../shared/types.ts';
import { SelectInput, TextInput } from '../../sliders/fields.tsx';
import ContentFormDialog from '../ui/ContentFormDialog.tsx';
import { TextArea } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';
import { categoryOptions, useCategoryNames } from '../../categories/use-category-names.ts';

interface Form {
  title: string;
  caption: string;
  category: string;
  tags: string;
}

const blank = (): Form => ({ title: '', caption: '', category: '', tags: '' });
const formOf = (photo: Photo): Form => ({
  title: photo.title,
  caption: photo.caption,
  category: photo.category,
  tags: photo.tags.join(', '),
});

interface Props {
  photo: Photo | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export default function PhotoEditDialog({ photo, onClose, onSaved }: Props) {
  const { form, set, busy, errors, refuse, refusals, submit } = useContentForm(photo, blank, formOf);
  const categories = useCategoryNames('photo');

  async function save() {
    if (!photo) return;
    const body = { ...form };
    const check = checkPhotoEdit(body);
    if (!check.ok) {
      refuse(check.field, check.message);
      return;
    }
    await submit(() => updatePhoto(photo._id, body), 'The photo could not be saved. Please try again.', onSaved);
  }

  return (
    <ContentFormDialog
      open={photo !== null}
      title="Edit photo"
      busy={busy}
      refusals={refusals}
      onCancel={onClose}
      onSubmit={() => void save()}
    >
      <TextInput
        label="Title"
        name="title"
        error={errors['title']}
        maxLength={PHOTO_TITLE_MAX}
        value={form.title}
        onChange={set('title')}
      />
      <TextArea
        label="Caption"
        name="caption"
        error={errors['caption']}
        rows={3}
        maxLength={PHOTO_CAPTION_MAX}
        value={form.caption}
        onChange={set('caption')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput
          label="Category"
          name="category"
          error={errors['category']}
          value={form.category}
          options={categoryOptions(categories, form.category)}
          onChange={set('category')}
        />
        <TextInput
          label="Tags (comma separated)"
          name="tags"
          error={errors['tags']}
          maxLength={1200}
          value={form.tags}
          onChange={set('tags')}
        />
      </div>
    </ContentFormDialog>
  );
}
