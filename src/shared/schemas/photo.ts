/**
 * The photo upload's text rules (spec sections 3-5, security.md R45): POST /api/admin/photos/upload checks its fields
 * with them and the upload page checks the same before sending. Multipart fields arrive as text.
 */
import { fieldCheck, type FieldCheck } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';
import { PHOTO_RESOLUTIONS } from '../constants.ts';

export const PHOTO_TITLE_MAX = 200;
export const PHOTO_CAPTION_MAX = 2000;

/** The refusal of a published photo whose title is empty or only white space. */
export const PUBLISHED_PHOTO_TITLE = 'A published photo needs a title.';

/** True when a photo in this state may not be stored: published without a title (a draft may go without one). */
export const lacksPublishedTitle = (photo: { published: boolean; title: string }): boolean =>
  photo.published && photo.title.trim() === '';

/**
 * The upload's text fields; each optional (a missing title or caption is '', a missing published is a draft), but a
 * published photo needs a title.
 */
export const PhotoUploadFields = z
  .object({
    title: formText(PHOTO_TITLE_MAX).default(''),
    caption: formText(PHOTO_CAPTION_MAX, { multiline: true }).default(''),
    published: z
      .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
      .default('false')
      .transform((v) => v === 'true'),
  })
  .refine((photo) => !lacksPublishedTitle(photo), { path: ['title'], error: PUBLISHED_PHOTO_TITLE });
export type PhotoUploadValues = z.infer<typeof PhotoUploadFields>;

export type PhotoCheck = FieldCheck<PhotoUploadValues>;

/** The sent fields checked (unknown ones ignored), or the first bad field with its sentence. */
export function checkPhotoUpload(fields: Record<string, unknown>): PhotoCheck {
  return fieldCheck(PhotoUploadFields.safeParse(fields), 'photo');
}

/** Smallest shorter side of each resolution bucket (constants PHOTO_RESOLUTIONS), largest first. */
const RESOLUTION_FLOORS: readonly (readonly [number, (typeof PHOTO_RESOLUTIONS)[number]])[] = [
  [4320, '8K'],
  [2160, '4K'],
  [1440, '2K'],
  [1080, 'Full HD 1080p'],
  [720, 'HD 720p'],
];

/** The resolution label of a picture: its shorter side decides; under 720 px none (''). */
export function photoResolution(width: number, height: number): string {
  const side = Math.min(width, height);
  return RESOLUTION_FLOORS.find(([floor]) => side >= floor)?.[1] ?? '';
}
