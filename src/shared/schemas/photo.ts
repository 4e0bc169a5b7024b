/**
 * The photo upload's text rules (spec sections 3-5, security.md R45): POST /api/admin/photos/upload checks its fields
 * with them and the upload page checks the same before sending. Multipart fields arrive as text.
 */
import { z } from './zod.ts';
import { PHOTO_RESOLUTIONS } from '../constants.ts';

export const PHOTO_TITLE_MAX = 200;
export const PHOTO_CAPTION_MAX = 2000;

// Line breaks are fine in a caption; other control characters never are (the company text rule).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f]/;

const text = (max: number, { multiline = false } = {}) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => v.isWellFormed() && !(multiline ? CONTROL : CONTROL_OR_BREAK).test(v), 'must not contain control characters')
    // A form sends line breaks as CRLF; they are stored as '\n' whatever the sender.
    .transform((v) => (multiline ? v.replace(/\r\n?/g, '\n') : v));

/** The upload's text fields; each optional (a missing title or caption is '', a missing published is a draft). */
export const PhotoUploadFields = z.object({
  title: text(PHOTO_TITLE_MAX).default(''),
  caption: text(PHOTO_CAPTION_MAX, { multiline: true }).default(''),
  published: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('false').transform((v) => v === 'true'),
});
export type PhotoUploadValues = z.infer<typeof PhotoUploadFields>;

export type PhotoCheck = { ok: true; value: PhotoUploadValues } | { ok: false; field: string; message: string };

/** The sent fields checked (unknown ones ignored), or the first bad field with '<field>: <rule>'. */
export function checkPhotoUpload(fields: Record<string, unknown>): PhotoCheck {
  const parsed = PhotoUploadFields.safeParse(fields);
  if (parsed.success) return { ok: true, value: parsed.data };
  const field = String(parsed.error.issues[0]?.path[0] ?? 'photo');
  return { ok: false, field, message: `${field}: ${parsed.error.issues[0]?.message ?? 'is invalid'}` };
}

/** Smallest shorter side of each resolution bucket (constants PHOTO_RESOLUTIONS), largest first. */
const RESOLUTION_FLOORS: ReadonlyArray<readonly [number, (typeof PHOTO_RESOLUTIONS)[number]]> = [
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
