/** Event registrations: the body of a sign-up, of a cancel link's POST, and the capacity an admin sets. */
import { REGISTRATION_EMAIL_MAX, REGISTRATION_NAME_MAX, SEATS_MAX } from '../events.ts';
import { hasControlCharacters } from './control-characters.ts';
import { wholeNumber } from './content-admin.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

export const EMAIL_INVALID = 'Enter a valid email address.';
export const NAME_INVALID = `Enter your name (at most ${REGISTRATION_NAME_MAX} characters).`;
export const SEATS_INVALID = `Choose from 1 to ${SEATS_MAX} seats.`;

/** POST /api/events/{id or slug}/registrations. */
export const RegistrationFields = z.object({
  name: formText(REGISTRATION_NAME_MAX).refine((v) => v.length > 0, 'is required'),
  email: z
    .string({ error: EMAIL_INVALID })
    .trim()
    .max(REGISTRATION_EMAIL_MAX, EMAIL_INVALID)
    .refine((v) => !hasControlCharacters(v), EMAIL_INVALID)
    .pipe(z.email(EMAIL_INVALID))
    .transform((v) => v.toLowerCase()),
  seats: wholeNumber(1, SEATS_MAX).default(1),
});
export type RegistrationValues = z.output<typeof RegistrationFields>;

/** The refusal texts, per field, that the form shows under its control. */
export const REGISTRATION_MESSAGES = { name: NAME_INVALID, email: EMAIL_INVALID, seats: SEATS_INVALID } as const;

/** POST /api/events/registrations/cancel: the token from the mailed link (32 random bytes, base64url). */
export const CancelToken = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
