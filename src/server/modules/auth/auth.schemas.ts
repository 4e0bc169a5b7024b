/** Request bodies of /api/auth; field names are the spec's (site-spec section 7). */
import { z } from 'zod';
import { PASSWORD_MAX } from '../../../shared/password-policy.ts';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const required = { error: 'is required' };

const text = (max: number) =>
  z
    .string(required)
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), 'must not contain control characters');

/** Email shape; CR/LF and other control characters are refused before any mail is built (R16). */
const email = text(254).pipe(z.email('must be a valid email address'));
/** Generous cap so huge strings never reach the KDF; the policy itself counts code points. */
const password = z.string(required).min(1, 'is required').max(PASSWORD_MAX * 4, `must be at most ${PASSWORD_MAX} characters`);
/** An email address or a username in one field. */
const identifier = text(254);

export const RegisterBody = z.object({
  first_name: text(100),
  last_name: text(100),
  email,
  username: text(100),
  password,
  // Accepted and ignored: every registration is a customer (R36).
  role: z.unknown().optional(),
});

/** `username` holds a username or an email; `email` is accepted as an alias. */
export const LoginBody = z
  .object({ username: identifier.optional(), email: identifier.optional(), password })
  .refine((b) => b.username !== undefined || b.email !== undefined, { message: 'is required', path: ['username'] });

export const RequestOtpBody = z.object({ email: identifier });

export const VerifyOtpBody = z.object({
  email: identifier,
  otp: z.string(required).trim().regex(/^\d{6}$/, 'must be the 6-digit code'),
});

export const ResetPasswordBody = z.object({
  token: z.string(required).trim().min(1, 'is required').max(200, 'is not a valid reset link'),
  newPassword: password,
});

export const ChangePasswordBody = z.object({
  currentPassword: z.string(required).min(1, 'is required').max(1024, 'is too long'),
  newPassword: password,
});
