/**
 * Request bodies of /api/auth; field names are the spec's (site-spec section 7). Every refusal is a sentence a visitor
 * can read as it stands ('Email is required'); the field at fault travels apart, in the answer's `field`.
 */
import { z } from 'zod';
import { PASSWORD_MAX } from '../../../shared/password-policy.ts';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), `${label} must not contain control characters`);

/** Email shape; CR/LF and other control characters are refused before any mail is built (R16). */
const email = text('Email', 254).pipe(z.email('Please enter a valid email address'));
/** Generous cap so huge strings never reach the KDF; the policy itself counts code points. */
const password = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(PASSWORD_MAX * 4, `${label} must be at most ${PASSWORD_MAX} characters`);
/** An email address or a username in one field. */
const identifier = text('Username or email', 254);

export const RegisterBody = z.object({
  first_name: text('First name', 100),
  last_name: text('Last name', 100),
  email,
  username: text('Username', 100),
  password: password('Password'),
  // Accepted and ignored: every registration is a customer (R36).
  role: z.unknown().optional(),
});

/** `username` holds a username or an email; `email` is accepted as an alias. */
export const LoginBody = z
  .object({ username: identifier.optional(), email: identifier.optional(), password: password('Password') })
  .refine((b) => b.username !== undefined || b.email !== undefined, { message: 'Username or email is required', path: ['username'] });

export const RequestOtpBody = z.object({ email: identifier });

export const VerifyOtpBody = z.object({
  email: identifier,
  otp: z.string({ error: 'The code is required' }).trim().regex(/^\d{6}$/, 'The code must be the 6 digits we emailed'),
});

export const ResetPasswordBody = z.object({
  token: z
    .string({ error: 'This reset link is incomplete; open the link from the email again' })
    .trim()
    .min(1, 'This reset link is incomplete; open the link from the email again')
    .max(200, 'This reset link is invalid or has expired'),
  newPassword: password('New password'),
});

export const ChangePasswordBody = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(1024, 'Current password is too long'),
  newPassword: password('New password'),
});
