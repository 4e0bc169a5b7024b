/**
 * The account's input rules (/settings), shared by the server and the Settings screen. The field
 * rules of registration live here too (auth.schemas.ts builds RegisterBody from them), so a profile edit and a
 * registration refuse the same names with the same sentences. Every refusal is a sentence a visitor can read as it
 * stands; the field at fault travels apart, in the answer's `field`.
 */
import { NAME_MAX } from '../account.ts';
import { PASSWORD_MAX } from '../password-policy.ts';
import { hasControlCharacters } from './control-characters.ts';
import { z } from './zod.ts';

/** A required one-line text of at most `max` characters, trimmed, without control characters ('First name is required'). */
export const accountText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !hasControlCharacters(v), `${label} must not contain control characters`);

/** Email shape; CR/LF and other control characters are refused before any mail is built (R16). */
export const accountEmail = (label = 'Email') =>
  accountText(label, 254).pipe(z.email('Please enter a valid email address'));

/** Generous cap so huge strings never reach the KDF; the policy itself counts code points. */
export const accountPassword = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(PASSWORD_MAX * 4, `${label} must be at most ${PASSWORD_MAX} characters`);

/** The names a person goes by: the same three fields and rules as registration (the username's shape is checked by the server's identifiers rules). */
export const ProfileBody = z.object({
  first_name: accountText('First name', NAME_MAX),
  last_name: accountText('Last name', NAME_MAX),
  username: accountText('Username', NAME_MAX),
});
export type ProfileInput = z.infer<typeof ProfileBody>;

/** POST /api/account/email: the new address, and the password when the account has one (checked by the server). */
export const EmailChangeBody = z.object({
  newEmail: accountEmail('New email'),
  password: accountPassword('Password').optional(),
});

/** POST /api/account/email/confirm: the six digits mailed to the new address. */
export const EmailConfirmBody = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code from the email' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
});

/** The word an account without a password types to confirm its deletion. */
export const DELETE_CONFIRM_WORD = 'DELETE';

/** DELETE /api/account: the password, or for an account without one (Google only) `confirm: 'DELETE'`. */
export const DeleteAccountBody = z.object({
  password: accountPassword('Password').optional(),
  confirm: z.string().max(20).optional(),
});
