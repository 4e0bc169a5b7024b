/** Edit a photo's title, caption, category and tags (PUT /api/admin/photos/{id}); the picture itself is kept. */
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../lib/api/auth.ts';
import { updatePhoto } from '../../../../lib/api/admin/content.ts';
import { PHOTO_CATEGORIES } from '../../../../shared/constants.ts';
import { checkPhotoEdit } from '../../../../shared/schemas/photo-admin.ts';
import { PHOTO_CAPTION_MAX, PHOTO_TITLE_MAX } from '../../../../shared/schemas/photo.ts';
import type { Photo } from '../../../../shared/types.ts';
import { inputClass } from '../../../auth/fields.tsx';
import { SelectInput, TextInput } from '../../sliders/fields.tsx';
import ContentFormDialog from '../ui/ContentFormDialog.tsx';

type Category = '' | (typeof PHOTO_CATEGORIES)[number];
const CATEGORIES: readonly (readonly [Category, string])[] = [['', 'None'], ...PHOTO_CATEGORIES.map((c) => [c, c] as const)];

interface Props {
  photo: Photo | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export default function PhotoEditDialog({ photo, onClose, onSaved }: Props) {
  const [title, setTitle] = useState('');
  const [caption, setCaption] = useState('');
  const [category, setCategory] = useState<Category>('');
  const [tags, setTags] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!photo) return;
    setTitle(photo.title);
    setCaption(photo.caption);
    setCategory((PHOTO_CATEGORIES as readonly string[]).includes(photo.category) ? (photo.category as Category) : '');
    setTags(photo.tags.join(', '));
    setError('');
  }, [photo]);

  async function save() {
    if (!photo) return;
    const body = { title, caption, category, tags };
    const check = checkPhotoEdit(body);
    if (!check.ok) return setError(check.message);
    setBusy(true);
    setError('');
    try {
      const { message } = await updatePhoto(photo._id, body);
      onSaved(message);
    } catch (e) {
      setError(errorMessage(e, 'The photo could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ContentFormDialog open={photo !== null} title="Edit photo" busy={busy} error={error} onCancel={onClose} onSubmit={() => void save()}>
      <TextInput label="Title" name="title" maxLength={PHOTO_TITLE_MAX} value={title} onChange={setTitle} />
      <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        Caption
        <textarea className={inputClass} name="caption" rows={3} maxLength={PHOTO_CAPTION_MAX} value={caption} onChange={(e) => setCaption(e.target.value)} />
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput label="Category" name="category" value={category} options={CATEGORIES} onChange={setCategory} />
        <TextInput label="Tags (comma separated)" name="tags" maxLength={1200} value={tags} onChange={setTags} />
      </div>
    </ContentFormDialog>
  );
}
