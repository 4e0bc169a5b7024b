/** Two-factor sign-in: the bodies of /api/auth/two-factor* and /api/account/two-factor* (the shared rules and answers are in ../two-factor.ts). */
import { isRecoveryShape, isTotpShape, normaliseSecondFactor, TWO_FACTOR_TEXTS } from '../two-factor.ts';
import { z } from './zod.ts';

/** A code from the authenticator or a recovery code, normalised; anything else is refused with one sentence. */
const secondFactor = z
  .string({ error: TWO_FACTOR_TEXTS.codeRequired })
  .max(64, TWO_FACTOR_TEXTS.codeShape)
  .transform(normaliseSecondFactor)
  .refine((v) => v.length > 0, TWO_FACTOR_TEXTS.codeRequired)
  .refine((v) => isTotpShape(v) || isRecoveryShape(v), TWO_FACTOR_TEXTS.codeShape);

/** The six digits only (confirming a new authenticator). */
const totpCode = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .transform(normaliseSecondFactor)
  .refine(isTotpShape, 'Enter the 6-digit code from your authenticator app');

const challenge = z
  .string({ error: TWO_FACTOR_TEXTS.challengeGone })
  .regex(/^[A-Za-z0-9_-]{43}$/, TWO_FACTOR_TEXTS.challengeGone);

/** POST /api/auth/two-factor: the challenge a sign-in answered and the second factor. */
export const TwoFactorSignInBody = z.object({ challenge, code: secondFactor });
/** POST /api/auth/two-factor/setup: an 'enrol' challenge asks for a new secret. */
export const TwoFactorChallengeBody = z.object({ challenge });
/** POST /api/account/two-factor/confirm: the first code of the new authenticator. */
export const TwoFactorConfirmBody = z.object({ code: totpCode });
/** DELETE /api/account/two-factor and POST /api/account/two-factor/recovery-codes: the password or a current code. */
export const TwoFactorProofBody = z
  .object({ password: z.string().max(1024).optional(), code: secondFactor.optional() })
  .refine((b) => (b.password !== undefined && b.password !== '') || b.code !== undefined, {
    error: TWO_FACTOR_TEXTS.needsProof,
    path: ['password'],
  });
