/**
 * Request bodies of /api/auth; field names are the spec's (site-spec section 7). Every refusal is a sentence a visitor
 * can read as it stands ('Email is required'); the field at fault travels apart, in the answer's `field`.
 */
import { z } from 'zod';
import { accountEmail, accountPassword as password, accountText as text } from '../../../shared/schemas/account.ts';

/** Email shape; CR/LF and other control characters are refused before any mail is built (R16). */
const email = accountEmail();
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
  .refine((b) => b.username !== undefined || b.email !== undefined, {
    error: 'Username or email is required',
    path: ['username'],
  });

export const RequestOtpBody = z.object({ email: identifier });

export const VerifyOtpBody = z.object({
  email: identifier,
  otp: z
    .string({ error: 'The code is required' })
    .trim()
    .regex(/^\d{6}$/, 'The code must be the 6 digits we emailed'),
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
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1024, 'Current password is too long'),
  newPassword: password('New password'),
});
