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

/** The upload's text fields; each optional (a missing title or caption is '', a missing published is a draft). */
export const PhotoUploadFields = z.object({
  title: formText(PHOTO_TITLE_MAX).default(''),
  caption: formText(PHOTO_CAPTION_MAX, { multiline: true }).default(''),
  published: z
    .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
    .default('false')
    .transform((v) => v === 'true'),
});
export type PhotoUploadValues = z.infer<typeof PhotoUploadFields>;

export type PhotoCheck = FieldCheck<PhotoUploadValues>;

/** The sent fields checked (unknown ones ignored), or the first bad field with '<field>: <rule>'. */
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
