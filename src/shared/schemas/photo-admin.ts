/** The photo edit of Content Management: PUT /api/admin/photos/:id and PATCH (publish only). */
import { CATEGORY_NAME_MAX } from './category.ts';
import { fieldsCheck, publishedField, tagsField } from './content-admin.ts';
import { PHOTO_CAPTION_MAX, PHOTO_TITLE_MAX } from './photo.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

/** PUT body: every field optional, a missing one keeps its value. */
export const PhotoEditFields = z.object({
  title: formText(PHOTO_TITLE_MAX).optional(),
  caption: formText(PHOTO_CAPTION_MAX, { multiline: true }).optional(),
  // One of the company's photo categories or '' for none: the server checks it exists (category-check.ts).
  category: formText(CATEGORY_NAME_MAX).optional(),
  tags: tagsField.optional(),
  published: publishedField.optional(),
});
export type PhotoEditValues = z.output<typeof PhotoEditFields>;
export type PhotoEditInput = z.input<typeof PhotoEditFields>;

/** PATCH body of every content type: { published }. */
export const PublishFields = z.object({ published: publishedField });

export const checkPhotoEdit = fieldsCheck(PhotoEditFields);
export const checkPublish = fieldsCheck(PublishFields, 'published');
