/**
 * Edit a photo's title, caption, category and tags (PUT /api/admin/photos/{id}); the picture itself is kept (a photo
 * is its picture: the media library's Replace changes it, at the same address). A published photo's changes may
 * instead be kept as a draft (Save draft) that visitors do not see until it is published; Preview saves (the draft of
 * a published photo, an unpublished photo itself) and shows a link to share; History lists the photo's kept versions
 * and restores one as the draft the form then shows.
 */
import { updatePhoto } from '../../../../lib/api/admin/content.ts';
import {
  adminPhotoPath,
  discardPhotoDraft,
  fetchPhotoDraft,
  photoPreviewLink,
  publishPhotoDraft,
  savePhotoDraft,
} from '../../../../lib/api/admin/photo-drafts.ts';
import type { AdminPhoto, PhotoDraft } from '../../../../shared/photos-admin.ts';
import { checkPhotoEdit } from '../../../../shared/schemas/photo-admin.ts';
import { PHOTO_CAPTION_MAX, PHOTO_TITLE_MAX } from '../../../../shared/schemas/photo.ts';
import { SelectInput, TextInput } from '../../sliders/fields.tsx';
import DraftContentFormDialog from '../ui/DraftContentFormDialog.tsx';
import { TextArea } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';
import { draftFormActions, useItemDraft, type DraftCalls } from '../ui/use-item-draft.ts';
import { categoryOptions, useCategoryNames } from '../../categories/use-category-names.ts';

interface Form {
  title: string;
  caption: string;
  category: string;
  tags: string;
}

const blank = (): Form => ({ title: '', caption: '', category: '', tags: '' });
const formOf = (photo: { title: string; caption: string; category: string; tags: string[] }): Form => ({
  title: photo.title,
  caption: photo.caption,
  category: photo.category,
  tags: photo.tags.join(', '),
});

// Each endpoint is looked up when called, not when this module loads (a screen may never open a draft). The form
// sends no state, so a draft and the photo's own PUT take the same fields.
const PHOTO_DRAFTS: DraftCalls<Form, PhotoDraft> = {
  itemPath: (id) => adminPhotoPath(id),
  fetchDraft: (id) => fetchPhotoDraft(id),
  saveDraft: (id, input) => savePhotoDraft(id, input),
  update: (id, input) => updatePhoto(id, input),
  publishDraft: (id) => publishPhotoDraft(id),
  discardDraft: (id) => discardPhotoDraft(id),
  previewLink: (id) => photoPreviewLink(id),
};

interface Props {
  photo: AdminPhoto | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export default function PhotoEditDialog({ photo, onClose, onSaved }: Props) {
  const { form, setForm, set, busy, errors, refuse, refusals, submit } = useContentForm(photo, blank, formOf);
  const drafts = useItemDraft({
    target: photo,
    calls: PHOTO_DRAFTS,
    show: (_shown, saved) => setForm(formOf(saved.fields)),
  });
  const categories = useCategoryNames('photo');

  /** The form checked (refused under the field when not), or null. */
  function checkedForm(): Form | null {
    const body = { ...form };
    const check = checkPhotoEdit(body);
    if (!check.ok) {
      refuse(check.field, check.message);
      return null;
    }
    return body;
  }

  async function save() {
    if (!photo) return;
    const body = checkedForm();
    if (!body) return;
    await submit(() => drafts.submit(photo, body), 'The photo could not be saved. Please try again.', onSaved);
  }

  /** Saves the form to the photo's draft (or an unpublished photo itself); with `thenLink`, stays open with a link. */
  async function keep(thenLink: boolean) {
    if (!photo) return;
    const body = checkedForm();
    if (!body) return;
    await submit(
      () => drafts.keep(photo, body, thenLink),
      'The draft could not be saved. Please try again.',
      // A preview keeps the form open to share the link; a draft saved closes it.
      thenLink ? () => undefined : onSaved,
    );
  }

  const { showRestored, discard } = draftFormActions(drafts, photo, submit, onSaved, 'photo');

  return (
    <DraftContentFormDialog
      open={photo !== null}
      title="Edit photo"
      busy={busy}
      refusals={refusals}
      onCancel={onClose}
      onSubmit={() => void save()}
      drafts={drafts}
      existing={photo !== null}
      historyTitle={photo ? `History of "${photo.title || 'Untitled'}"` : 'History'}
      onKeep={(thenLink) => void keep(thenLink)}
      onDiscard={() => void discard()}
      onRestored={(message) => void showRestored(message)}
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
    </DraftContentFormDialog>
  );
}
